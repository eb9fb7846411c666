import { SUBJECTS, type TRequestContext, VOTE_DIRTY_SUBJECT } from '@gavel/contracts';
import { prefixed } from '@gavel/service-kit';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningRealtime } from '../src/start.js';
import { news, type RealtimeTestBed, realtimeTestBed, sleep, type TestClient, VOTE_JOIN } from './support.js';

let bed: RealtimeTestBed;
let instance: RunningRealtime;
const CHANNEL = 'vote.ten-alpha-v1' as const;
/** When each live request reached the fake voting service. */
const asked: number[] = [];

beforeAll(async () => {
  bed = await realtimeTestBed();
  bed.fakes.on(SUBJECTS.voting.voteLive, (input: { vote_id: string }, ctx: TRequestContext) => {
    asked.push(Date.now());
    return {
      tenantId: ctx.tenantId,
      channel: CHANNEL,
      kind: 'vote.updated',
      payload: { vote: { id: input.vote_id, respondents_count: asked.length } },
    };
  });
  await bed.fakes.nc.flush(); // the fake answers before the instance asks
  // A budget of one tally write per second: every socket on the vote adds a second to its interval.
  instance = await bed.start({
    extra: { TALLY_INTERVAL_MS: '1000', TALLY_WRITES_PER_SECOND: '1', TALLY_MAX_INTERVAL_MS: '2500' },
  });
});

afterAll(() => bed?.close());

const joined = (userId: string) => bed.joined(instance, userId, VOTE_JOIN, CHANNEL);

/** Two notes 100 ms apart for a fresh vote: answers the gap between the two live requests they cause. */
async function gapBetweenTwoRequests(voteId: string, watcher: TestClient): Promise<number> {
  const note = JSON.stringify({ tenantId: 'ten-alpha', vote_id: voteId, channel: CHANNEL });
  const subject = prefixed(bed.env.prefix, VOTE_DIRTY_SUBJECT);
  const seen = news(watcher).length;
  const first = asked.length;
  bed.fakes.nc.publish(subject, note);
  await eventually(async () => news(watcher).length === seen + 1, 2_000);
  await sleep(100);
  bed.fakes.nc.publish(subject, note);
  await eventually(async () => news(watcher).length === seen + 2, 5_000);
  const [a, b] = asked.slice(first);
  return (b ?? 0) - (a ?? 0);
}

describe('tally interval by audience', () => {
  it('stretches the interval with the sockets watching the vote, up to the maximum', async () => {
    const member = await joined('u-member');
    await joined('u-runner');
    // Two sockets at one write a second: 2 s instead of the 1 s minimum.
    const two = await gapBetweenTwoRequests('v1', member);
    expect(two).toBeGreaterThanOrEqual(1_950);
    expect(two).toBeLessThan(2_450);

    // Three sockets would want 3 s: capped at 2.5 s.
    await joined('u-staff');
    const three = await gapBetweenTwoRequests('v2', member);
    expect(three).toBeGreaterThanOrEqual(2_450);
    expect(three).toBeLessThan(2_950);
  });
});
