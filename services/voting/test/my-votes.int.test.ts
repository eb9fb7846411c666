import { randomUUID } from 'node:crypto';
import {
  EVENTS,
  type TMembershipEvent,
  type TRequestContext,
  ZCastReply,
  ZEmailVote,
  ZMotionReply,
  ZMyVotesReply,
} from '@gavel/contracts';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refused, S } from './helpers.js';
import {
  addMember,
  type Harness,
  newWorld,
  publishEvent,
  startHarness,
  userCtx,
  type World,
} from './support.js';

const HOUR = 3600_000;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const mine = (ctx: TRequestContext) => h.call(S.myVotes, ctx, {}, ZMyVotesReply);
const codes = async (ctx: TRequestContext) => (await mine(ctx)).map((v) => v.code);

const EV_PERMISSIONS = ['create email vote', 'create motions'] as const;

/** An email vote of the world's committee with the window [now + fromMs, now + toMs). */
async function emailVote(w: World, code: string, fromMs: number, toMs: number, committeeCode?: string) {
  const admin = userCtx(w.tenantId, [...EV_PERMISSIONS]);
  const now = Date.now();
  return h.call(
    S.emailVoteCreate,
    admin,
    {
      committeeCode: committeeCode ?? w.committee.code,
      code,
      name: `Ballot ${code}`,
      start: new Date(now + fromMs).toISOString(),
      end: new Date(now + toMs).toISOString(),
    },
    ZEmailVote,
  );
}

async function motion(w: World, voteCode: string, body: Record<string, unknown> = {}) {
  const admin = userCtx(w.tenantId, [...EV_PERMISSIONS]);
  const reply = await h.call(
    S.motionCreate,
    admin,
    { committeeCode: w.committee.code, voteCode, name: 'Adopt the bylaws', ...body },
    ZMotionReply,
  );
  return reply.motion;
}

async function setMembership(w: World, membership: TMembershipEvent['membership']) {
  await publishEvent(h, EVENTS.committees.membershipUpdated, { tenantId: w.tenantId, membership });
  await eventually(async () => {
    const row = await h.service.runtime.prisma.membershipRm.findFirst({
      where: { tenantId: w.tenantId, id: membership.id },
    });
    return row?.appointmentStatus === membership.appointment_status;
  }, 15_000);
}

