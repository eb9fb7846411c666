import { SUBJECTS, type TRequestContext, VOTE_DIRTY_SUBJECT } from '@gavel/contracts';
import { prefixed } from '@gavel/service-kit';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningRealtime } from '../src/start.js';
import { news, type RealtimeTestBed, realtimeTestBed, sleep, VOTE_JOIN } from './support.js';

let bed: RealtimeTestBed;
let a: RunningRealtime;
let b: RunningRealtime;
const CHANNEL = 'vote.ten-alpha-v1' as const;

/** The voting service's fake: a tally that grows with every dirty note it was told about. */
let responses = 0;

beforeAll(async () => {
  bed = await realtimeTestBed();
  bed.fakes.on(SUBJECTS.voting.voteLive, async (input: { vote_id: string }, ctx: TRequestContext) => {
    await sleep(5);
    return {
      tenantId: ctx.tenantId,
      channel: CHANNEL,
      kind: 'vote.updated',
      payload: { vote: { id: input.vote_id, respondents_count: responses } },
      runner_payload: { vote: { id: input.vote_id, respondents_count: responses, outcome: [] } },
    };
  });
  await bed.fakes.nc.flush(); // the fake answers before an instance asks
  a = await bed.start();
  b = await bed.start();
});

afterAll(() => bed?.close());

const joined = (instance: RunningRealtime, userId: string) =>
  bed.joined(instance, userId, VOTE_JOIN, CHANNEL);

describe('tally coalescing', () => {
  it('turns 1,000 dirty notes in a burst into a handful of live requests, ending on the final tally', async () => {
    const member = await joined(a, 'u-member');
    const runner = await joined(b, 'u-runner');
    const subject = prefixed(bed.env.prefix, VOTE_DIRTY_SUBJECT);
    const note = JSON.stringify({ tenantId: 'ten-alpha', vote_id: 'v1', channel: CHANNEL });
    const started = Date.now();
    for (let i = 0; i < 1000; i++) {
      responses++;
      bed.fakes.nc.publish(subject, note);
      if (i % 100 === 99) await sleep(20); // a burst spread over ~200 ms
    }
    await bed.fakes.nc.flush();
    const burstMs = Date.now() - started;
    console.info(`tally burst: 1000 notes in ${burstMs} ms`);
    const final = { vote: { id: 'v1', respondents_count: 1000 } };
    await eventually(
      async () => JSON.stringify(news(member).at(-1)?.payload) === JSON.stringify(final),
      5_000,
    );
    await sleep(600); // let any trailing request show

    const requests = bed.fakes.callsTo(SUBJECTS.voting.voteLive).length;
    console.info(
      `tally burst: ${requests} live requests (instance a ${a.liveRequests}, b ${b.liveRequests})`,
    );
    // One at once, then at most one per 250 ms, across both instances (they share the queue group and the
    // Redis gate).
    const allowed = Math.ceil((burstMs + 600) / 250) + 1;
    expect(requests).toBeGreaterThanOrEqual(1);
    expect(requests).toBeLessThanOrEqual(allowed);
    expect(requests).toBeLessThanOrEqual(8);
    expect(a.liveRequests + b.liveRequests).toBe(requests);
    const [first] = bed.fakes.callsTo(SUBJECTS.voting.voteLive);
    expect(first?.input).toEqual({ vote_id: 'v1' });
    expect(first?.ctx.tenantId).toBe('ten-alpha');

    // Every live answer is fanned out like a broadcast, once per client; runners see the runner view.
    expect(news(member)).toHaveLength(requests);
    expect(news(runner)).toHaveLength(requests);
    expect(news(runner).at(-1)?.payload).toEqual({
      vote: { id: 'v1', respondents_count: 1000, outcome: [] },
    });
  });

  it('serves a lone note at once and again after a quiet interval', async () => {
    const member = await joined(a, 'u-member');
    const subject = prefixed(bed.env.prefix, VOTE_DIRTY_SUBJECT);
    const note = JSON.stringify({ tenantId: 'ten-alpha', vote_id: 'v2', channel: CHANNEL });
    const before = bed.fakes.callsTo(SUBJECTS.voting.voteLive).length;
    bed.fakes.nc.publish(subject, note);
    await eventually(async () => news(member).length === 1, 2_000);
    await sleep(400);
    bed.fakes.nc.publish(subject, note);
    await eventually(async () => news(member).length === 2, 2_000);
    expect(bed.fakes.callsTo(SUBJECTS.voting.voteLive).length - before).toBe(2);
  });
});
