import { randomUUID } from 'node:crypto';
import {
  EVENTS,
  SUBJECTS,
  type TRequestContext,
  type TVotingMemberStatus,
  ZRetrieveAttendanceReply,
} from '@gavel/contracts';
import { prefixed } from '@gavel/service-kit';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Harness,
  member,
  newCommittee,
  newEmailVote,
  newTenantId,
  newUser,
  publishEvent,
  startHarness,
  userCtx,
} from './support.js';

/** GET /api/vote/{committeeCode}/{voteCode}/retrieve/attendance: the email-vote page's Committee Members. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const REF = { committeeCode: 'FIN', voteCode: 'EV1' };
const attendance = (ctx: TRequestContext, ref: Record<string, string> = REF) =>
  h.call(SUBJECTS.meetings.retrieveVoteAttendance, ctx, ref, ZRetrieveAttendanceReply);

const VOTE_NOT_FOUND = { code: 'not_found', message: 'Vote not found.' };

/**
 * A tenant with committee FIN and its email vote EV1: Ann (Chair, voting), Bob (voting), Cat (Advisor), and
 * a declined member.
 */
async function committeeWorld() {
  const tenant = newTenantId();
  const committee = await newCommittee(h, tenant);
  const emailVote = await newEmailVote(h, tenant, committee.id, { code: REF.voteCode });
  const ann = await member(h, tenant, committee.id, {
    user: { first_name: 'Ann', last_name: 'Able' },
    membership: { position: 'Chair', demographic: 'South' },
  });
  const bob = await member(h, tenant, committee.id, { user: { first_name: 'Bob', last_name: 'Baker' } });
  const cat = await member(h, tenant, committee.id, {
    user: { first_name: 'Cat', last_name: 'Cole' },
    membership: { position: 'Advisor', is_voting: false },
  });
  await member(h, tenant, committee.id, {
    user: { first_name: 'Dan', last_name: 'Declined' },
    membership: { appointment_status: 'Declined' },
  });
  return { tenant, committee, emailVote, ann, bob, cat };
}

type Row = { membership_id: string; user_id: string; status: TVotingMemberStatus | null };

/**
 * Answers `subject` on this file's subject prefix as the voting service would (`data`), with an error reply
 * (`error`), or not at all (`silent`); records what was asked.
 */
async function stubSubject(
  subject: string,
  answer: { data?: unknown; error?: { code: string; message: string }; silent?: true },
) {
  const asked: unknown[] = [];
  const sub = h.nc.subscribe(prefixed(h.env.prefix, subject), {
    callback: (_err, msg) => {
      const packet = msg.json<{ id: string; data: unknown }>();
      asked.push(packet.data);
      if (answer.silent) return;
      const response = answer.error ? { ok: false, error: answer.error } : { ok: true, data: answer.data };
      msg.respond(JSON.stringify({ id: packet.id, response, isDisposed: true }));
    },
  });
  await h.nc.flush();
  return { asked, stop: () => sub.unsubscribe() };
}

/** voting.email-vote.member-status answering `rows` (or an error, or nothing). */
const stubVoting = (answer: { rows?: Row[]; error?: { code: string; message: string }; silent?: true }) =>
  stubSubject(SUBJECTS.voting.emailVoteMemberStatus, {
    ...answer,
    data: { email_vote_id: randomUUID(), members: answer.rows ?? [] },
  });

/** voting.email-vote.get, asked for a vote this service has no copy of: voting knows none by that code. */
const stubVotingKnowsNoVote = () =>
  stubSubject(SUBJECTS.voting.emailVoteGet, {
    error: { code: 'not_found', message: VOTE_NOT_FOUND.message },
  });

