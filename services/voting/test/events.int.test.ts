import { EVENT_FAMILIES, EVENTS, type TBroadcast, type TVoteEvent, ZVotingVoteEvent } from '@gavel/contracts';
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

  it('publishes one deleted event for a vote deleted with its motion, which meetings drops its copy on', async () => {
    const w = await newWorld(h, { quorum: 1 });
    const a = api(h, w);
    const [m0] = w.members;
    if (!m0) throw new Error('member');
    await checkIn(h, w, [m0]);
    const root = (await a.create(w.runner)).motion;
    const amendment = (await a.amend(w.runner, root.id)).motion;
    const { vote } = await a.start(w.runner, amendment.id, 'amendment');
    if (!vote) throw new Error('vote');
    await a.cast(m0.ctx, amendment.id, vote.id, 'opposed');
    await a.close(w.runner, amendment.id, vote.id);
    // The amendment was defeated: the motion has no pending amendment and no result, so it may go.
    expect((await a.remove(w.runner, root.id)).message).toBe('Motion deleted');
    await outboxDrained(h);
    const deleted = (await streamEvents<TVoteEvent>(h, EVENTS.voting.voteDeleted)).filter(
      (e) => e.payload.tenantId === w.tenantId,
    );
    expect(deleted).toHaveLength(1);
    expect(deleted[0]?.payload.vote).toMatchObject({
      id: vote.id,
      meeting_id: w.meeting.id,
      motion_id: amendment.id,
      type: 'amendment',
    });
    // What the meetings service reads it as: an event of the votes family whose subject says deleted.
    expect(EVENTS.voting.voteDeleted.startsWith(EVENT_FAMILIES.votes.slice(0, -1))).toBe(true);
    expect(EVENTS.voting.voteDeleted.endsWith('.deleted')).toBe(true);
    expect(ZVotingVoteEvent.safeParse(deleted[0]?.payload).success).toBe(true);
    // The motion and its amendment go as before.
    const motionsDeleted = (await streamEvents<{ tenantId: string }>(h, EVENTS.voting.motionDeleted)).filter(
      (e) => e.payload.tenantId === w.tenantId,
    );
    expect(motionsDeleted).toHaveLength(2);
  });
});
