import { SUBJECTS, type TRequestContext, VOTE_DIRTY_SUBJECT } from '@gavel/contracts';
import { prefixed } from '@gavel/service-kit';
import { eventually } from '@gavel/test-kit';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningRealtime } from '../src/start.js';
import { news, type RealtimeTestBed, realtimeTestBed, type TestClient, VOTE_JOIN } from './support.js';

let bed: RealtimeTestBed;
let instance: RunningRealtime;
let monitor: Redis;
const CHANNEL = 'vote.ten-alpha-v1' as const;
/** Responses each vote received so far: the fake voting service's live tally. */
const responses = new Map<string, number>();
/**
 * How long each live request of a vote held off every instance's next one (the interval it claimed in the
 * shared Redis gate, as Redis was told), by vote id.
 */
const claims = new Map<string, number[]>();

beforeAll(async () => {
  bed = await realtimeTestBed();
  bed.fakes.on(SUBJECTS.voting.voteLive, (input: { vote_id: string }, ctx: TRequestContext) => ({
    tenantId: ctx.tenantId,
    channel: CHANNEL,
    kind: 'vote.updated',
    payload: { vote: { id: input.vote_id, respondents_count: responses.get(input.vote_id) ?? 0 } },
  }));
  await bed.fakes.nc.flush(); // the fake answers before the instance asks
  const gate = `${bed.env.redisPrefix}realtime:tally:ten-alpha:`;
  monitor = await bed.redis.monitor();
  monitor.on('monitor', (_time: string, args: string[]) => {
    const [command, key] = args;
    if (command?.toLowerCase() !== 'set' || !key?.startsWith(gate)) return;
    const px = args.findIndex((a) => a.toLowerCase() === 'px');
    const voteId = key.slice(gate.length);
    claims.set(voteId, [...(claims.get(voteId) ?? []), Number(args[px + 1])]);
  });
  // A budget of one tally write per second: every socket on the vote adds a second to its interval.
  instance = await bed.start({
    extra: { TALLY_INTERVAL_MS: '1000', TALLY_WRITES_PER_SECOND: '1', TALLY_MAX_INTERVAL_MS: '2500' },
  });
});

afterAll(async () => {
  monitor?.disconnect();
  await bed?.close();
});

const joined = (userId: string) => bed.joined(instance, userId, VOTE_JOIN, CHANNEL);

/** The respondent counts of the tallies `watcher` got for a vote, in order. */
function talliesOf(watcher: TestClient, voteId: string): number[] {
  return news(watcher)
    .map((m) => (m.payload as { vote?: { id: string; respondents_count: number } }).vote)
    .filter((vote) => vote?.id === voteId)
    .map((vote) => vote?.respondents_count ?? -1);
}

/**
 * A fresh vote gets one response, then (once its tally is out, so within the interval that tally opened)
 * `more` responses together. Answers the tallies `watcher` got, the live requests the instance made
 * meanwhile and the intervals the vote's requests claimed.
 */
async function respond(voteId: string, watcher: TestClient, more: number) {
  const subject = prefixed(bed.env.prefix, VOTE_DIRTY_SUBJECT);
  const note = JSON.stringify({ tenantId: 'ten-alpha', vote_id: voteId, channel: CHANNEL });
  const response = () => {
    responses.set(voteId, (responses.get(voteId) ?? 0) + 1);
    bed.fakes.nc.publish(subject, note);
  };
  const before = instance.liveRequests;
  response();
  await eventually(async () => talliesOf(watcher, voteId).length === 1, 5_000);
  for (let i = 0; i < more; i++) response();
  await bed.fakes.nc.flush();
  // The last state always follows, however long the interval.
  await eventually(async () => talliesOf(watcher, voteId).at(-1) === 1 + more, 10_000);
  // Each request claims its interval before it is made (the monitor may tell it a little later).
  const requests = instance.liveRequests - before;
  await eventually(async () => (claims.get(voteId)?.length ?? 0) >= requests, 5_000).catch(() => undefined);
  return {
    tallies: talliesOf(watcher, voteId),
    requests,
    intervals: [...new Set(claims.get(voteId))],
  };
}

describe('tally interval by audience', () => {
  it('stretches the interval with the sockets watching the vote, up to the maximum, folding the responses of an interval into one tally', async () => {
    const member = await joined('u-member');
    await joined('u-runner');
    // Two sockets at one write a second: 2 s instead of the 1 s minimum.
    expect(await respond('v1', member, 4)).toEqual({ tallies: [1, 5], requests: 2, intervals: [2_000] });

    // Three sockets would want 3 s: capped at 2.5 s.
    await joined('u-staff');
    expect(await respond('v2', member, 4)).toEqual({ tallies: [1, 5], requests: 2, intervals: [2_500] });
    // The first vote, quiet since, was told nothing more: its last tally already had every response.
    expect(talliesOf(member, 'v1')).toEqual([1, 5]);
  });
});
