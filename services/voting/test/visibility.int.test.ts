import { EVENTS, type TBroadcast, type TVoteView } from '@gavel/contracts';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, refused } from './helpers.js';
import {
  checkIn,
  type Harness,
  newWorld,
  outboxDrained,
  startHarness,
  streamEvents,
  userCtx,
} from './support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

describe('result visibility', () => {
  it('never gives a viewer the breakdown (or summary) the motion hides, over retrieve or broadcast', async () => {
    const w = await newWorld(h, { quorum: 1 });
    const a = api(h, w);
    const { motion } = await a.create(w.runner);
    await checkIn(h, w, w.members.slice(0, 3));
    const { vote } = await a.start(w.runner, motion.id);
    if (!vote) throw new Error('vote');
    const [m0, m1] = w.members;
    if (!m0 || !m1) throw new Error('members');
    await a.cast(m0.ctx, motion.id, vote.id, 'in_favor');
    await a.cast(m1.ctx, motion.id, vote.id, 'opposed');
    // While the vote runs, changing visibility is refused.
    expect((await refused(a.hide(w.runner, motion.id, 'hide_all'))).code).toBe('rule_broken');
    await a.close(w.runner, motion.id, vote.id);
    expect((await refused(a.hide(userCtx(w.tenantId, ['update motions']), motion.id, 'hide_all'))).code).toBe(
      'forbidden',
    );

    // A committee member without a vote: sees what the motion shows to the committee.
    const viewer = (w.members.at(-1) as (typeof w.members)[number]).ctx;
    const seen = async () => (await a.retrieve(viewer)).votes[0] as TVoteView;
    const shown = await seen();
    expect(shown).toMatchObject({
      summary_visible: true,
      breakdown_visible: true,
      result: null,
      passed: false,
    });
    expect(shown.outcome?.length).toBe(3);

    expect((await a.hide(w.runner, motion.id, 'hide_breakdown')).message).toBe('Results Breakdown Hidden');
    const summaryOnly = await seen();
    expect(summaryOnly.outcome).toBeNull();
    expect(summaryOnly).toMatchObject({
      respondents_count: 2,
      valid: true,
      passed: false,
      breakdown_visible: false,
    });

    expect((await a.hide(w.runner, motion.id, 'hide_all')).message).toBe('Results Hidden');
    const hidden = await seen();
    expect(hidden).toMatchObject({
      outcome: null,
      result: null,
      passed: null,
      valid: null,
      respondents_count: null,
    });
    // Runners always see everything.
    const runnerView = (await a.retrieve(w.runner)).votes[0];
    expect(runnerView?.outcome?.find((t) => t.response === 'opposed')?.count).toBe(1);

    // The broadcasts after hide_all carry no breakdown for everyone, the full one for runners.
    await outboxDrained(h);
    const broadcasts = await streamEvents<TBroadcast>(h, EVENTS.realtime.broadcast);
    const last = broadcasts
      .map((b) => b.payload)
      .filter((b) => b.kind === 'vote.updated' && b.tenantId === w.tenantId)
      .at(-1);
    if (!last) throw new Error('no broadcast');
    const everyone = (last.payload as { vote: TVoteView }).vote;
    const runners = (last.runner_payload as { vote: TVoteView }).vote;
    expect(everyone.outcome).toBeNull();
    expect(everyone.respondents_count).toBeNull();
    expect(runners.outcome).not.toBeNull();
  });

  it('is changed only by runners, and only while the motion itself has no active vote', async () => {
    const w = await newWorld(h, { quorum: 1 });
    const a = api(h, w);
    const running = (await a.create(w.runner, { name: 'Running' })).motion;
    const idle = (await a.create(w.runner, { name: 'Idle' })).motion;
    const amendment = (await a.amend(w.runner, idle.id, { name: 'Amendment' })).motion;
    await checkIn(h, w, w.members.slice(0, 2));
    const member = w.members[0];
    if (!member) throw new Error('member');
    // Before any vote: runners only ('create motions', 'update motions' or a plain member are refused).
    for (const ctx of [
      member.ctx,
      userCtx(w.tenantId, ['create motions', 'update motions', 'delete motions']),
    ]) {
      expect((await refused(a.hide(ctx, idle.id, 'hide_all'))).code).toBe('forbidden');
    }
    expect((await a.hide(userCtx(w.tenantId, ['run meetings']), idle.id, 'hide_all')).message).toBe(
      'Results Hidden',
    );
    const { vote } = await a.start(w.runner, amendment.id, 'amendment');
    if (!vote) throw new Error('vote');
    const err = await refused(a.hide(w.runner, amendment.id, 'hide_breakdown'));
    expect(err).toMatchObject({
      code: 'rule_broken',
      message: 'Result visibility cannot change while the motion has an active vote.',
    });
    // Another motion's vote does not hold this one back.
    expect((await a.hide(w.runner, running.id, 'hide_breakdown')).motion.result_visibility).toBe(
      'hide_breakdown',
    );
    await a.close(w.runner, amendment.id, vote.id);
    expect((await a.hide(w.runner, amendment.id, 'show_all')).message).toBe('Results Shown');
    const motions = (await a.retrieve(member.ctx)).motions;
    expect(Object.fromEntries(motions.map((m) => [m.name, m.result_visibility]))).toEqual({
      Running: 'hide_breakdown',
      Idle: 'hide_all',
      Amendment: 'show_all',
    });
  });

  it('finalizes a closed vote only after a change holding its motion commits, and broadcasts what it wrote', async () => {
    const w = await newWorld(h, { quorum: 1 });
    const a = api(h, w);
    const { motion } = await a.create(w.runner);
    await checkIn(h, w, w.members.slice(0, 2));
    const { vote } = await a.start(w.runner, motion.id);
    if (!vote) throw new Error('vote');
    await a.cast((w.members[0] as (typeof w.members)[number]).ctx, motion.id, vote.id, 'in_favor');
    await a.close(w.runner, motion.id, vote.id);
    const prisma = h.service.runtime.prisma;
    const finalized = async () => (await prisma.vote.findFirst({ where: { id: vote.id } }))?.isFinalized;

    // A visibility change holds the motion past the finalizer's grace (300 ms) and several of its rounds.
    await prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(
        `UPDATE "voting".motions SET result_visibility = 'hide_all' WHERE tenant_id = $1::uuid AND id = $2::uuid`,
        w.tenantId,
        motion.id,
      );
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await finalized()).toBe(false);
    });
    await eventually(async () => (await finalized()) === true, 10_000);

    // Its broadcast carries the committed visibility: nothing of the result for viewers.
    await outboxDrained(h);
    const ended = (await streamEvents<TBroadcast>(h, EVENTS.realtime.broadcast))
      .map((b) => b.payload)
      .filter((b) => b.kind === 'vote.updated' && b.tenantId === w.tenantId)
      .at(-1);
    if (!ended) throw new Error('no broadcast');
    const everyone = (ended.payload as { vote: TVoteView }).vote;
    expect(everyone).toMatchObject({ is_finalized: true, outcome: null, respondents_count: null });
  });
});
