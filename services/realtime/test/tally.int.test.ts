import { SUBJECTS, type TRequestContext, VOTE_DIRTY_SUBJECT } from '@gavel/contracts';
import { prefixed } from '@gavel/service-kit';
import { eventually } from '@gavel/test-kit';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningRealtime } from '../src/start.js';
import { news, type RealtimeTestBed, realtimeTestBed, type TestClient, VOTE_JOIN } from './support.js';

let bed: RealtimeTestBed;
let a: RunningRealtime;
let b: RunningRealtime;
let monitor: Redis;
const CHANNEL = 'vote.ten-alpha-v1' as const;

/** Responses each vote received so far: the fake voting service's live tally. */
const responses = new Map<string, number>();

/** A command an instance (or the test) sent to the shared Redis gate about a vote, as Redis was told. */
interface GateCommand {
  /** 'set' claims the vote's interval (for `ms`); 'pttl' asks how long it stays taken. */
  command: 'set' | 'pttl' | 'del';
  voteId: string;
  /** The Redis connection that sent it: one per instance, another for the test. */
  source: string;
  ms?: number;
}
/** Every command of the gate, in the order Redis received them. */
const gate: GateCommand[] = [];
/** The claims of a vote's interval the instances made (the test's own hold has no expiry). */
const claimsOf = (voteId: string) =>
  gate.filter((c) => c.voteId === voteId && c.command === 'set' && c.ms !== undefined);
let gatePrefix: string;

beforeAll(async () => {
  bed = await realtimeTestBed();
  bed.fakes.on(SUBJECTS.voting.voteLive, (input: { vote_id: string }, ctx: TRequestContext) => {
    const respondents_count = responses.get(input.vote_id) ?? 0;
    return {
      tenantId: ctx.tenantId,
      channel: CHANNEL,
      kind: 'vote.updated',
      payload: { vote: { id: input.vote_id, respondents_count } },
      runner_payload: { vote: { id: input.vote_id, respondents_count, outcome: [] } },
    };
  });
  await bed.fakes.nc.flush(); // the fake answers before an instance asks
  gatePrefix = `${bed.env.redisPrefix}realtime:tally:ten-alpha:`;
  monitor = await bed.redis.monitor();
  monitor.on('monitor', (_time: string, args: string[], source: string) => {
    const [name, key] = args;
    const command = name?.toLowerCase();
    if (!key?.startsWith(gatePrefix) || (command !== 'set' && command !== 'pttl' && command !== 'del'))
      return;
    const px = args.findIndex((arg) => arg.toLowerCase() === 'px');
    const ms = px < 0 ? undefined : Number(args[px + 1]);
    gate.push({ command, voteId: key.slice(gatePrefix.length), source, ms });
  });
  // Two instances at the default TALLY_INTERVAL_MS (1 s): they share the queue group and the Redis gate.
  a = await bed.start();
  b = await bed.start();
});

afterAll(async () => {
  monitor?.disconnect();
  await bed?.close();
});

const joined = (instance: RunningRealtime, userId: string) =>
  bed.joined(instance, userId, VOTE_JOIN, CHANNEL);

/** A dirty note for a vote, as the voting service sends after a response (the fake's tally stays put). */
function note(voteId: string): void {
  bed.fakes.nc.publish(
    prefixed(bed.env.prefix, VOTE_DIRTY_SUBJECT),
    JSON.stringify({ tenantId: 'ten-alpha', vote_id: voteId, channel: CHANNEL }),
  );
}

/** A response to a vote: the fake's tally grows by one, and the voting service says so. */
function respond(voteId: string): void {
  responses.set(voteId, (responses.get(voteId) ?? 0) + 1);
  note(voteId);
}

/** The live requests made for a vote, by either instance. */
const liveRequestsFor = (voteId: string) =>
  bed.fakes
    .callsTo(SUBJECTS.voting.voteLive)
    .filter((call) => (call.input as { vote_id: string }).vote_id === voteId);

/** The respondent counts of the tallies `watcher` got for a vote, in order. */
function talliesOf(watcher: TestClient, voteId: string): number[] {
  return news(watcher)
    .map((m) => (m.payload as { vote?: { id: string; respondents_count: number } }).vote)
    .filter((vote) => vote?.id === voteId)
    .map((vote) => vote?.respondents_count ?? -1);
}

/**
 * Waits until both instances have taken every note published so far. Notes from one connection reach
 * each instance in the order they were published, so once each instance has claimed the interval of a
 * fresh probe vote published after them (each probe reaches one instance of the queue group), it has
 * taken every earlier note sent its way.
 */
