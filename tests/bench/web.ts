/**
 * The hall opens the app: what a delegate's phone downloads to show the meeting page, and how many first
 * visits a gateway serves a second. Two parts:
 *   page weight  Debian's Chromium opens the sign-in page (no session) and a delegate's meeting page (a
 *                member's session) with an empty cache, and counts the script and style bytes on the wire;
 *   first visits `--visits` visitors, `--concurrency` at a time, each fetch the page and every file it
 *                names (its scripts, preloads and styles) with the Accept-Encoding Chromium sends, as a
 *                hall of phones does when the convention opens.
 * Runs against a running stack (`npm run up`) on 127.0.0.1.
 *
 *   npm run bench:web -- --visits 2000 --json bench-web.json
 */
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { gatewayAgent } from './cast.js';
import { BENCH_HOST, type Delegate, prepareElectorate } from './electorate.js';
import { openMeeting } from './meeting.js';
import { cpuMsPer, cpuSecondsByProcess } from './memory.js';
import { log, runBench, STACK_URLS, writeReport } from './run.js';
import { percentile, pool, round } from './stats.js';

const { values: args } = parseArgs({
  options: {
    visits: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '32' },
    json: { type: 'string' },
    gateway: { type: 'string', default: 'http://127.0.0.1:8080' },
  },
});

const visits = Number(args.visits);
const concurrency = Number(args.concurrency);
for (const [name, value] of [
  ['--visits', visits],
  ['--concurrency', concurrency],
] as const) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1`);
}
const gateway = new URL(String(args.gateway));
/** What Chromium sends over HTTPS (over plain http it leaves out br; Node 20 has no zstd). */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

interface PageWeight {
  /** Script and style bytes on the wire (compressed), in KB. */
  codeKb: number;
  /** Script and style files fetched. */
  files: number;
  /** The encodings the gateway answered them with, and how many. */
  encodings: Record<string, number>;
}

/** Opens `path` in a fresh browser context and weighs the scripts and styles it loaded. */
async function weigh(path: string, session: string | null): Promise<PageWeight> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${BENCH_HOST} 127.0.0.1`],
  });
  try {
    const context = await browser.newContext();
    const origin = `http://${BENCH_HOST}:${gateway.port || 80}`;
    if (session) await context.addCookies([{ name: 'gavel_session', value: session, url: origin }]);
    const page = await context.newPage();
    const weighed: Promise<{ bytes: number; encoding: string }>[] = [];
    page.on('requestfinished', (request) => {
      if (!['script', 'stylesheet'].includes(request.resourceType())) return;
      weighed.push(
        Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => ({
          bytes: sizes.responseBodySize,
          encoding: response?.headers()['content-encoding'] ?? 'identity',
        })),
      );
    });
    await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
    const files = await Promise.all(weighed);
    const encodings: Record<string, number> = {};
    for (const f of files) encodings[f.encoding] = (encodings[f.encoding] ?? 0) + 1;
    const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
    return { codeKb: round(bytes / 1024), files: files.length, encodings };
  } finally {
    await browser.close();
  }
}

/** The files the page names: module scripts, module preloads and style sheets. */
function filesNamedBy(html: string): string[] {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const paths = tags.flatMap((tag) => {
    const isFile = /^<script/.test(tag) || /rel="(modulepreload|stylesheet)"/.test(tag);
    const url = /(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    return isFile && url?.startsWith('/') ? [url] : [];
  });
  return [...new Set(paths)];
}

async function firstVisits() {
  const agent = gatewayAgent(gateway, concurrency);
  const get = (path: string) =>
    agent.request({
      method: 'GET',
      path,
      headers: { host: BENCH_HOST, accept: '*/*', 'accept-encoding': ACCEPT_ENCODING },
    });
  try {
    const page = await get('/login');
    if (page.status !== 200) throw new Error(`the page answered ${page.status}`);
    // The page itself may come compressed: ask once more without, to read the file names.
    const plain = await agent.request({ method: 'GET', path: '/login', headers: { host: BENCH_HOST } });
    const files = filesNamedBy(plain.body.toString('utf8'));
    log(
      `first visits: ${visits} visitors fetch the page and its ${files.length} files, ${concurrency} at a time`,
    );
    const latencies: number[] = [];
    let bytes = 0;
    let failure = '';
    const cpuBefore = cpuSecondsByProcess();
    const started = performance.now();
    await pool(
      Array.from({ length: visits }, (_, i) => i),
      concurrency,
      async () => {
        const visitStart = performance.now();
        for (const path of ['/login', ...files]) {
          const answer = await get(path).catch((err: Error) => ({
            status: 0,
            body: Buffer.from(err.message),
          }));
          if (answer.status !== 200 && !failure) failure = `${path}: ${answer.status}`;
          bytes += answer.body.length;
        }
        latencies.push(performance.now() - visitStart);
      },
    );
    const seconds = (performance.now() - started) / 1000;
    if (failure) log(`some fetches failed, the first ${failure}`);
    return {
      files: files.length,
      visitsPerSecond: round(visits / seconds),
      visitP50Ms: round(percentile(latencies, 50)),
      visitP99Ms: round(percentile(latencies, 99)),
      kbPerVisit: round(bytes / visits / 1024),
      cpuMsPerVisit: cpuMsPer(cpuBefore, cpuSecondsByProcess(), visits),
    };
  } finally {
    agent.close();
  }
}

async function main() {
  log('preparing a committee of two and its meeting');
  const e = await prepareElectorate(STACK_URLS, 2);
  try {
    const { meetingCode } = await openMeeting(e);
    const member = e.delegates[1] as Delegate;
    const signIn = await weigh('/login', null);
    const meetingPage = await weigh(`/meeting/${e.committeeCode}/${meetingCode}`, member.session);
    const visitsReport = await firstVisits();
    const report = { pageWeight: { signIn, meetingPage }, firstVisits: visitsReport };
    console.table({
      'sign-in page': { ...signIn, encodings: JSON.stringify(signIn.encodings) },
      'meeting page (member)': { ...meetingPage, encodings: JSON.stringify(meetingPage.encodings) },
    });
    console.table({
      'first visits': { ...visitsReport, cpuMsPerVisit: JSON.stringify(visitsReport.cpuMsPerVisit) },
    });
    writeReport(args.json, report);
  } finally {
    await e.close();
  }
}

runBench(main);
