import {
  AppError,
  type TRequestContext,
  ZCastReply,
  ZMotionReply,
  ZMotionsReply,
  ZVoteReply,
} from '@gavel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S } from './helpers.js';
import { checkIn, type Harness, newWorld, startHarness, type World } from './support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

async function refused(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

function createMotion(w: World, ctx: TRequestContext, body: Record<string, unknown> = {}) {
  return h.call(S.motionCreate, ctx, { ...w.base, name: 'Adopt the budget', ...body }, ZMotionReply);
}

describe('a vote in a meeting, end to end', () => {
  it('creates a motion, starts a vote, records responses once, closes, and shows the result', async () => {
    const w = await newWorld(h, { voters: 4, quorum: 2 });
    const { motion } = await createMotion(w, w.runner, { body: '<p>Body<script>alert(1)</script></p>' });
    expect(motion.body).toBe('<p>Body</p>');
    await checkIn(h, w, w.members.slice(0, 3));
    const started = await h.call(
      S.voteStart,
      w.runner,
      { ...w.base, id: motion.id, type: 'motion' },
      ZVoteReply,
    );
    expect(started.message).toBe('Vote Started!');
    const vote = started.vote;
    if (!vote) throw new Error('no vote');
    expect(vote.is_active).toBe(true);
    expect(vote.expected_count).toBe(3);
    const [m0, m1, m2, m3] = w.members;
    if (!m0 || !m1 || !m2 || !m3) throw new Error('members');
    const cast = (ctx: TRequestContext, choice: string, extra: Record<string, unknown> = {}) =>
      h.call(
        S.responseCast,
        ctx,
        { ...w.base, id: motion.id, voteId: vote.id, vote: choice, ...extra },
        ZCastReply,
      );
    const r0 = await cast(m0.ctx, 'in_favor');
    expect(r0.message).toBe('Approve Vote Recorded');
    expect(r0.response.member_id).toBe(m0.membershipId);
    // Retried: same answer, still one row.
    const again = await cast(m0.ctx, 'in_favor');
    expect(again.response.id).toBe(r0.response.id);
    // A second, different response is over the maximum of 1.
    expect((await refused(cast(m0.ctx, 'opposed'))).code).toBe('conflict');
    // Not checked in.
    expect((await refused(cast(m3.ctx, 'in_favor'))).message).toContain('not checked in');
    await cast(m1.ctx, 'in_favor');
    await cast(m2.ctx, 'opposed');
    const closed = await h.call(
      S.voteClose,
      w.runner,
      { ...w.base, id: motion.id, voteId: vote.id },
      ZVoteReply,
    );
    expect(closed.message).toBe('Vote Closed');
    expect((await refused(cast(m2.ctx, 'in_favor'))).message).toBe('Voting is not active.');
    const view = await h.call(S.motionsRetrieve, m0.ctx, w.base, ZMotionsReply);
    const v = view.votes[0];
    expect(v?.respondents_count).toBe(3);
    expect(v?.result).toBe('in_favor');
    expect(v?.passed).toBe(true);
    expect(v?.valid).toBe(true);
    expect(v?.outcome).toEqual([
      { response: 'in_favor', count: 2 },
      { response: 'opposed', count: 0 + 1 },
      { response: 'abstained', count: 0 },
    ]);
    expect(view.responses.map((r) => r.response)).toEqual(['in_favor']);
  });
});
