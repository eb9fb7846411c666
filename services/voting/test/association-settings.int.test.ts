import { DEFAULT_VOTING_SETTINGS } from '@gavel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, refused } from './helpers.js';
import { checkIn, type Harness, newWorld, startHarness } from './support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

describe("the association's voting settings", () => {
  it('give new motions their default result visibility; a motion that names one keeps it', async () => {
    const w = await newWorld(h);
    h.votingSettings.set(w.tenantId, {
      ...DEFAULT_VOTING_SETTINGS,
      default_result_visibility: 'hide_breakdown',
    });
    const a = api(h, w);
    expect((await a.create(w.runner)).motion.result_visibility).toBe('hide_breakdown');
    expect((await a.create(w.runner, { result_visibility: 'show_all' })).motion.result_visibility).toBe(
      'show_all',
    );
  });

  it('without a default, new motions show their results', async () => {
    const w = await newWorld(h);
    expect((await api(h, w).create(w.runner)).motion.result_visibility).toBe('show_all');
  });

  it('leave abstain off the ballot when the association hides it, and refuse an abstain cast', async () => {
    const w = await newWorld(h);
    h.votingSettings.set(w.tenantId, { ...DEFAULT_VOTING_SETTINGS, hide_abstain: true });
    const a = api(h, w);
    const { motion } = await a.create(w.runner);
    await checkIn(h, w, w.members);
    const { vote } = await a.start(w.runner, motion.id);
    if (!vote) throw new Error('vote');
    expect(vote.responses).toEqual(['in_favor', 'opposed']);
    const [m0, m1] = w.members;
    if (!m0 || !m1) throw new Error('members');
    const err = await refused(a.cast(m0.ctx, motion.id, vote.id, 'abstained'));
    expect(err.message).toBe('That is not one of the responses of this vote.');
    expect((await a.cast(m1.ctx, motion.id, vote.id, 'opposed')).response.response).toBe('opposed');
  });

  it('keep abstain on the ballot by default', async () => {
    const w = await newWorld(h);
    const a = api(h, w);
    const { motion } = await a.create(w.runner);
    await checkIn(h, w, w.members);
    const { vote } = await a.start(w.runner, motion.id);
    expect(vote?.responses).toEqual(['in_favor', 'opposed', 'abstained']);
  });
});
