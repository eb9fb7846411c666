/**
 * The convention burst: N delegates, checked in, each with a socket on the meeting channel (spread over
 * the realtime instances), cast one response at once through the gateway; then the vote closes and every
 * socket waits for the result. Runs against a running stack (`npm run up`) on 127.0.0.1.
 *
 *   npm run bench:vote -- --delegates 10000 --json bench-vote.json
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { SUBJECTS, ZMotionReply, ZVoteReply } from '@gavel/contracts';
import pg from 'pg';
import { baselineInsertsPerSecond } from './baseline.js';
import { gatewayAgent, throughGateway } from './cast.js';
import { BENCH_HOST, prepareElectorate } from './electorate.js';
import { openMeeting, settle } from './meeting.js';
import { cpuMsPer, cpuSecondsByProcess, peakMemoryByProcess } from './memory.js';
import { startNeighbour } from './neighbour.js';
import { log, runBench, STACK_URLS, writeReport } from './run.js';
import { eventsSettled } from './settled.js';
import { absoluteNow, connectListeners } from './sockets.js';
import { percentile, pool, round } from './stats.js';

const { values: args } = parseArgs({
  options: {
    delegates: { type: 'string', default: '2000' },
    json: { type: 'string' },
    concurrency: { type: 'string', default: '256' },
    gateway: { type: 'string', default: 'http://127.0.0.1:8080' },
    realtime: { type: 'string', default: 'http://127.0.0.1:8090,http://127.0.0.1:8091' },
    'listener-threads': { type: 'string', default: '2' },
  },
});

const delegatesWanted = Number(args.delegates);
const concurrency = Number(args.concurrency);
const listenerThreads = Number(args['listener-threads']);
if (!Number.isInteger(delegatesWanted) || delegatesWanted < 2)
  throw new Error('--delegates must be a whole number of at least 2');
if (!Number.isInteger(concurrency) || concurrency < 1)
  throw new Error('--concurrency must be a whole number of at least 1');
if (!Number.isInteger(listenerThreads) || listenerThreads < 1)
  throw new Error('--listener-threads must be a whole number of at least 1');

async function main() {
  const started = performance.now();
  log(`preparing ${delegatesWanted} delegates`);
  const e = await prepareElectorate(STACK_URLS, delegatesWanted);
  const db = new pg.Pool({ connectionString: STACK_URLS.databaseUrl, max: 2 });
  try {
    const neighbour = await startNeighbour(new URL(String(args.gateway)));
    const { meetingCode, checkInsPerSecond } = await openMeeting(e);
    const scope = { committeeCode: e.committeeCode, meetingCode };
    const { motion } = await e.call(
      SUBJECTS.voting.motionCreate,
      { ...scope, name: 'That the convention adopts the budget', vote_type: 'simple_majority' },
      ZMotionReply,
    );

    log(`connecting ${e.delegates.length} sockets`);
    const listeners = await connectListeners({
      urls: String(args.realtime).split(','),
      host: BENCH_HOST,
      sessions: e.delegates.map((d) => d.session),
      join: { type: 'meeting', committee_code: e.committeeCode, meeting_code: meetingCode },
      threads: listenerThreads,
    });

    // Every delegate has the meeting page open before the vote, as in the hall: it loads the meeting once.
    log(`opening the meeting page for ${e.delegates.length} delegates`);
    const agent = gatewayAgent(new URL(String(args.gateway)), concurrency);
    const notOpened: string[] = [];
    const pagesStart = performance.now();
    await pool(e.delegates, concurrency, async (d) => {
      const page = await throughGateway({
        agent,
        host: BENCH_HOST,
        method: 'GET',
        path: `/api/meeting/${e.committeeCode}/${meetingCode}/retrieve/meeting`,
        session: d.session,
      });
      if (page.status !== 200) notOpened.push(`${page.status} ${page.body.slice(0, 120)}`);
    });
    const pageLoadsPerSecond = e.delegates.length / ((performance.now() - pagesStart) / 1000);
    const neighbourReport = await neighbour.stop();
    if (notOpened.length > 0) {
      const kinds = [...new Set(notOpened)].slice(0, 5).join('; ');
      throw new Error(`${notOpened.length} delegates could not open the meeting page: ${kinds}`);
    }

    // The page's attendance list holds every member: one load of it at this size, plain and gzipped.
    const loadAttendance = async (gzip: boolean) => {
      const list = await throughGateway({
        agent,
        host: BENCH_HOST,
        method: 'GET',
        path: `/api/meeting/${e.committeeCode}/${meetingCode}/retrieve/attendance`,
        session: e.delegates[0]?.session ?? '',
        gzip,
      });
      if (list.status !== 200) throw new Error(`the attendance list failed: ${list.status} ${list.body}`);
      return { ms: round(list.latencyMs), kb: round(list.bytes / 1024) };
    };
    const attendancePlain = await loadAttendance(false);
    const attendanceGzip = await loadAttendance(true);

    // Voting learns the check-ins from events: start once it counts a quorum present.
    await eventsSettled(e.nats, '', log);
    const start = await settle('start the vote', () =>
      e.call(
        SUBJECTS.voting.voteStart,
        { ...scope, id: motion.id, type: 'motion', duration: 900 },
        ZVoteReply,
      ),
    );
    const voteId = start.vote?.id ?? '';
    if (!voteId) throw new Error('the vote did not start');
    listeners.watch(voteId);

    log(`casting ${e.delegates.length} responses, ${concurrency} in flight`);
    const path = `/api/admin/committee/${e.committeeCode}/meeting/${meetingCode}/motion/${motion.id}/vote/${voteId}/response`;
    const outcomes: { membershipId: string; status: number; latencyMs: number }[] = [];
    const cpuBefore = cpuSecondsByProcess();
    const castStart = performance.now();
    await pool(e.delegates, concurrency, async (d) => {
      const answer = await throughGateway({
        agent,
        host: BENCH_HOST,
        method: 'POST',
        path,
        session: d.session,
        body: { vote: 'in_favor', idempotency_key: randomUUID() },
      });
      outcomes.push({ membershipId: d.membershipId, status: answer.status, latencyMs: answer.latencyMs });
    });
    const castSeconds = (performance.now() - castStart) / 1000;
    const cpuAfter = cpuSecondsByProcess();
    agent.close();

    const closeAt = absoluteNow();
    await e.call(SUBJECTS.voting.voteClose, { ...scope, id: motion.id, voteId }, ZVoteReply);
    const deadline = Date.now() + 30_000;
    let sawAt = await listeners.sawAt();
    while (Date.now() < deadline && sawAt.some((t) => t === null)) {
      await new Promise((r) => setTimeout(r, 100));
      sawAt = await listeners.sawAt();
    }
    // A client that never saw the result counts as infinitely late, so the percentiles cannot hide it.
    const fanout = sawAt.map((t) => (t === null ? Number.POSITIVE_INFINITY : t - closeAt));
    const missedResult = sawAt.filter((t) => t === null).length;
    await listeners.close();

    const rows = await db.query<{ member_id: string; n: string }>(
      'SELECT member_id, count(*) AS n FROM voting.responses WHERE vote_id = $1 GROUP BY member_id',
      [voteId],
    );
    const counted = new Map(rows.rows.map((r) => [r.member_id, Number(r.n)]));
    const acknowledged = outcomes.filter((o) => o.status === 200);
    const recorded = [...counted.values()].reduce((a, b) => a + b, 0);
    const lost = acknowledged.filter((o) => !counted.has(o.membershipId)).length;
    const duplicates = [...counted.values()].reduce((a, n) => a + Math.max(0, n - 1), 0);
    const failures = outcomes.filter((o) => o.status !== 200);
    const latencies = outcomes.map((o) => o.latencyMs);

    log('measuring the raw Postgres baseline at the same concurrency');
    const baseline = await baselineInsertsPerSecond(STACK_URLS.databaseUrl, e.delegates.length, concurrency);
    const votesPerSecond = acknowledged.length / castSeconds;

    const report = {
      delegates: e.delegates.length,
      recorded,
      lost,
      duplicates,
      votesPerSecond: round(votesPerSecond),
      castP50Ms: round(percentile(latencies, 50)),
      castP99Ms: round(percentile(latencies, 99)),
      resultFanoutP99Ms: round(percentile(fanout, 99)),
      resultFanoutMaxMs: round(Math.max(...fanout)),
      baselineInsertsPerSecond: round(baseline),
    };
    const extra = {
      castAttempts: outcomes.length,
      acknowledged: acknowledged.length,
      refused: failures.length,
      refusedStatuses: [...new Set(failures.map((f) => f.status))],
      castP95Ms: round(percentile(latencies, 95)),
      resultFanoutP50Ms: round(percentile(fanout, 50)),
      clientsWithoutResult: missedResult,
      votesPerSecondVsBaseline: round(votesPerSecond / baseline, 2),
      // The hall before the vote: check-ins (staff desks, 32 at once, straight to the meetings service)
      // and every delegate opening the meeting page through the gateway.
      checkInsPerSecond: round(checkInsPerSecond),
      pageLoadsPerSecond: round(pageLoadsPerSecond),
      // The demo association's attendance list, loaded every 100 ms while this hall checked in and opened
      // its page (absent when the demo data is not seeded).
      ...neighbourReport,
      attendanceListMs: attendancePlain.ms,
      attendanceListKb: attendancePlain.kb,
      attendanceListGzipMs: attendanceGzip.ms,
      attendanceListGzipKb: attendanceGzip.kb,
      peakMemoryMb: peakMemoryByProcess(),
      // Where the casting phase's CPU went, per vote: on a shared machine this bounds votes/s.
      castCpuMsPerVote: cpuMsPer(cpuBefore, cpuAfter, outcomes.length),
      totalSeconds: round((performance.now() - started) / 1000),
    };
    console.table({
      ...report,
      ...extra,
      peakMemoryMb: JSON.stringify(extra.peakMemoryMb),
      castCpuMsPerVote: JSON.stringify(extra.castCpuMsPerVote),
    });
    writeReport(args.json, report);
  } finally {
    await db.end();
    await e.close();
  }
}

runBench(main);