describe('GET /api/me/votes', () => {
  it("lists the member's open and coming email votes with the motions they have left to vote on", async () => {
    const w = await newWorld(h, { voters: 2 });
    const [north, south, advisor] = w.members; // Chair (North), Member (South), Advisor (non-voting)
    if (!north || !south || !advisor) throw new Error('members');
    // A new vote must close in the future: this one is closed early, as a manager may.
    const over = await emailVote(w, 'OVER', -2 * HOUR, HOUR);
    await h.call(
      S.emailVoteUpdate,
      userCtx(w.tenantId, [...EV_PERMISSIONS]),
      {
        committeeCode: w.committee.code,
        voteCode: 'OVER',
        name: over.name,
        start: over.start,
        end: new Date(Date.now() - HOUR).toISOString(),
      },
      ZEmailVote,
    );
    await emailVote(w, 'SOON', 24 * HOUR, 48 * HOUR);
    await emailVote(w, 'OPEN', -60_000, HOUR);
    const everyone = await motion(w, 'OPEN');
    await motion(w, 'OPEN', { name: 'North only', motion_filter: ['North'] });
    await motion(w, 'SOON');

    const list = await mine(north.ctx);
    expect(list.map((v) => [v.code, v.phase, v.motions_count, v.motions_to_vote_count])).toEqual([
      ['OPEN', 'in_progress', 2, 2],
      ['SOON', 'planned', 1, 1],
    ]);
    expect(list[0]).toMatchObject({
      name: 'Ballot OPEN',
      is_voting: true,
      committee: { id: w.committee.id, code: w.committee.code, name: 'Finance Committee', year: 2026 },
    });

    // The demographic filter keeps the North-only motion off the South member's ballot.
    expect((await mine(south.ctx)).map((v) => [v.code, v.motions_count])).toEqual([
      ['OPEN', 1],
      ['SOON', 1],
    ]);
    // A member whose position does not vote still sees the votes, with nothing to vote on.
    expect((await mine(advisor.ctx)).map((v) => [v.code, v.is_voting, v.motions_count])).toEqual([
      ['OPEN', false, 0],
      ['SOON', false, 0],
    ]);

    await h.call(
      S.responseCast,
      north.ctx,
      {
        committeeCode: w.committee.code,
        voteCode: 'OPEN',
        id: everyone.id,
        voteId: everyone.motion_vote_id,
        vote: 'in_favor',
      },
      ZCastReply,
    );
    expect((await mine(north.ctx))[0]).toMatchObject({ motions_count: 2, motions_to_vote_count: 1 });
    // Another member's response is not theirs.
    expect((await mine(south.ctx))[0]).toMatchObject({ motions_count: 1, motions_to_vote_count: 1 });
  });

  it('leaves out declined appointments and committees the user is not a member of', async () => {
    const w = await newWorld(h, { voters: 2 });
    const [chair] = w.members;
    if (!chair) throw new Error('members');
    await emailVote(w, 'EV1', -60_000, HOUR);
    // A second committee of the same association, with an open vote of its own.
    const other = { ...w.committee, id: randomUUID(), code: `${w.committee.code}X`, name: 'Budget' };
    await publishEvent(h, EVENTS.committees.committeeCreated, { tenantId: w.tenantId, committee: other });
    await eventually(
      async () =>
        (await h.service.runtime.prisma.committeeRm.count({
          where: { tenantId: w.tenantId, id: other.id },
        })) === 1,
      15_000,
    );
    await emailVote(w, 'EV2', -60_000, HOUR, other.code);
    const budgetMember = await addMember(h, w.tenantId, other.id, 'Member', null);
    await eventually(async () => (await codes(budgetMember.ctx)).length === 1, 15_000);

    expect(await codes(chair.ctx)).toEqual(['EV1']);
    expect(await codes(budgetMember.ctx)).toEqual(['EV2']);
    // Permissions do not add votes of committees the user is no member of.
    expect(await mine(userCtx(w.tenantId, ['create email vote', 'run meetings']))).toEqual([]);

    const membership: TMembershipEvent['membership'] = {
      id: chair.membershipId,
      committee_id: w.committee.id,
      user_id: chair.userId,
      position: 'Chair',
      is_voting: true,
      demographic: 'North',
      appointment_status: 'Declined',
    };
    await setMembership(w, membership);
    expect(await mine(chair.ctx)).toEqual([]);
    await setMembership(w, { ...membership, appointment_status: 'Tentative' });
    expect(await codes(chair.ctx)).toEqual(['EV1']);
  });

  it("never lists another association's votes, even for the same user id", async () => {
    const ours = await newWorld(h, { voters: 1 });
    const theirs = await newWorld(h, { voters: 1 });
    const [chair] = ours.members;
    if (!chair) throw new Error('members');
    await emailVote(ours, 'EV1', -60_000, HOUR);
    await emailVote(theirs, 'EV9', -60_000, HOUR);
    // The same person appointed in the other association too.
    const membership: TMembershipEvent['membership'] = {
      id: randomUUID(),
      committee_id: theirs.committee.id,
      user_id: chair.userId,
      position: 'Member',
      is_voting: true,
      demographic: null,
      appointment_status: 'Accepted',
    };
    await publishEvent(h, EVENTS.committees.membershipCreated, { tenantId: theirs.tenantId, membership });
    const there = { ...chair.ctx, tenantId: theirs.tenantId };
    await eventually(async () => (await codes(there)).length === 1, 15_000);

    expect(await codes(chair.ctx)).toEqual(['EV1']);
    expect(await codes(there)).toEqual(['EV9']);
  });

  it('needs a signed-in user', async () => {
    const w = await newWorld(h, { voters: 1 });
    expect((await refused(mine({ ...userCtx(w.tenantId), userId: null }))).code).toBe('unauthenticated');
  });
});
