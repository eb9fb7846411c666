import {
  EVENTS,
  type TMeetingCommittee,
  ZCastReply,
  ZChannelAccess,
  ZEmailVote,
  ZEmailVoteMemberStatusReply,
  ZMessageReply,
  ZMotionReply,
  ZMotionsReply,
  ZRetrieveEmailVoteReply,
  ZVoteReply,
} from '@gavel/contracts';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refused, S } from './helpers.js';
import {
  callWhileEmailVoteCloses,
  type Harness,
  newWorld,
  publishEvent,
  RUNNER,
  startHarness,
  userCtx,
} from './support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

describe('email votes', () => {
  it('creates an email vote, holds root motions, takes responses without check-in and counts progress', async () => {
    const w = await newWorld(h, { quorum: 2, voters: 4 });
    const admin = userCtx(w.tenantId, [
      'create email vote',
      'create motions',
      'update motions',
      'run meetings',
    ]);
    const now = Date.now();
    const window = {
      start: new Date(now - 60_000).toISOString(),
      end: new Date(now + 3600_000).toISOString(),
    };
    const input = { committeeCode: w.committee.code, code: 'EV1', name: 'Bylaws ballot', ...window };
    expect((await refused(h.call(S.emailVoteCreate, userCtx(w.tenantId), input, ZEmailVote))).code).toBe(
      'forbidden',
    );
    const ev = await h.call(S.emailVoteCreate, admin, input, ZEmailVote);
    expect(ev).toMatchObject({
      code: 'EV1',
      phase: 'in_progress',
      can_modify: true,
      voting_members_count: 4,
    });
    expect((await refused(h.call(S.emailVoteCreate, admin, input, ZEmailVote))).code).toBe('conflict');

    const base = { committeeCode: w.committee.code, voteCode: 'EV1' };
    const m1 = await h.call(S.motionCreate, admin, { ...base, name: 'Adopt the bylaws' }, ZMotionReply);
    const m2 = await h.call(
      S.motionCreate,
      admin,
      { ...base, name: 'Pick a city', motion_responses: ['A', 'B', 'C'] },
      ZMotionReply,
    );
    expect(
      (
        await refused(
          h.call(S.motionAmend, admin, { ...base, id: m1.motion.id, name: 'Amend' }, ZMotionReply),
        )
      ).code,
    ).toBe('rule_broken');
    expect(m1.motion.motion_vote_id).not.toBeNull();
    const [a, b] = w.members;
    if (!a || !b) throw new Error('members');
    const cast = (ctx: typeof a.ctx, motion: typeof m1.motion, vote: string) =>
      h.call(
        S.responseCast,
        ctx,
        { ...base, id: motion.id, voteId: motion.motion_vote_id, vote },
        ZCastReply,
      );
    await cast(a.ctx, m1.motion, 'in_favor'); // nobody is checked in: not needed for email votes
    await cast(a.ctx, m2.motion, 'B');
    await cast(b.ctx, m1.motion, 'opposed');
    const progress = await h.call(S.emailVoteGet, a.ctx, base, ZEmailVote);
    expect(progress).toMatchObject({
      can_modify: false,
      voting_members_complete_count: 1,
      voting_members_incomplete_count: 1,
      voting_members_not_started_count: 2,
    });
    // Responses recorded: motions can no longer change.
    expect(
      (await refused(h.call(S.motionCreate, admin, { ...base, name: 'Late' }, ZMotionReply))).message,
    ).toContain('can no longer be modified');
    const list = await h.call(S.motionsRetrieve, a.ctx, base, ZMotionsReply);
    expect(list.motions).toHaveLength(2);
    expect(list.responses.map((r) => r.response).sort()).toEqual(['B', 'in_favor']);
    // While the window is open nobody but runners sees the breakdown.
    expect(list.votes.every((v) => v.outcome === null && v.is_active)).toBe(true);

    const access = await h.call(
      S.channelAccess,
      a.ctx,
      { committee_code: w.committee.code, vote_code: 'EV1' },
      ZChannelAccess,
    );
    expect(access).toEqual({ channel: `vote.${ev.id}`, staff: false, runner: false });

    // Closing the window ends the votes: results for everyone.
    const ended = await h.call(
      S.emailVoteUpdate,
      admin,
      { ...base, name: 'Bylaws ballot', start: window.start, end: new Date(Date.now() - 1000).toISOString() },
      ZEmailVote,
    );
    expect(ended.phase).toBe('ended');
    const after = await h.call(S.motionsRetrieve, b.ctx, base, ZMotionsReply);
    const first = after.votes.find((v) => v.motion_id === m1.motion.id);
    expect(first).toMatchObject({ is_active: false, respondents_count: 2, valid: true, result: null });
    expect((await refused(cast(b.ctx, m2.motion, 'A'))).message).toBe('Voting is not active.');
    const other = userCtx((await newWorld(h)).tenantId, ['create email vote']);
    expect((await refused(h.call(S.emailVoteGet, other, base, ZEmailVote))).code).toBe('not_found');
  });

  it('changes its motions only while it can be modified, and has no vote to start, extend or close', async () => {
    const w = await newWorld(h, { quorum: 1, voters: 2 });
    const admin = userCtx(w.tenantId, [
      'create email vote',
      'create motions',
      'update motions',
      'delete motions',
      'run meetings',
    ]);
    const window = {
      start: new Date(Date.now() - 60_000).toISOString(),
      end: new Date(Date.now() + 3600_000).toISOString(),
    };
    await h.call(
      S.emailVoteCreate,
      admin,
      { committeeCode: w.committee.code, code: 'EV2', name: 'Ballot', ...window },
      ZEmailVote,
    );
    const base = { committeeCode: w.committee.code, voteCode: 'EV2' };
    const create = (name: string) => h.call(S.motionCreate, admin, { ...base, name }, ZMotionReply);
    const update = (id: string) =>
      h.call(S.motionUpdate, admin, { ...base, id, name: 'Edited' }, ZMotionReply);
    const remove = (id: string) => h.call(S.motionDelete, admin, { ...base, id }, ZMessageReply);
    const hide = (id: string) =>
      h.call(S.motionHide, admin, { ...base, id, result_visibility: 'hide_all' }, ZMotionReply);
    const resort = (ids: string[]) =>
      h.call(S.motionsResort, admin, { ...base, motions: ids }, ZMessageReply);
    const first = (await create('First')).motion;
    const second = (await create('Second')).motion;
    const doomed = (await create('Doomed')).motion;
    // Before anyone votes: edit and delete are allowed.
    expect((await update(first.id)).motion.name).toBe('Edited');
    expect((await remove(doomed.id)).message).toBe('Motion deleted');
    const voteId = first.motion_vote_id ?? '';
    const noVote = 'An email vote runs over its whole window; there is no vote to start.';
    expect((await refused(h.call(S.voteStart, admin, { ...base, id: first.id }, ZVoteReply))).message).toBe(
      noVote,
    );
    expect(
      (await refused(h.call(S.voteUnanimous, admin, { ...base, id: first.id }, ZVoteReply))).message,
    ).toBe(noVote);
    for (const subject of [S.voteAddTime, S.voteClose]) {
      const err = await refused(h.call(subject, admin, { ...base, id: first.id, voteId }, ZVoteReply));
      expect(err.message).toBe('An email vote closes at the end of its window.');
    }
    // The window is the motion's active vote: its visibility waits for the end.
    expect((await refused(hide(first.id))).message).toBe(
      'Result visibility cannot change while the motion has an active vote.',
    );
    const [voter] = w.members;
    if (!voter) throw new Error('voter');
    await h.call(S.responseCast, voter.ctx, { ...base, id: first.id, voteId, vote: 'in_favor' }, ZCastReply);
    // A response is in: the motions are fixed (vote.can_modify is false).
    const fixed = 'This vote can no longer be modified: responses have been recorded.';
    expect((await refused(update(second.id))).message).toBe(fixed);
    expect((await refused(remove(second.id))).message).toBe(fixed);
    expect((await resort([second.id, first.id])).message).toBe('Motions sort order saved');
    // Over: results may be hidden, nothing may be re-sorted.
    await h.call(
      S.emailVoteUpdate,
      admin,
      { ...base, name: 'Ballot', start: window.start, end: new Date(Date.now() - 1000).toISOString() },
      ZEmailVote,
    );
    expect((await hide(first.id)).message).toBe('Results Hidden');
    expect((await refused(resort([first.id, second.id]))).message).toBe(
      'Motions can only be re-sorted while the vote is planned or in progress.',
    );
    const list = await h.call(S.motionsRetrieve, admin, base, ZMotionsReply);
    expect(list.motions.map((m) => [m.name, m.result_visibility])).toEqual([
      ['Second', 'show_all'],
      ['Edited', 'hide_all'],
    ]);
  });

  it('refuses a response before the window opens, and records none', async () => {
    const w = await newWorld(h, { quorum: 1, voters: 12 });
    const manager = userCtx(w.tenantId, ['create email vote', 'create motions']);
    const day = 24 * 3600_000;
    const ev = await h.call(
      S.emailVoteCreate,
      manager,
      {
        committeeCode: w.committee.code,
        code: 'LATER',
        name: 'Ballot',
        start: new Date(Date.now() + day).toISOString(),
        end: new Date(Date.now() + 2 * day).toISOString(),
      },
      ZEmailVote,
    );
    expect(ev.phase).toBe('planned');
    const base = { committeeCode: w.committee.code, voteCode: 'LATER' };
    const { motion } = await h.call(S.motionCreate, manager, { ...base, name: 'Adopt' }, ZMotionReply);
    const voteId = motion.motion_vote_id ?? '';
    const voters = w.members.filter((m) => m.position !== 'Advisor');
    const cast = (ctx: typeof manager) =>
      h.call(S.responseCast, ctx, { ...base, id: motion.id, voteId, vote: 'in_favor' }, ZCastReply);
    const [first] = voters;
    if (!first) throw new Error('voter');
    const err = await refused(cast(first.ctx));
    expect(err).toMatchObject({ code: 'rule_broken', message: 'Voting is not active.' });
    // A burst at once (batched into one statement) is refused alike.
    const burst = await Promise.all(voters.map((m) => refused(cast(m.ctx)).then((e) => e.message)));
    expect(burst).toEqual(voters.map(() => 'Voting is not active.'));
    expect(await h.service.runtime.prisma.response.count({ where: { tenantId: w.tenantId } })).toBe(0);
  });

  it('creates no motion in an email vote closed while the creation waited for it', async () => {
    const w = await newWorld(h, { quorum: 1, voters: 2 });
    const manager = userCtx(w.tenantId, ['create email vote', 'create motions']);
    const ev = await h.call(
      S.emailVoteCreate,
      manager,
      {
        committeeCode: w.committee.code,
        code: 'EV3',
        name: 'Ballot',
        start: new Date(Date.now() - 60_000).toISOString(),
        end: new Date(Date.now() + 3600_000).toISOString(),
      },
      ZEmailVote,
    );
    const base = { committeeCode: w.committee.code, voteCode: 'EV3' };
    // A manager closes the vote early (the edit holds the vote's row) while the creation has read it open.
    const created = await callWhileEmailVoteCloses(h, w.tenantId, ev.id, () =>
      h.call(S.motionCreate, manager, { ...base, name: 'Late motion' }, ZMotionReply),
    );
    // Otherwise its ballot would stay open until the old end, after the vote closed.
    expect(created).toBe('Motions can only change while the vote is planned or in progress.');
    const prisma = h.service.runtime.prisma;
    expect(await prisma.motion.count({ where: { tenantId: w.tenantId } })).toBe(0);
    expect(await prisma.vote.count({ where: { tenantId: w.tenantId } })).toBe(0);
  });

  it("answers runners each voting member's status across the email vote's motions", async () => {
    const w = await newWorld(h, { quorum: 1, voters: 3 });
    const admin = userCtx(w.tenantId, ['create email vote', 'create motions', 'run meetings']);
    const window = {
      start: new Date(Date.now() - 60_000).toISOString(),
      end: new Date(Date.now() + 3600_000).toISOString(),
    };
    const committeeCode = w.committee.code;
    await h.call(
      S.emailVoteCreate,
      admin,
      { committeeCode, code: 'EV3', name: 'Ballot', ...window },
      ZEmailVote,
    );
    const base = { committeeCode, voteCode: 'EV3' };
    const statuses = () => h.call(S.emailVoteMemberStatus, admin, base, ZEmailVoteMemberStatusReply);
    const [all, some, none, advisor] = w.members;
    if (!all || !some || !none || !advisor) throw new Error('members');

    // No motions yet: nothing is open to anyone, so no status.
    const empty = await statuses();
    expect(empty.members.map((m) => m.status)).toEqual([null, null, null]);

    const m1 = (await h.call(S.motionCreate, admin, { ...base, name: 'First' }, ZMotionReply)).motion;
    const m2 = (
      await h.call(
        S.motionCreate,
        admin,
        { ...base, name: 'Pick', motion_responses: ['A', 'B', 'C'] },
        ZMotionReply,
      )
    ).motion;
    const cast = (ctx: typeof admin, motion: typeof m1, vote: string) =>
      h.call(
        S.responseCast,
        ctx,
        { ...base, id: motion.id, voteId: motion.motion_vote_id, vote },
        ZCastReply,
      );
    await cast(all.ctx, m1, 'in_favor');
    await cast(all.ctx, m2, 'A');
    await cast(some.ctx, m2, 'C');

    const reply = await statuses();
    const ev = await h.call(S.emailVoteGet, admin, base, ZEmailVote);
    expect(reply.email_vote_id).toBe(ev.id);
    const byMembership = new Map(reply.members.map((m) => [m.membership_id, m]));
    expect(byMembership.get(all.membershipId)).toEqual({
      membership_id: all.membershipId,
      user_id: all.userId,
      status: 'voted',
    });
    expect(byMembership.get(some.membershipId)?.status).toBe('partial_vote');
    expect(byMembership.get(none.membershipId)?.status).toBe('no_vote');
    // Only voting members, counted as the email vote's progress counts are.
    expect(byMembership.has(advisor.membershipId)).toBe(false);
    expect(reply.members).toHaveLength(ev.voting_members_count);
    expect(ev).toMatchObject({
      voting_members_complete_count: 1,
      voting_members_incomplete_count: 1,
      voting_members_not_started_count: 1,
    });

    // A motion for the North only: the South's members have nothing open to them, so no status, and are
    // not counted as not started.
    await h.call(
      S.emailVoteCreate,
      admin,
      { committeeCode, code: 'EV4', name: 'North', ...window },
      ZEmailVote,
    );
    const north = { committeeCode, voteCode: 'EV4' };
    await h.call(
      S.motionCreate,
      admin,
      { ...north, name: 'North only', motion_filter: ['North'] },
      ZMotionReply,
    );
    const regional = await h.call(S.emailVoteMemberStatus, admin, north, ZEmailVoteMemberStatusReply);
    const regionOf = new Map(w.members.map((m) => [m.membershipId, m.demographic]));
    for (const m of regional.members) {
      expect(m.status, regionOf.get(m.membership_id) ?? '').toBe(
        regionOf.get(m.membership_id) === 'North' ? 'no_vote' : null,
      );
    }
    const northCount = regional.members.filter((m) => regionOf.get(m.membership_id) === 'North').length;
    expect(northCount).toBeGreaterThan(0);
    expect(await h.call(S.emailVoteGet, admin, north, ZEmailVote)).toMatchObject({
      voting_members_count: 3,
      voting_members_not_started_count: northCount,
    });

    // Runners only; an unknown vote, or one of another association, is not found.
    for (const ctx of [all.ctx, userCtx(w.tenantId, ['create email vote', 'modify meeting attendance'])]) {
      expect(
        (await refused(h.call(S.emailVoteMemberStatus, ctx, base, ZEmailVoteMemberStatusReply))).code,
      ).toBe('forbidden');
    }
    expect(
      (
        await refused(
          h.call(S.emailVoteMemberStatus, admin, { ...base, voteCode: 'NOPE' }, ZEmailVoteMemberStatusReply),
        )
      ).code,
    ).toBe('not_found');
    const other = userCtx((await newWorld(h, { voters: 1 })).tenantId, RUNNER);
    expect(
      (await refused(h.call(S.emailVoteMemberStatus, other, base, ZEmailVoteMemberStatusReply))).code,
    ).toBe('not_found');
  });

  it('answers retrieve/vote with its committee from the read model, to ordinary members too, and follows committee events', async () => {
    const w = await newWorld(h, { quorum: 3, voters: 3 });
    const admin = userCtx(w.tenantId, ['create email vote']);
    const window = {
      start: new Date(Date.now() - 60_000).toISOString(),
      end: new Date(Date.now() + 3600_000).toISOString(),
    };
    const committeeCode = w.committee.code;
    const created = await h.call(
      S.emailVoteCreate,
      admin,
      { committeeCode, code: 'EV4', name: 'Ballot', ...window },
      ZEmailVote,
    );
    // The list, create and edit answers stay without the committee.
    expect(created).not.toHaveProperty('committee');
    const base = { committeeCode, voteCode: 'EV4' };
    // A voting member with no permission at all (who may not read the committee's admin answer).
    const [, member] = w.members;
    if (!member) throw new Error('member');
    expect(member.ctx.permissions).toEqual([]);
    const expected: TMeetingCommittee = {
      id: w.committee.id,
      name: 'Finance Committee',
      code: committeeCode,
      year: 2026,
      quorum: 3,
      two_thirds_vote: true,
      chair_position: 'Chair',
      vchair_position: 'Vice Chair',
      voting_rights: w.committee.voting_rights,
      has_demographic: true,
      demographic_name: 'Region',
      demographic_is_displayed: true,
      demographic_motion_filterable: true,
      demographic_display_prepend: false,
      demographics: ['North', 'South'],
    };
    const reply = await h.call(S.emailVoteGet, member.ctx, base, ZRetrieveEmailVoteReply);
    expect(reply).toMatchObject({ id: created.id, code: 'EV4', committee_id: w.committee.id });
    expect(reply.committee).toEqual(expected);

    // The committees service renames the demographic and changes how it is shown: the next answer has it.
    await publishEvent(h, EVENTS.committees.committeeUpdated, {
      tenantId: w.tenantId,
      committee: {
        ...w.committee,
        quorum: 2,
        demographic_name: 'District',
        demographic_is_displayed: false,
        demographic_display_prepend: true,
      },
    });
    await eventually(async () => {
      const next = await h.call(S.emailVoteGet, member.ctx, base, ZRetrieveEmailVoteReply);
      return next.committee.demographic_name === 'District';
    }, 15_000);
    const next = await h.call(S.emailVoteGet, member.ctx, base, ZRetrieveEmailVoteReply);
    expect(next.committee).toEqual({
      ...expected,
      quorum: 2,
      demographic_name: 'District',
      demographic_is_displayed: false,
      demographic_display_prepend: true,
    });
  });
});
