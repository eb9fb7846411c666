import {
  EVENTS,
  SUBJECTS,
  type TCommitteeEvent,
  type TMembershipEvent,
  type TRequestContext,
  ZCommittee,
  ZMembership,
  ZMembershipListReply,
  ZYearListReply,
} from '@gavel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Harness,
  newMemberUser,
  newTenantId,
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

const settings = {
  name: 'Finance Committee',
  quorum: 7,
  voting_rights: [
    { position: 'Chair', is_voting: true },
    { position: 'Member', is_voting: true },
    { position: 'Advisor', is_voting: false },
  ],
  chair_position: 'Chair',
};

async function setup() {
  const tenant = newTenantId();
  const admin = userCtx(tenant, ['create committees', 'edit committees']);
  await h.call(SUBJECTS.committees.yearSet, admin, { year: 2026 }, ZYearListReply);
  await h.call(
    SUBJECTS.committees.committeeCreate,
    admin,
    { ...settings, code: 'FIN', year: 2026 },
    ZCommittee,
  );
  return { tenant, admin };
}

const add = async (ctx: TRequestContext, tenant: string, position: string) => {
  const user = await newMemberUser(h, tenant);
  return h.call(
    SUBJECTS.committees.memberCreate,
    ctx,
    { code: 'FIN', user_id: user.id, position },
    ZMembership,
  );
};
const update = (ctx: TRequestContext, input: Record<string, unknown>) =>
  h.call(SUBJECTS.committees.committeeUpdate, ctx, { code: 'FIN', ...settings, ...input }, ZCommittee);
const members = (ctx: TRequestContext) =>
  h.call(SUBJECTS.committees.membersList, ctx, { code: 'FIN' }, ZMembershipListReply);
const positionsOf = async (ctx: TRequestContext) =>
  Object.fromEntries((await members(ctx)).map((m) => [m.id, [m.position, m.is_voting]]));

async function eventsOf<T extends { tenantId: string }>(tenant: string, subject: string) {
  await outboxDrained(h);
  return (await streamEvents<T>(h, subject)).filter((e) => e.payload.tenantId === tenant);
}