async function bothInstancesCaughtUp(): Promise<void> {
  const sources = new Set<string>();
  for (let n = 1; n <= 50 && sources.size < 2; n++) {
    const probe = `probe-${n}`;
    note(probe);
    const [claim] = await eventually(async () => claimsOf(probe).length > 0 && claimsOf(probe), 5_000);
    sources.add(claim?.source ?? '');
  }
  expect(sources.size).toBe(2);
}

describe('tally coalescing', () => {
  it("folds 1,000 dirty notes that arrive while the vote's interval is taken into two live requests, each carrying the final tally", async () => {
    const member = await joined(a, 'u-member');
    const runner = await joined(b, 'u-runner');
    // Another instance holds the vote's interval in the shared gate (until it is freed below): a burst of
    // 1,000 responses arrives meanwhile, its notes spread over both instances by the queue group.
    const held = `${gatePrefix}v1`;
    expect(await bed.redis.set(held, 'elsewhere', 'NX')).toBe('OK');
    for (let i = 0; i < 1000; i++) respond('v1');
    await bed.fakes.nc.flush();
    await bothInstancesCaughtUp();
    // Both instances hold notes of the vote and keep asking for its interval, but make no live request
    // while it is taken.
    const instances = [...new Set(claimsOf('v1').map((c) => c.source))];
    expect(instances).toHaveLength(2);
    expect(liveRequestsFor('v1')).toEqual([]);

    await bed.redis.del(held);
    // One instance claims the freed interval and fetches the final tally. The other, which cannot know
    // whether that fetch saw its notes, fetches once more when that interval (TALLY_INTERVAL_MS) ends.
    await eventually(
      async () => talliesOf(member, 'v1').length >= 2 && talliesOf(runner, 'v1').length >= 2,
      10_000,
    );
    const requests = liveRequestsFor('v1');
    expect(requests).toHaveLength(2);
    expect(requests.map((call) => [call.input, call.ctx.tenantId])).toEqual([
      [{ vote_id: 'v1' }, 'ten-alpha'],
      [{ vote_id: 'v1' }, 'ten-alpha'],
    ]);
    expect(a.liveRequests + b.liveRequests).toBe(bed.fakes.callsTo(SUBJECTS.voting.voteLive).length);
    // Every claim of the vote's interval was for TALLY_INTERVAL_MS (the default 1 s: two sockets are well
    // within the default write budget).
    expect([...new Set(claimsOf('v1').map((c) => c.ms))]).toEqual([1_000]);
    // However many notes it took, each instance kept one claim of the vote going while the interval was
    // taken: it asked again only once told how long the interval stays taken.
    const freed = await eventually(
      async () => 1 + gate.findIndex((c) => c.voteId === 'v1' && c.command === 'del'),
    );
    for (const instance of instances) {
      const asked = gate
        .slice(0, freed)
        .filter((c) => c.voteId === 'v1' && c.source === instance)
        .map((c) => c.command);
      const overlapping = asked.filter((command, i) => command === 'set' && asked[i - 1] === 'set');
      expect(overlapping.length, `claims sent before the last was answered (${instance})`).toBe(0);
    }

    // Every live answer is fanned out like a broadcast, once per client; runners see the runner view.
    expect(talliesOf(member, 'v1')).toEqual([1000, 1000]);
    expect(news(runner).filter((m) => (m.payload as { vote: { id: string } }).vote.id === 'v1')).toEqual(
      Array(2).fill({
        channel: CHANNEL,
        kind: 'vote.updated',
        payload: { vote: { id: 'v1', respondents_count: 1000, outcome: [] } },
      }),
    );
  });

  it('serves a lone note with one live request, and a note after a quiet interval with one more', async () => {
    const member = await joined(a, 'u-member');
    respond('v2');
    await eventually(async () => talliesOf(member, 'v2').length === 1, 5_000);
    // The interval that live request claimed runs out, with no note for the vote meanwhile.
    await eventually(async () => (await bed.redis.exists(`${gatePrefix}v2`)) === 0, 5_000);
    respond('v2');
    await eventually(async () => talliesOf(member, 'v2').length === 2, 5_000);
    expect(talliesOf(member, 'v2')).toEqual([1, 2]);
    expect(liveRequestsFor('v2')).toHaveLength(2);
    // The burst's vote, quiet since, was asked for nothing more.
    expect(liveRequestsFor('v1')).toHaveLength(2);
  });
});
