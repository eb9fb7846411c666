/**
 * The hall opens its meeting page: the attendance list of a committee of N members, loaded by the
 * delegates through the gateway. Three phases, each `--loads` loads with `--concurrency` in flight:
 *   open     every delegate loads the list for the first time (no copy held);
 *   poll     they revalidate the copy they hold (If-None-Match) while nothing changes, as the page's
 *            polling does while realtime is down;
 *   changing the same, while a staff desk checks members out and in again as fast as it can.
 * Then the chair ends the meeting with the hall still checked in: every member is checked out at once.
 * Runs against a running stack (`npm run up`) on 127.0.0.1.
 *
 *   npm run bench:attendance -- --members 10000 --json bench-attendance.json
 */
import { parseArgs } from 'node:util';
import { SUBJECTS } from '@gavel/contracts';
import { z } from 'zod';
import { gatewayAgent, throughGateway } from './cast.js';
import { BENCH_HOST, type Delegate, prepareElectorate } from './electorate.js';
import { openMeeting } from './meeting.js';
import { cpuMsPer, cpuSecondsByProcess } from './memory.js';
import { log, runBench, STACK_URLS, writeReport } from './run.js';
import { percentile, pool, round } from './stats.js';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '2000' },
    loads: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '16' },
    json: { type: 'string' },
    gateway: { type: 'string', default: 'http://127.0.0.1:8080' },
  },
});

const members = Number(args.members);
const loads = Number(args.loads);
const concurrency = Number(args.concurrency);
for (const [name, value, min] of [
  ['--members', members, 2],
  ['--loads', loads, 1],
  ['--concurrency', concurrency, 1],
] as const) {
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be a whole number of at least ${min}`);
}

interface PhaseReport {
  loadsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers by status: 200 with the list, 304 when the held copy is still current, else failures. */
  statuses: Record<string, number>;
  kbPerLoad: number;
  cpuMsPerLoad: Record<string, number>;
}

async function main() {
  log(`preparing ${members} members`);
  const e = await prepareElectorate(STACK_URLS, members);
  try {
    const { meetingCode } = await openMeeting(e);
    const path = `/api/meeting/${e.committeeCode}/${meetingCode}/retrieve/attendance`;
    const agent = gatewayAgent(new URL(String(args.gateway)), concurrency);
    // Delegates other than the chair (a runner, whose list carries voting statuses), in turn.
    const viewers = e.delegates.slice(1);
    const held = new Map<Delegate, string>();

    const phase = async (name: string, revalidate: boolean): Promise<PhaseReport> => {
      log(`${name}: ${loads} loads of the ${members}-member list, ${concurrency} in flight`);
      const latencies: number[] = [];
      const statuses: Record<string, number> = {};
      let bytes = 0;
      let failure = '';
      const cpuBefore = cpuSecondsByProcess();
      const started = performance.now();
      await pool(
        Array.from({ length: loads }, (_, i) => viewers[i % viewers.length] as Delegate),
        concurrency,
        async (d) => {
          const answer = await throughGateway({
            agent,
            host: BENCH_HOST,
            method: 'GET',
            path,
            session: d.session,
            gzip: true,
            ifNoneMatch: revalidate ? held.get(d) : undefined,
          });
          if (answer.status !== 200 && answer.status !== 304 && !failure)
            failure = `${answer.status} ${answer.body.slice(0, 200)}`;
          if (answer.etag) held.set(d, answer.etag);
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
          latencies.push(answer.latencyMs);
          bytes += answer.bytes;
        },
      );
      const seconds = (performance.now() - started) / 1000;
      if (failure) log(`${name}: some loads failed, the first with ${failure}`);
      return {
        loadsPerSecond: round(loads / seconds),
        p50Ms: round(percentile(latencies, 50)),
        p99Ms: round(percentile(latencies, 99)),
        statuses,
        kbPerLoad: round(bytes / loads / 1024),
        cpuMsPerLoad: cpuMsPer(cpuBefore, cpuSecondsByProcess(), loads),
      };
    };

    const open = await phase('open', false);
    const poll = await phase('poll', true);

    // A staff desk at work: members checked out and in again, one at a time, until the loads are done.
    let changes = 0;
    let refusedChanges = 0;
    let busy = true;
    const desk = (async () => {
      for (let i = 1; busy; i = (i % (e.delegates.length - 1)) + 1) {
        const member = e.delegates[i] as Delegate;
        for (const attending of [false, true]) {
          const input = { committeeCode: e.committeeCode, meetingCode, id: member.userId, attending };
          try {
            await e.call(
              SUBJECTS.meetings.attendanceSet,
              { ...input, attending_via: 'in_person' },
              z.unknown(),
            );
            changes++;
          } catch {
            refusedChanges++; // the service was too busy: the desk tries the next one
          }
        }
      }
    })();
    const deskStart = performance.now();
    const changing = await phase('changing', true);
    busy = false;
    await desk;
    const changesPerSecond = round(changes / ((performance.now() - deskStart) / 1000));
    agent.close();

    log(`end: the chair ends the meeting with the hall checked in`);
    const endStart = performance.now();
    let endFailure: string | null = null;
    try {
      await e.call(
        SUBJECTS.meetings.meetingEnd,
        { committeeCode: e.committeeCode, meetingCode },
        z.unknown(),
      );
    } catch (err) {
      endFailure = (err as Error).message;
    }
    const end = { endMeetingMs: round(performance.now() - endStart), endFailure };

    const report = {
      members,
      loads,
      concurrency,
      open,
      poll,
      changing: { ...changing, changesPerSecond, refusedChanges },
      end,
    };
    console.table(
      Object.fromEntries(
        Object.entries({ open, poll, changing: report.changing }).map(([name, p]) => [
          name,
          {
            ...p,
            statuses: JSON.stringify(p.statuses),
            cpuMsPerLoad: JSON.stringify(p.cpuMsPerLoad),
          },
        ]),
      ),
    );
    console.table({ end });
    writeReport(args.json, report);
  } finally {
    await e.close();
  }
}

runBench(main);