describe('retrieve/attendance of an email vote', () => {
  it('lists the committee members without attendance; staff see email/username/nrds', async () => {
    const { tenant, ann, bob } = await committeeWorld();
    // Someone outside the committee never appears in the list.
    await newUser(h, tenant, { first_name: 'Gus', last_name: 'Guest' });

    const plain = await attendance(ann.ctx);
    expect(plain.members.map((m) => m.name)).toEqual(['Ann Able', 'Bob Baker', 'Cat Cole']);
    expect(plain.attendance).toEqual([]);
    expect(plain.rsvps).toEqual([]);
    expect(plain.users.map((u) => u.name).sort()).toEqual(['Ann Able', 'Bob Baker', 'Cat Cole']);
    expect(JSON.stringify(plain)).not.toMatch(/"(email|username|nrds)"|voting_status/);
    expect(plain.members[0]).toEqual({
      user_id: ann.user.id,
      is_member: true,
      is_voting: true,
      membership: {
        id: ann.membership.id,
        position: 'Chair',
        demographic: 'South',
        display_demographic: 'South',
        search_demographic: 'south',
      },
      attendee: null,
      rsvp: null,
      sort_name: 'Able, Ann',
      name: 'Ann Able',
    });
    expect(plain.members[2]).toMatchObject({ is_member: true, is_voting: false });
    // The same list for another member, and for the vote code written in another case (as voting finds it).
    expect(await attendance(bob.ctx)).toEqual(plain);
    expect(await attendance(bob.ctx, { ...REF, voteCode: 'ev1' })).toEqual(plain);

    const staff = await attendance(userCtx(tenant, ['modify meeting attendance']));
    expect(staff.users.find((u) => u.id === ann.user.id)).toMatchObject({
      email: ann.user.email,
      username: ann.user.username,
      nrds: ann.user.nrds,
    });
    expect(staff.members[0]?.nrds).toBe(ann.user.nrds);
    expect(staff.members[0]?.voting_status).toBeUndefined();
  });

  it('is viewable like the committee meetings: strangers refused, other associations not found', async () => {
    const { tenant } = await committeeWorld();
    const stranger = await newUser(h, tenant);
    await expect(attendance(userCtx(tenant, [], { userId: stranger.id }))).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(attendance(userCtx(tenant, ['create motions']))).rejects.toMatchObject({
      code: 'forbidden',
    });
    // Vote managers see the page they edit (Edit Vote, Committee Admin), its member list included.
    for (const ctx of [
      userCtx(tenant, ['view any meeting']),
      userCtx(tenant, ['create email vote']),
      userCtx(tenant, [], { roles: ['admin'] }),
    ]) {
      expect((await attendance(ctx)).members).toHaveLength(3);
    }
    await expect(
      attendance(userCtx(tenant, ['view any meeting']), { ...REF, committeeCode: 'NOPE' }),
    ).rejects.toMatchObject({ code: 'not_found' });
    // Another association's caller, even with every permission, does not find this committee.
    await expect(
      attendance(userCtx(randomUUID(), ['view any meeting', 'run meetings', 'modify meeting attendance'])),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it("gives runners each voting member's status across the vote's motions, from the voting service", async () => {
    const { tenant, committee, ann, bob, cat } = await committeeWorld();
    const voting = await stubVoting({
      rows: [
        { membership_id: ann.membership.id, user_id: ann.user.id, status: 'voted' },
        { membership_id: bob.membership.id, user_id: bob.user.id, status: 'partial_vote' },
      ],
    });
    try {
      const runner = userCtx(tenant, ['run meetings']);
      const list = await attendance(runner);
      expect(list.members.map((m) => [m.name, m.voting_status])).toEqual([
        ['Ann Able', 'voted'],
        ['Bob Baker', 'partial'],
        ['Cat Cole', null], // not a voting member
      ]);
      expect(cat.membership.is_voting).toBe(false);
      expect(voting.asked).toEqual([
        {
          ctx: expect.objectContaining({ tenantId: tenant, userId: runner.userId }),
          input: REF,
        },
      ]);
      // Runners without staff permission do not see staff fields.
      expect(JSON.stringify(list)).not.toMatch(/"(email|username|nrds)"/);

      // A voting member voting does not know of yet has not voted; non-runners never ask voting.
      const dee = await member(h, tenant, committee.id, {
        user: { first_name: 'Dee', last_name: 'Doe' },
      });
      const again = await attendance(runner);
      expect(again.members.find((m) => m.user_id === dee.user.id)?.voting_status).toBe('no_vote');
      await attendance(ann.ctx);
      await attendance(userCtx(tenant, ['modify meeting attendance']));
      expect(voting.asked).toHaveLength(2);
    } finally {
      voting.stop();
    }
  });

  it('gives no status to a member the voting service says has nothing open to them (a filtered motion)', async () => {
    const { tenant, ann, bob } = await committeeWorld();
    const voting = await stubVoting({
      rows: [
        { membership_id: ann.membership.id, user_id: ann.user.id, status: null },
        { membership_id: bob.membership.id, user_id: bob.user.id, status: 'no_vote' },
      ],
    });
    try {
      const list = await attendance(userCtx(tenant, ['run meetings']));
      expect(list.members.map((m) => [m.name, m.voting_status])).toEqual([
        ['Ann Able', null],
        ['Bob Baker', 'no_vote'],
        ['Cat Cole', null],
      ]);
    } finally {
      voting.stop();
    }
  });

  it('lists runners the members with null statuses when the voting service does not answer', async () => {
    const { tenant } = await committeeWorld();
    const runner = userCtx(tenant, ['run meetings']);
    const statuses = async () => (await attendance(runner)).members.map((m) => m.voting_status);

    // Nobody answers the subject.
    expect(await statuses()).toEqual([null, null, null]);

    // Voting answers with an error (say, an unknown vote code).
    const failing = await stubVoting({ error: { code: 'not_found', message: 'Vote not found.' } });
    try {
      expect(await statuses()).toEqual([null, null, null]);
    } finally {
      failing.stop();
    }

    // Voting takes the request but never answers: the list comes after the short timeout.
    const silent = await stubVoting({ silent: true });
    try {
      const started = Date.now();
      expect(await statuses()).toEqual([null, null, null]);
      expect(silent.asked).toHaveLength(1);
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      silent.stop();
    }
  });
});

describe('retrieve/attendance of an email vote: the vote itself', () => {
  // Codes the copy does not know are asked of voting, which knows none of them here either.
  let votingLookup: Awaited<ReturnType<typeof stubVotingKnowsNoVote>>;
  beforeAll(async () => {
    votingLookup = await stubVotingKnowsNoVote();
  });
  afterAll(() => votingLookup?.stop());

  it('answers 404 "Vote not found." for a vote code the committee has no vote with', async () => {
    const { tenant, ann } = await committeeWorld();
    const voting = await stubVoting({ rows: [] });
    try {
      const unknown = { ...REF, voteCode: 'NOPE' };
      await expect(attendance(ann.ctx, unknown)).rejects.toMatchObject(VOTE_NOT_FOUND);
      await expect(attendance(userCtx(tenant, ['run meetings']), unknown)).rejects.toMatchObject(
        VOTE_NOT_FOUND,
      );
      await expect(attendance(userCtx(tenant, ['modify meeting attendance']), unknown)).rejects.toMatchObject(
        VOTE_NOT_FOUND,
      );
      // The runner's list is refused before voting is asked for statuses.
      expect(voting.asked).toEqual([]);
      // Not a stranger's 403 either: a code that names no vote is not found for everyone.
      const stranger = await newUser(h, tenant);
      await expect(attendance(userCtx(tenant, [], { userId: stranger.id }), unknown)).rejects.toMatchObject(
        VOTE_NOT_FOUND,
      );
    } finally {
      voting.stop();
    }
  });

  it("answers 404 for another committee's vote code, and lists each vote's own committee", async () => {
    const { tenant, ann } = await committeeWorld();
    const budget = await newCommittee(h, tenant, { code: 'BUD', name: 'Budget Committee' });
    const zed = await member(h, tenant, budget.id, { user: { first_name: 'Zed', last_name: 'Zane' } });
    await newEmailVote(h, tenant, budget.id, { code: 'EVB' });
    const runner = userCtx(tenant, ['run meetings', 'view any meeting']);

    for (const ctx of [ann.ctx, zed.ctx, runner]) {
      await expect(attendance(ctx, { committeeCode: 'FIN', voteCode: 'EVB' })).rejects.toMatchObject(
        VOTE_NOT_FOUND,
      );
      await expect(attendance(ctx, { committeeCode: 'BUD', voteCode: 'EV1' })).rejects.toMatchObject(
        VOTE_NOT_FOUND,
      );
    }
    const names = async (ctx: TRequestContext, ref: Record<string, string>) =>
      (await attendance(ctx, ref)).members.map((m) => m.name);
    expect(await names(zed.ctx, { committeeCode: 'BUD', voteCode: 'EVB' })).toEqual(['Zed Zane']);
    expect(await names(runner, { committeeCode: 'BUD', voteCode: 'EVB' })).toEqual(['Zed Zane']);
    expect(await names(runner, REF)).toEqual(['Ann Able', 'Bob Baker', 'Cat Cole']);
    // A member of the other committee only is not a member of this one.
    await expect(attendance(zed.ctx)).rejects.toMatchObject({ code: 'forbidden' });
  });

  it("lists the vote's own committee, not the newest one with the code", async () => {
    const { tenant, committee, ann } = await committeeWorld(); // FIN 2026, vote EV1
    const older = await newCommittee(h, tenant, { year: 2025 });
    const old = await member(h, tenant, older.id, { user: { first_name: 'Olga', last_name: 'Older' } });
    await newEmailVote(h, tenant, older.id, {
      code: 'EV0',
      start: new Date(Date.now() - 400 * 24 * 3600_000).toISOString(),
      end: new Date(Date.now() - 399 * 24 * 3600_000).toISOString(),
    });
    const runner = userCtx(tenant, ['run meetings']);
    const everyone = userCtx(tenant, ['view any meeting']);
    const names = async (ctx: TRequestContext, voteCode: string) =>
      (await attendance(ctx, { ...REF, voteCode })).members.map((m) => m.name);

    for (const ctx of [everyone, runner, old.ctx]) expect(await names(ctx, 'EV0')).toEqual(['Olga Older']);
    for (const ctx of [everyone, runner]) {
      expect(await names(ctx, 'EV1')).toEqual(['Ann Able', 'Bob Baker', 'Cat Cole']);
    }
    // Viewability is that of the vote's committee: a member of the 2026 committee only may not see 2025's.
    await expect(attendance(ann.ctx, { ...REF, voteCode: 'EV0' })).rejects.toMatchObject({
      code: 'forbidden',
    });
    // The shared list (per committee) follows a change of the vote's committee.
    await member(h, tenant, older.id, { user: { first_name: 'Pia', last_name: 'Plus' } });
    expect(await names(everyone, 'EV0')).toEqual(['Olga Older', 'Pia Plus']);
    expect(committee.year).toBe(2026);
  });

  it('answers 404 once the vote is deleted, and follows an update', async () => {
    const { tenant, committee, emailVote, ann } = await committeeWorld();
    const runner = userCtx(tenant, ['run meetings']);
    const copy = () => h.service.runtime.prisma.emailVoteCopy.findMany({ where: { tenantId: tenant } });

    // An update (voting sends the vote as it now stands) keeps it, with its new window.
    const later = new Date(Date.now() + 3600_000).toISOString();
    await publishEvent(h, EVENTS.voting.emailVoteUpdated, {
      tenantId: tenant,
      email_vote: { ...emailVote, name: 'Renamed', start: later },
    });
    await eventually(async () => (await copy())[0]?.start.toISOString() === later, 10_000);
    expect((await copy()).map((v) => [v.id, v.committeeId, v.code])).toEqual([
      [emailVote.id, committee.id, 'EV1'],
    ]);
    // Listed (and the shared list cached) before the deletion.
    expect((await attendance(ann.ctx)).members).toHaveLength(3);
    expect((await attendance(runner)).members).toHaveLength(3);

    await publishEvent(h, EVENTS.voting.emailVoteDeleted, { tenantId: tenant, email_vote: emailVote });
    await eventually(async () => (await copy()).length === 0, 10_000);
    await expect(attendance(ann.ctx)).rejects.toMatchObject(VOTE_NOT_FOUND);
    await expect(attendance(runner)).rejects.toMatchObject(VOTE_NOT_FOUND);
    await expect(attendance(userCtx(tenant, ['modify meeting attendance']))).rejects.toMatchObject(
      VOTE_NOT_FOUND,
    );
  });
});

describe('retrieve/attendance of an email vote that is not copied yet', () => {
  it('lists the committee voting names (a vote created a moment ago), and says when voting cannot be asked', async () => {
    const { tenant, committee, ann } = await committeeWorld();
    const fresh = { ...REF, voteCode: 'NEW1' };
    const lookup = await stubSubject(SUBJECTS.voting.emailVoteGet, {
      data: { id: randomUUID(), committee_id: committee.id, code: 'NEW1' },
    });
    try {
      expect((await attendance(ann.ctx, fresh)).members.map((m) => m.name)).toEqual([
        'Ann Able',
        'Bob Baker',
        'Cat Cole',
      ]);
      expect(lookup.asked).toEqual([expect.objectContaining({ input: fresh })]);
      // Viewability is still this service's: a stranger is refused.
      const stranger = await newUser(h, tenant);
      await expect(attendance(userCtx(tenant, [], { userId: stranger.id }), fresh)).rejects.toMatchObject({
        code: 'forbidden',
      });
    } finally {
      lookup.stop();
    }
    // Nobody answers for voting: the caller is told to try again, not that the vote does not exist.
    await expect(attendance(ann.ctx, fresh)).rejects.toMatchObject({ code: 'unavailable' });
  });
});
