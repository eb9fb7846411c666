import { randomUUID } from 'node:crypto';
import {
  SUBJECTS,
  type TRequestContext,
  type TVotingMemberStatus,
  ZRetrieveAttendanceReply,
} from '@gavel/contracts';
import { prefixed } from '@gavel/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Harness,
  member,
  newCommittee,
  newTenantId,
  newUser,
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

/** A tenant with committee FIN: Ann (Chair, voting), Bob (voting), Cat (Advisor), and a declined member. */
async function committeeWorld() {
  const tenant = newTenantId();
  const committee = await newCommittee(h, tenant);
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
  return { tenant, committee, ann, bob, cat };
}

type Row = { membership_id: string; user_id: string; status: TVotingMemberStatus };

/**
 * Answers voting.email-vote.member-status on this file's subject prefix as the voting service would
 * (`rows`), with an error reply (`error`), or not at all (`silent`); records what was asked.
 */
async function stubVoting(answer: {
  rows?: Row[];
  error?: { code: string; message: string };
  silent?: true;
}) {
  const asked: unknown[] = [];
  const sub = h.nc.subscribe(prefixed(h.env.prefix, SUBJECTS.voting.emailVoteMemberStatus), {
    callback: (_err, msg) => {
      const packet = msg.json<{ id: string; data: unknown }>();
      asked.push(packet.data);
      if (answer.silent) return;
      const response = answer.error
        ? { ok: false, error: answer.error }
        : { ok: true, data: { email_vote_id: randomUUID(), members: answer.rows ?? [] } };
      msg.respond(JSON.stringify({ id: packet.id, response, isDisposed: true }));
    },
  });
  await h.nc.flush();
  return { asked, stop: () => sub.unsubscribe() };
}

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
    // The same list for a member with a non-staff permission, and for any vote code of the committee.
    expect(await attendance(bob.ctx, { ...REF, voteCode: 'OTHER' })).toEqual(plain);

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

  it('lists runners the members with null statuses when the voting service does not answer', async () => {
    const { tenant } = await committeeWorld();
    const runner = userCtx(tenant, ['run meetings']);
    const statuses = async () => (await attendance(runner)).members.map((m) => m.voting_status);

    // Nobody answers the subject.
    expect(await statuses()).toEqual([null, null, null]);

    // Voting answers with an error (say, an unknown vote code).
    const failing = await stubVoting({ error: { code: 'not_found', message: 'That vote does not exist.' } });
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