describe('renaming and removing positions', () => {
  it('moves the members of a renamed position with it, keeping their vote, one event per moved member', async () => {
    const { tenant, admin } = await setup();
    const chair = await add(admin, tenant, 'Chair');
    const m1 = await add(admin, tenant, 'Member');
    const m2 = await add(admin, tenant, 'Member');
    const advisor = await add(admin, tenant, 'Advisor');

    const saved = await update(admin, {
      voting_rights: [
        { position: 'President', is_voting: true },
        { position: 'Voting Member', is_voting: true },
        { position: 'Advisor', is_voting: false },
      ],
      chair_position: 'President',
      position_renames: [
        { from: 'Chair', to: 'President' },
        { from: 'Member', to: 'Voting Member' },
      ],
    });

    expect(saved.positions).toEqual(['President', 'Voting Member', 'Advisor']);
    expect([saved.members_count, saved.voting_members_count, saved.non_voting_members_count]).toEqual([
      4, 3, 1,
    ]);
    expect(await positionsOf(admin)).toEqual({
      [chair.id]: ['President', true],
      [m1.id]: ['Voting Member', true],
      [m2.id]: ['Voting Member', true],
      [advisor.id]: ['Advisor', false],
    });

    const updated = await eventsOf<TMembershipEvent>(tenant, EVENTS.committees.membershipUpdated);
    expect(updated.map((e) => e.payload.membership.id).sort()).toEqual([chair.id, m1.id, m2.id].sort());
    const byId = new Map(updated.map((e) => [e.payload.membership.id, e.payload]));
    expect(byId.get(m1.id)?.membership).toMatchObject({ position: 'Voting Member', is_voting: true });
    expect(byId.get(chair.id)?.committee?.chair_position).toBe('President');
    expect(await eventsOf<TCommitteeEvent>(tenant, EVENTS.committees.committeeUpdated)).toHaveLength(1);
  });

  it('tells the members of a position whose voting right changed, and nobody else, that their vote changed', async () => {
    const { tenant, admin } = await setup();
    const chair = await add(admin, tenant, 'Chair');
    const member = await add(admin, tenant, 'Member');
    const advisor = await add(admin, tenant, 'Advisor');
    await update(admin, {
      voting_rights: [
        { position: 'Chair', is_voting: true },
        { position: 'Member', is_voting: true },
        { position: 'Advisor', is_voting: true },
      ],
    });
    expect(await positionsOf(admin)).toEqual({
      [chair.id]: ['Chair', true],
      [member.id]: ['Member', true],
      [advisor.id]: ['Advisor', true],
    });
    const updated = await eventsOf<TMembershipEvent>(tenant, EVENTS.committees.membershipUpdated);
    expect(updated.map((e) => [e.payload.membership.id, e.payload.membership.is_voting])).toEqual([
      [advisor.id, true],
    ]);
  });

  it('swaps the members of two positions whose names were swapped', async () => {
    const { tenant, admin } = await setup();
    const member = await add(admin, tenant, 'Member');
    const advisor = await add(admin, tenant, 'Advisor');
    await update(admin, {
      voting_rights: [
        { position: 'Chair', is_voting: true },
        { position: 'Advisor', is_voting: true },
        { position: 'Member', is_voting: false },
      ],
      position_renames: [
        { from: 'Member', to: 'Advisor' },
        { from: 'Advisor', to: 'Member' },
      ],
    });
    expect(await positionsOf(admin)).toEqual({
      [member.id]: ['Advisor', true],
      [advisor.id]: ['Member', false],
    });
  });

  it('refuses to remove a position members hold, naming it and how many, and changes nothing', async () => {
    const { tenant, admin } = await setup();
    const m1 = await add(admin, tenant, 'Member');
    const m2 = await add(admin, tenant, 'Member');
    const m3 = await add(admin, tenant, 'Member');
    const advisor = await add(admin, tenant, 'Advisor');
    const message =
      "3 members hold the position 'Member'. Move them to another position before removing it. " +
      "1 member holds the position 'Advisor'. Move them to another position before removing it.";
    // A rename sent without saying which old name it replaces is a removal.
    await expect(
      update(admin, {
        quorum: 5,
        voting_rights: [
          { position: 'Chair', is_voting: true },
          { position: 'Voting Member', is_voting: true },
        ],
      }),
    ).rejects.toMatchObject({ code: 'rule_broken', message, errors: { voting_rights: [message] } });

    const committee = await h.call(SUBJECTS.committees.committeeGet, admin, { code: 'FIN' }, ZCommittee);
    expect([committee.positions, committee.quorum]).toEqual([['Chair', 'Member', 'Advisor'], 7]);
    expect(await positionsOf(admin)).toEqual({
      [m1.id]: ['Member', true],
      [m2.id]: ['Member', true],
      [m3.id]: ['Member', true],
      [advisor.id]: ['Advisor', false],
    });
    expect(await eventsOf(tenant, EVENTS.committees.committeeUpdated)).toEqual([]);
    expect(await eventsOf(tenant, EVENTS.committees.membershipUpdated)).toEqual([]);
  });

  it('removes a position nobody holds, and emits no membership event for a plain save', async () => {
    const { tenant, admin } = await setup();
    const member = await add(admin, tenant, 'Member');
    const saved = await update(admin, {
      voting_rights: [
        { position: 'Chair', is_voting: true },
        { position: 'Member', is_voting: true },
      ],
    });
    expect(saved.positions).toEqual(['Chair', 'Member']);
    expect(await positionsOf(admin)).toEqual({ [member.id]: ['Member', true] });
    expect(await eventsOf(tenant, EVENTS.committees.membershipUpdated)).toEqual([]);
  });

  it('leaves no member behind on a renamed position while members are being appointed to it', async () => {
    const { tenant, admin } = await setup();
    const users = await Promise.all(Array.from({ length: 8 }, () => newMemberUser(h, tenant)));
    const appoint = (userId: string) =>
      h
        .call(
          SUBJECTS.committees.memberCreate,
          admin,
          { code: 'FIN', user_id: userId, position: 'Member' },
          ZMembership,
        )
        .then(
          () => 'added',
          (err: { message?: string }) => err.message,
        );
    const half = users.length / 2;
    const first = users.slice(0, half).map((u) => appoint(u.id));
    const rename = update(admin, {
      voting_rights: [
        { position: 'Chair', is_voting: true },
        { position: 'Voting Member', is_voting: true },
        { position: 'Advisor', is_voting: false },
      ],
      position_renames: [{ from: 'Member', to: 'Voting Member' }],
    });
    const rest = users.slice(half).map((u) => appoint(u.id));
    const outcomes = await Promise.all([...first, ...rest]);
    await rename;
    // An appointment either came first (and moved with the rename) or was checked against the new names.
    for (const outcome of outcomes) {
      expect(['added', 'The selected position is not one of the committee positions.']).toContain(outcome);
    }
    const list = await members(admin);
    expect(list).toHaveLength(outcomes.filter((o) => o === 'added').length);
    expect(list.filter((m) => m.position !== 'Voting Member')).toEqual([]);
  });

  it('refuses a rename onto a position the committee keeps, merging nobody', async () => {
    const { tenant, admin } = await setup();
    const member = await add(admin, tenant, 'Member');
    const chair = await add(admin, tenant, 'Chair');
    const message = "The position 'Member' cannot be renamed to 'Chair', which the committee already has.";
    await expect(
      update(admin, { position_renames: [{ from: 'Member', to: 'Chair' }] }),
    ).rejects.toMatchObject({ code: 'rule_broken', message, errors: { position_renames: [message] } });
    expect(await positionsOf(admin)).toEqual({ [member.id]: ['Member', true], [chair.id]: ['Chair', true] });
  });

  it('refuses a rename to a name that is not one of the saved positions', async () => {
    const { admin } = await setup();
    await expect(
      update(admin, { position_renames: [{ from: 'Member', to: 'Delegate' }] }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      errors: {
        'position_renames.0.to': [
          "The position 'Delegate' a rename names is not one of the committee positions.",
        ],
      },
    });
  });
});
