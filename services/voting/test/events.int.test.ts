import { EVENTS, type TBroadcast, type TVoteEvent } from '@gavel/contracts';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './helpers.js';
import { checkIn, type Harness, newWorld, outboxDrained, startHarness, streamEvents } from './support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

describe('events', () => {
  it('publishes each vote and motion change exactly once, with the vote window meetings relies on', async () => {
    const w = await newWorld(h);
    const a = api(h, w);
    const { motion } = await a.create(w.runner);
    await checkIn(h, w, w.members.slice(0, 3));
    const { vote } = await a.start(w.runner, motion.id);
    if (!vote) throw new Error('vote');
    await a.addTime(w.runner, motion.id, vote.id);
    await a.close(w.runner, motion.id, vote.id);
    await outboxDrained(h);
    const mine = async (subject: string) =>
      (await streamEvents<TVoteEvent>(h, subject)).filter((e) => e.payload.tenantId === w.tenantId);
    await eventually(async () => (await mine(EVENTS.voting.voteEnded)).length === 1, 5000);
    for (const subject of [EVENTS.voting.voteStarted, EVENTS.voting.voteUpdated, EVENTS.voting.voteClosed]) {
      const events = await mine(subject);
      expect(events).toHaveLength(1);
      expect(events[0]?.payload.vote).toMatchObject({
        id: vote.id,
        meeting_id: w.meeting.id,
        motion_id: motion.id,
        maximum_responses: 1,
      });
    }
    const [ended] = await mine(EVENTS.voting.voteEnded);
    expect(ended?.payload.vote.is_finalized).toBe(true);
    expect(await mine(EVENTS.voting.motionCreated)).toHaveLength(1);
    const broadcasts = (await streamEvents<TBroadcast>(h, EVENTS.realtime.broadcast)).filter(
      (b) => b.payload.tenantId === w.tenantId,
    );
    expect(new Set(broadcasts.map((b) => b.messageId)).size).toBe(broadcasts.length);
    expect(broadcasts.every((b) => b.payload.channel === `meeting.${w.meeting.id}`)).toBe(true);
    expect(broadcasts.map((b) => b.payload.kind)).toContain('vote.updated');
  });
});
