/**
 * A delegate opens the meeting page of a hall in a real browser (Debian's chromium): the meeting of a
 * committee of N members, all checked in. On a desktop, then on a 360 px phone with its CPU slowed 4x.
 * Reports the time until the meeting's name and the members list show, the main thread's long tasks (the
 * page answers no tap while one runs) on opening and while a staff desk checks members out and in, and how
 * busy the main thread is while nothing changes (the page's clocks tick each second).
 * Runs against a running stack (`npm run up`) on 127.0.0.1.
 *
 *   npm run bench:page -- --members 10000 --json bench-page.json
 */
import { parseArgs } from 'node:util';
import { SUBJECTS } from '@gavel/contracts';
import { SESSION_COOKIE } from '@gavel/service-kit';
import { type CDPSession, chromium, type Page } from '@playwright/test';
import { z } from 'zod';
import { BENCH_HOST, type Delegate, prepareElectorate } from './electorate.js';
import { openMeeting } from './meeting.js';
import { log, runBench, STACK_URLS, writeReport } from './run.js';
import { round } from './stats.js';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '2000' },
    changes: { type: 'string', default: '10' },
    json: { type: 'string' },
    gateway: { type: 'string', default: 'http://127.0.0.1:8080' },
  },
});
const members = Number(args.members);
const changes = Number(args.changes);
if (!Number.isInteger(members) || members < 2)
  throw new Error('--members must be a whole number of at least 2');
if (!Number.isInteger(changes) || changes < 0) throw new Error('--changes must be a whole number');

const IDLE_SECONDS = 5;

const DEVICES = {
  desktop: { viewport: { width: 1280, height: 800 }, cpuSlowdown: 1 },
  phone: { viewport: { width: 360, height: 740 }, cpuSlowdown: 4 },
} as const;

/** Long tasks (over 50 ms) of the page's main thread, from its first script on. */
function watchLongTasks(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
}

/** The long tasks so far, emptied for the next phase. */
async function takeLongTasks(page: Page) {
  const tasks = await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[] };
    return w.__longTasks.splice(0);
  });
  return {
    longTasks: tasks.length,
    longestTaskMs: round(Math.max(0, ...tasks)),
    blockedMs: round(tasks.reduce((a, b) => a + b, 0)),
  };
}

/** The main thread's busy time so far (Chrome's TaskDuration), in ms. */
async function busyMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
}

async function main() {
  log(`preparing ${members} members`);
  const e = await prepareElectorate(STACK_URLS, members);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    // The bench association's host, answered by the gateway on 127.0.0.1.
    args: [`--host-resolver-rules=MAP ${BENCH_HOST} 127.0.0.1`],
  });
  try {
    const { meetingCode } = await openMeeting(e);
    const gateway = new URL(String(args.gateway));
    const url = `http://${BENCH_HOST}:${gateway.port}/meeting/${e.committeeCode}/${meetingCode}`;
    const viewer = e.delegates[1] as Delegate;
    const report: Record<string, unknown> = { members };
    for (const [device, { viewport, cpuSlowdown }] of Object.entries(DEVICES)) {
      log(`${device}: opening the page (CPU ${cpuSlowdown}x slower)`);
      const context = await browser.newContext({ viewport });
      await context.addCookies([
        { name: SESSION_COOKIE, value: viewer.session, domain: BENCH_HOST, path: '/' },
      ]);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
      await cdp.send('Performance.enable');
      await watchLongTasks(page);
      const started = performance.now();
      await page.goto(url);
      await page
        .getByRole('heading', { name: /Convention burst/ })
        .first()
        .waitFor({ timeout: 120_000 });
      const headerMs = round(performance.now() - started);
      await page.getByRole('list', { name: 'Members' }).waitFor({ timeout: 120_000 });
      const membersListMs = round(performance.now() - started);
      const rows = await page.getByRole('list', { name: 'Members' }).locator(':scope > li').count();
      const opening = await takeLongTasks(page);

      // Nothing changes for a while: what the page costs just being open.
      await page.waitForTimeout(2000);
      const idleFrom = await busyMs(cdp);
      await page.waitForTimeout(IDLE_SECONDS * 1000);
      const idleBusyMsPerSecond = round(((await busyMs(cdp)) - idleFrom) / IDLE_SECONDS);
      await takeLongTasks(page);

      // A staff desk at work: members checked out and in again; each change reaches the page live.
      for (let i = 0; i < changes; i++) {
        const member = e.delegates[2 + (i % (e.delegates.length - 2))] as Delegate;
        for (const attending of [false, true]) {
          await e.call(
            SUBJECTS.meetings.attendanceSet,
            {
              committeeCode: e.committeeCode,
              meetingCode,
              id: member.userId,
              attending,
              attending_via: 'in_person',
            },
            z.unknown(),
          );
        }
      }
      await page.waitForTimeout(3000);
      const live = await takeLongTasks(page);
      report[device] = {
        cpuSlowdown,
        headerMs,
        membersListMs,
        rowsRendered: rows,
        opening,
        idleBusyMsPerSecond,
        whileChanging: live,
      };
      await context.close();
    }
    console.table(
      Object.fromEntries(
        Object.keys(DEVICES).map((d) => {
          const r = report[d] as Record<string, unknown>;
          return [
            d,
            { ...r, opening: JSON.stringify(r.opening), whileChanging: JSON.stringify(r.whileChanging) },
          ];
        }),
      ),
    );
    writeReport(args.json, report);
  } finally {
    await browser.close();
    await e.close();
  }
}

runBench(main);
