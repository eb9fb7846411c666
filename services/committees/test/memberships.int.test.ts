import {
  EVENTS,
  SUBJECTS,
  type TMembershipEvent,
  type TRequestContext,
  ZAppointment,
  ZAppointmentDashboardReply,
  ZCommittee,
  ZMembership,
  ZMembershipListReply,
  ZMyAppointment,
  ZMyCommitteesReply,
  ZYearListReply,
} from '@gavel/contracts';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type Harness,
  newMemberUser,
  newTenantId,
  outboxDrained,
  publishEvent,
  startHarness,
  streamEvents,
  userCtx,
} from './support.js';

const ZOk = z.object({ ok: z.literal(true) });

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const EVERYTHING = ['create committees', 'edit committees', 'modify appointment acceptances'] as const;

const committee = {
  name: 'Finance Committee',
  code: 'FIN',
  year: 2026,
  quorum: 7,
  voting_rights: [
    { position: 'Chair', is_voting: true },
    { position: 'Member', is_voting: true },
    { position: 'Advisor', is_voting: false },
  ],
  chair_position: 'Chair',
  has_demographic: true,
  demographic_name: 'Region',
  demographics: ['North', 'South', 'East'],
};

async function setup() {
  const tenant = newTenantId();
  const admin = userCtx(tenant, [...EVERYTHING]);
  await h.call(SUBJECTS.committees.yearSet, admin, { year: 2026 }, ZYearListReply);
  await h.call(SUBJECTS.committees.committeeCreate, admin, committee, ZCommittee);
  return { tenant, admin };
}

const add = (ctx: TRequestContext, input: Record<string, unknown>) =>
  h.call(SUBJECTS.committees.memberCreate, ctx, { code: 'FIN', ...input }, ZMembership);
const updateMember = (ctx: TRequestContext, input: Record<string, unknown>) =>
  h.call(SUBJECTS.committees.memberUpdate, ctx, { code: 'FIN', ...input }, ZMembership);
const removeMember = (ctx: TRequestContext, id: string) =>
  h.call(SUBJECTS.committees.memberDelete, ctx, { code: 'FIN', id }, ZOk);
const members = (ctx: TRequestContext) =>
  h.call(SUBJECTS.committees.membersList, ctx, { code: 'FIN' }, ZMembershipListReply);
const dashboard = (ctx: TRequestContext, year: number) =>
  h.call(SUBJECTS.committees.appointmentsDashboard, ctx, { year }, ZAppointmentDashboardReply);
const decide = (ctx: TRequestContext, id: string, decision: string) =>
  h.call(SUBJECTS.committees.appointmentDecide, ctx, { id, decision }, ZAppointment);
const mine = (ctx: TRequestContext) => h.call(SUBJECTS.committees.myCommittees, ctx, {}, ZMyCommitteesReply);
const decideOwn = (ctx: TRequestContext, id: string, decision: string) =>
  h.call(SUBJECTS.committees.myAppointmentDecide, ctx, { id, decision }, ZMyAppointment);
const getCommittee = (ctx: TRequestContext) =>
  h.call(SUBJECTS.committees.committeeGet, ctx, { code: 'FIN' }, ZCommittee);
const eventsOf = async (tenant: string, subject: string) => {
  await outboxDrained(h);
  return (await streamEvents<TMembershipEvent>(h, subject)).filter((e) => e.payload.tenantId === tenant);
};
/** A call made `ms` after the others it races: whose lock is taken first varies, so both orders happen. */
const after = <T>(ms: number, call: () => Promise<T>) =>
  new Promise<void>((resolve) => setTimeout(resolve, ms)).then(call);

describe('members', () => {
  it('adds, changes and removes members; voting follows the position; counts follow', async () => {
    const { tenant, admin } = await setup();
    const ann = await newMemberUser(h, tenant, { first_name: 'Ann' });
    const bob = await newMemberUser(h, tenant, { first_name: 'Bob' });
    const a = await add(admin, { user_id: ann.id, position: 'Chair', demographic: 'North' });
    expect(a).toMatchObject({
      position: 'Chair',
      demographic: 'North',
      appointment_status: 'Tentative',
      is_voting: true,
      user: { id: ann.id, first_name: 'Ann', email: ann.email },
    });
    const b = await add(admin, { user_id: bob.id, position: 'Advisor', appointment_status: 'Accepted' });
    expect(b.is_voting).toBe(false);
    expect(await getCommittee(admin)).toMatchObject({
      members_count: 2,
      voting_members_count: 1,
      non_voting_members_count: 1,
    });
    const changed = await updateMember(admin, { id: b.id, position: 'Member' });
    expect(changed).toMatchObject({ position: 'Member', is_voting: true, appointment_status: 'Accepted' });
    // A declined appointee is no member in the counts (as meetings and voting see it), yet still holds
    // the position: it cannot be removed from under them.
    await updateMember(admin, { id: b.id, appointment_status: 'Declined' });
    expect(await getCommittee(admin)).toMatchObject({
      members_count: 1,
      voting_members_count: 1,
      non_voting_members_count: 0,
    });
    await expect(
      h.call(
        SUBJECTS.committees.committeeUpdate,
        admin,
        { ...committee, voting_rights: committee.voting_rights.filter((r) => r.position !== 'Member') },
        ZCommittee,
      ),
    ).rejects.toMatchObject({ message: expect.stringContaining("1 member holds the position 'Member'.") });
    expect((await members(userCtx(tenant, ['view any meeting']))).map((m) => m.id).sort()).toEqual(
      [a.id, b.id].sort(),
    );
    expect(await removeMember(admin, a.id)).toEqual({ ok: true });
    expect((await members(admin)).map((m) => m.id)).toEqual([b.id]);
  });

  it('gives a member removed and appointed again the same membership id, and announces it as created', async () => {
    const { tenant, admin } = await setup();
    const ann = await newMemberUser(h, tenant, { first_name: 'Ann' });
    const first = await add(admin, { user_id: ann.id, position: 'Member' });
    await removeMember(admin, first.id);
    const again = await add(admin, { user_id: ann.id, position: 'Chair' });
    expect(again.id).toBe(first.id);
    const verbs = async (subject: string) =>
      (await eventsOf(tenant, subject)).map((e) => e.payload.membership.id);
    expect(await verbs(EVENTS.committees.membershipCreated)).toEqual([first.id, first.id]);
    expect(await verbs(EVENTS.committees.membershipDeleted)).toEqual([first.id]);
    // Another committee's membership of the same user is another membership.
    await h.call(SUBJECTS.committees.committeeCreate, admin, { ...committee, code: 'BUD' }, ZCommittee);
    const other = await h.call(
      SUBJECTS.committees.memberCreate,
      admin,
      { code: 'BUD', user_id: ann.id, position: 'Member' },
      ZMembership,
    );
    expect(other.id).not.toBe(first.id);
  });

  it('refuses bad input with clear errors', async () => {
    const { tenant, admin } = await setup();
    const ann = await newMemberUser(h, tenant);
    await expect(add(admin, { user_id: ann.id, position: 'Treasurer' })).rejects.toMatchObject({
      code: 'rule_broken',
      errors: { position: ['The selected position is not one of the committee positions.'] },
    });
    await expect(
      add(admin, { user_id: ann.id, position: 'Member', demographic: 'West' }),
    ).rejects.toMatchObject({
      code: 'rule_broken',
    });
    await expect(add(admin, { user_id: newTenantId(), position: 'Member' })).rejects.toMatchObject({
      code: 'rule_broken',
      errors: { user_id: ['The selected user is not known.'] },
    });
    await add(admin, { user_id: ann.id, position: 'Member' });
    await expect(add(admin, { user_id: ann.id, position: 'Chair' })).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(add(admin, { position: 'Member' })).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('needs edit committees and stays inside the tenant', async () => {
    const { tenant, admin } = await setup();
    const ann = await newMemberUser(h, tenant);
    const m = await add(admin, { user_id: ann.id, position: 'Member' });
    const reader = userCtx(tenant, ['view any meeting']);
    await expect(add(reader, { user_id: ann.id, position: 'Member' })).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(updateMember(reader, { id: m.id, position: 'Chair' })).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(removeMember(reader, m.id)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(members(userCtx(tenant, ['create committees']))).rejects.toMatchObject({
      code: 'forbidden',
    });
    const other = userCtx(newTenantId(), [...EVERYTHING]);
    await expect(members(other)).rejects.toMatchObject({ code: 'not_found' });
    await expect(removeMember(other, m.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(decide(other, m.id, 'Accept')).rejects.toMatchObject({ code: 'not_found' });
    expect(await dashboard(other, 2026)).toEqual([]);
  });

  it("leaves accepting and declining to 'modify appointment acceptances': an editor adds Tentative and keeps the status", async () => {
    const { tenant } = await setup();
    const editor = userCtx(tenant, ['edit committees']);
    const [ann, bob] = [await newMemberUser(h, tenant), await newMemberUser(h, tenant)];
    const refused = { code: 'forbidden', message: 'You are not allowed to accept or decline appointments.' };
    await expect(
      add(editor, { user_id: ann.id, position: 'Member', appointment_status: 'Accepted' }),
    ).rejects.toMatchObject(refused);
    const m = await add(editor, { user_id: ann.id, position: 'Member' });
    expect(m.appointment_status).toBe('Tentative');
    await expect(updateMember(editor, { id: m.id, appointment_status: 'Declined' })).rejects.toMatchObject(
      refused,
    );
    // Sending the status it has (as the member dialog does) changes the rest.
    const moved = await updateMember(editor, {
      id: m.id,
      position: 'Chair',
      appointment_status: 'Tentative',
    });
    expect(moved).toMatchObject({ position: 'Chair', appointment_status: 'Tentative' });
    const decider = userCtx(tenant, ['edit committees', 'modify appointment acceptances']);
    expect(
      (await add(decider, { user_id: bob.id, position: 'Member', appointment_status: 'Accepted' }))
        .appointment_status,
    ).toBe('Accepted');
    expect(
      (await updateMember(decider, { id: m.id, appointment_status: 'Declined' })).appointment_status,
    ).toBe('Declined');
  });

  it('keeps member names current from identity user events', async () => {
    const { tenant, admin } = await setup();
    const ann = await newMemberUser(h, tenant, { first_name: 'Ann' });
    await add(admin, { user_id: ann.id, position: 'Member' });
    await publishEvent(h, EVENTS.identity.userUpdated, {
      tenantId: tenant,
      user: { ...ann, first_name: 'Annie', nickname: 'Nan', email: 'annie@example.test', name: 'Annie X' },
    });
    await eventually(async () => (await members(admin))[0]?.user.first_name === 'Annie', 10_000);
    expect((await members(admin))[0]?.user).toMatchObject({ nickname: 'Nan', email: 'annie@example.test' });
  });

  it('emits membership events exactly once per change, with what voting needs', async () => {
    const { tenant, admin } = await setup();
    const ann = await newMemberUser(h, tenant);
    const m = await add(admin, { user_id: ann.id, position: 'Chair', demographic: 'South' });
    await updateMember(admin, { id: m.id, position: 'Advisor' });
    // A save that changes nothing is no change: it answers the member as it is, and announces nothing.
    expect(
      await updateMember(admin, {
        id: m.id,
        position: 'Advisor',
        demographic: 'South',
        appointment_status: 'Tentative',
      }),
    ).toMatchObject({ position: 'Advisor', demographic: 'South', appointment_status: 'Tentative' });
    await removeMember(admin, m.id);
    await outboxDrained(h);
    const mine = async (subject: string) =>
      (await streamEvents<TMembershipEvent>(h, subject)).filter((e) => e.payload.tenantId === tenant);
    const created = await mine(EVENTS.committees.membershipCreated);
    const updated = await mine(EVENTS.committees.membershipUpdated);
    const deleted = await mine(EVENTS.committees.membershipDeleted);
    expect([created.length, updated.length, deleted.length]).toEqual([1, 1, 1]);
    expect(created[0]?.payload.membership).toEqual({
      id: m.id,
      committee_id: m.committee_id,
      user_id: ann.id,
      position: 'Chair',
      is_voting: true,
      demographic: 'South',
      appointment_status: 'Tentative',
    });
    expect(created[0]?.payload.committee).toEqual({
      quorum: 7,
      chair_position: 'Chair',
      vchair_position: null,
    });
    expect(updated[0]?.payload.membership.is_voting).toBe(false);
  });
});

describe('appointments', () => {
  it('groups the dashboard per user and applies decisions with the permission', async () => {
    const { tenant, admin } = await setup();
    await h.call(
      SUBJECTS.committees.committeeCreate,
      admin,
      { name: 'Audit', code: 'AUD', year: 2026, voting_rights: [{ position: 'Member', is_voting: true }] },
      ZCommittee,
    );
    const ann = await newMemberUser(h, tenant, {
      last_name: 'Able',
      profile_display_url: 'https://img/ann.png',
    });
    const bob = await newMemberUser(h, tenant, { last_name: 'Baker' });
    const a1 = await add(admin, { user_id: ann.id, position: 'Member' });
    const a2 = await h.call(
      SUBJECTS.committees.memberCreate,
      admin,
      { code: 'AUD', user_id: ann.id, position: 'Member', appointment_status: 'Accepted' },
      ZMembership,
    );
    const b1 = await add(admin, { user_id: bob.id, position: 'Advisor' });
    const board = await dashboard(userCtx(tenant, ['modify appointment acceptances']), 2026);
    expect(board.map((g) => g.user.id)).toEqual([ann.id, bob.id]);
    expect(board[0]?.profile_display_url).toBe('https://img/ann.png');
    expect(board[0]?.appointments).toEqual([
      {
        id: a2.id,
        position: 'Member',
        appointment_status: 'Accepted',
        committee: { name: 'Audit', code: 'AUD' },
      },
      {
        id: a1.id,
        position: 'Member',
        appointment_status: 'Tentative',
        committee: { name: 'Finance Committee', code: 'FIN' },
      },
    ]);
    expect(await dashboard(admin, 2025)).toEqual([]);
    await expect(dashboard(userCtx(tenant, ['create committees']), 2026)).rejects.toMatchObject({
      code: 'forbidden',
    });
    // A role that counts as admin passes no permission check by itself (spec section 6), as the gateway has it.
    for (const role of ['admin', 'site admin']) {
      await expect(dashboard(userCtx(tenant, [], { roles: [role] }), 2026)).rejects.toMatchObject({
        code: 'forbidden',
      });
    }
    expect(await dashboard(userCtx(tenant, [], { roles: ['global admin'] }), 2026)).toHaveLength(2);

    const decider = userCtx(tenant, ['modify appointment acceptances']);
    expect((await decide(decider, b1.id, 'Accept')).appointment_status).toBe('Accepted');
    expect((await decide(decider, b1.id, 'Decline')).appointment_status).toBe('Declined');
    expect((await decide(decider, b1.id, 'Reset')).appointment_status).toBe('Tentative');
    await expect(decide(userCtx(tenant, ['edit committees']), b1.id, 'Accept')).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(decide(decider, b1.id, 'Maybe')).rejects.toMatchObject({
      code: 'bad_request',
      errors: { decision: ['The decision must be Accept, Reset or Decline.'] },
    });
  });

  it("lets members see the current year's appointments and answer only their own tentative ones", async () => {
    const { tenant, admin } = await setup();
    const ann = await newMemberUser(h, tenant);
    const bob = await newMemberUser(h, tenant);
    const a = await add(admin, { user_id: ann.id, position: 'Chair' });
    const b = await add(admin, { user_id: bob.id, position: 'Member' });
    const annCtx = userCtx(tenant, [], { userId: ann.id });
    expect(await mine(annCtx)).toEqual([
      {
        id: a.id,
        position: 'Chair',
        appointment_status: 'Tentative',
        committee: { name: 'Finance Committee', code: 'FIN' },
        demographic: null,
        is_voting: true,
      },
    ]);
    await expect(decideOwn(annCtx, b.id, 'Accept')).rejects.toMatchObject({ code: 'not_found' });
    await expect(decideOwn(annCtx, a.id, 'Reset')).rejects.toMatchObject({ code: 'bad_request' });
    expect((await decideOwn(annCtx, a.id, 'Accept')).appointment_status).toBe('Accepted');
    await expect(decideOwn(annCtx, a.id, 'Decline')).rejects.toMatchObject({ code: 'rule_broken' });
    // another tenant's user with the same id sees nothing
    expect(await mine(userCtx(newTenantId(), [], { userId: ann.id }))).toEqual([]);
    // a year that is not current is not shown
    await h.call(SUBJECTS.committees.yearSet, admin, { year: 2027 }, ZYearListReply);
    expect(await mine(annCtx)).toEqual([]);
  });

  it("counts a term-based committee's appointments in every year, after the year's own, as the committee list does", async () => {
    const { tenant, admin } = await setup();
    await h.call(
      SUBJECTS.committees.committeeCreate,
      admin,
      { name: 'Audit', code: 'AUD', year: null, voting_rights: [{ position: 'Member', is_voting: true }] },
      ZCommittee,
    );
    const ann = await newMemberUser(h, tenant);
    const fin = await add(admin, { user_id: ann.id, position: 'Member', appointment_status: 'Accepted' });
    const aud = await h.call(
      SUBJECTS.committees.memberCreate,
      admin,
      { code: 'AUD', user_id: ann.id, position: 'Member' },
      ZMembership,
    );
    const term = {
      id: aud.id,
      position: 'Member',
      appointment_status: 'Tentative',
      committee: { name: 'Audit', code: 'AUD' },
    };
    const board = await dashboard(userCtx(tenant, ['modify appointment acceptances']), 2026);
    expect(board.map((g) => g.appointments.map((a) => a.id))).toEqual([[fin.id, aud.id]]);
    expect(board[0]?.appointments[1]).toEqual(term);
    // any year: one without committees of its own lists the term-based one alone
    expect((await dashboard(admin, 2025)).map((g) => g.appointments)).toEqual([[term]]);
    expect(await dashboard(userCtx(newTenantId(), [...EVERYTHING]), 2026)).toEqual([]);

    // the member sees it on their home and answers it; the dashboard shows the answer
    const annCtx = userCtx(tenant, [], { userId: ann.id });
    expect((await mine(annCtx)).map((a) => [a.committee.code, a.appointment_status, a.is_voting])).toEqual([
      ['FIN', 'Accepted', true],
      ['AUD', 'Tentative', true],
    ]);
    expect((await decideOwn(annCtx, aud.id, 'Decline')).appointment_status).toBe('Declined');
    expect((await dashboard(admin, 2026))[0]?.appointments[1]?.appointment_status).toBe('Declined');
    // and an admin decides it from the dashboard
    expect((await decide(admin, aud.id, 'Reset')).appointment_status).toBe('Tentative');
    expect((await mine(annCtx)).map((a) => a.appointment_status)).toEqual(['Accepted', 'Tentative']);
  });
});

describe('a member home without a current year', () => {
  it('shows term-based appointments to a member of an association that has no year-based committees', async () => {
    const tenant = newTenantId();
    const admin = userCtx(tenant, [...EVERYTHING]);
    await h.call(SUBJECTS.committees.committeeCreate, admin, { ...committee, year: null }, ZCommittee);
    expect(await h.call(SUBJECTS.committees.yearsList, admin, {}, ZYearListReply)).toEqual([]);
    const ann = await newMemberUser(h, tenant);
    await add(admin, { user_id: ann.id, position: 'Member' });
    const annCtx = userCtx(tenant, [], { userId: ann.id });
    expect((await mine(annCtx)).map((a) => [a.committee.code, a.appointment_status])).toEqual([
      ['FIN', 'Tentative'],
    ]);
  });
});

describe('members when their committee changes', () => {
  const saveSettings = (ctx: TRequestContext, input: Record<string, unknown>) =>
    h.call(SUBJECTS.committees.committeeUpdate, ctx, { ...committee, ...input }, ZCommittee);

  it('clears a demographic value no longer offered, one membership.updated each, so later changes pass', async () => {
    const { tenant, admin } = await setup();
    const [ann, bob, cat] = await Promise.all([1, 2, 3].map(() => newMemberUser(h, tenant)));
    const a = await add(admin, { user_id: ann?.id, position: 'Chair', demographic: 'North' });
    const b = await add(admin, { user_id: bob?.id, position: 'Member', demographic: 'South' });
    const c = await add(admin, { user_id: cat?.id, position: 'Advisor' });

    // South goes, and Bob's position is renamed in the same save: his one event carries both changes.
    await saveSettings(admin, {
      voting_rights: [
        { position: 'Chair', is_voting: true },
        { position: 'Voting Member', is_voting: true },
        { position: 'Advisor', is_voting: false },
      ],
      position_renames: [{ from: 'Member', to: 'Voting Member' }],
      demographics: ['North', 'East'],
    });
    const demographicOf = async () =>
      Object.fromEntries((await members(admin)).map((m) => [m.id, m.demographic]));
    expect(await demographicOf()).toEqual({ [a.id]: 'North', [b.id]: null, [c.id]: null });
    let updated = await eventsOf(tenant, EVENTS.committees.membershipUpdated);
    expect(updated.map((e) => e.payload.membership)).toEqual([
      expect.objectContaining({ id: b.id, position: 'Voting Member', demographic: null }),
    ]);

    // Without a demographic no member keeps one.
    await saveSettings(admin, {
      has_demographic: false,
      voting_rights: [
        { position: 'Chair', is_voting: true },
        { position: 'Voting Member', is_voting: true },
        { position: 'Advisor', is_voting: false },
      ],
    });
    expect(await demographicOf()).toEqual({ [a.id]: null, [b.id]: null, [c.id]: null });
    updated = await eventsOf(tenant, EVENTS.committees.membershipUpdated);
    expect(updated.map((e) => [e.payload.membership.id, e.payload.membership.demographic])).toEqual([
      [b.id, null],
      [a.id, null],
    ]);

    // Their next change is not refused on a value they can no longer hold.
    expect(await updateMember(admin, { id: a.id, appointment_status: 'Accepted' })).toMatchObject({
      demographic: null,
      appointment_status: 'Accepted',
    });
    expect(await updateMember(admin, { id: b.id, position: 'Chair' })).toMatchObject({ position: 'Chair' });
  });

  it('emits one membership.deleted per member when the committee is deleted, and none for others', async () => {
    const { tenant, admin } = await setup();
    await h.call(
      SUBJECTS.committees.committeeCreate,
      admin,
      { ...committee, code: 'AUD', name: 'Audit' },
      ZCommittee,
    );
    const users = await Promise.all([1, 2, 3].map(() => newMemberUser(h, tenant)));
    const fin = await Promise.all(users.map((u) => add(admin, { user_id: u.id, position: 'Member' })));
    await h.call(
      SUBJECTS.committees.memberCreate,
      admin,
      { code: 'AUD', user_id: users[0]?.id, position: 'Member' },
      ZMembership,
    );
    expect(
      await h.call(SUBJECTS.committees.committeeDelete, admin, { code: 'FIN', year: 2026 }, ZOk),
    ).toEqual({ ok: true });
    const deleted = await eventsOf(tenant, EVENTS.committees.membershipDeleted);
    expect(deleted.map((e) => e.payload.membership.id).sort()).toEqual(fin.map((m) => m.id).sort());
    expect(deleted[0]?.payload.membership.committee_id).toBe(fin[0]?.committee_id);
  });

  it('refuses a member added or moved while the committee is being deleted with a 404, writing nothing', async () => {
    // The add or move that waits for the deletion finds the committee gone: a race, so several rounds.
    const outcome = (call: Promise<{ id: string }>) =>
      call.then(
        (m) => ({ ok: m.id }),
        (err: { code?: string; message?: string }) => ({ err: `${err.code}: ${err.message}` }),
      );
    const gone = { err: 'not_found: Committee not found.' };
    for (let round = 0; round < 12; round += 1) {
      const { tenant, admin } = await setup();
      const [ann, bob] = await Promise.all([1, 2].map(() => newMemberUser(h, tenant)));
      const a = await add(admin, { user_id: ann?.id, position: 'Member' });
      const [deleted, added, moved] = await Promise.all([
        h.call(SUBJECTS.committees.committeeDelete, admin, { code: 'FIN', year: 2026 }, ZOk),
        outcome(add(admin, { user_id: bob?.id, position: 'Member' })),
        outcome(updateMember(admin, { id: a.id, position: 'Chair' })),
      ]);
      expect(deleted).toEqual({ ok: true });
      for (const o of [added, moved]) if ('err' in o) expect(o).toEqual(gone);
      expect(await h.service.runtime.prisma.membership.count({ where: { tenantId: tenant } })).toBe(0);
      // Every member written got its created and deleted events; a refused one got none.
      const written = [a.id, ...('ok' in added ? [added.ok] : [])].sort();
      const ids = async (subject: string) =>
        (await eventsOf(tenant, subject)).map((e) => e.payload.membership.id).sort();
      expect(await ids(EVENTS.committees.membershipCreated)).toEqual(written);
      expect(await ids(EVENTS.committees.membershipDeleted)).toEqual(written);
      expect(await ids(EVENTS.committees.membershipUpdated)).toEqual('ok' in moved ? [a.id] : []);
    }
  });

  it('runs an appointment decision racing the committee delete wholly before it or refuses it with a 404', async () => {
    // A decision either lands before the deletion reads the members (their membership.deleted carries
    // it) or waits for it and finds the appointment gone: no 500, no update after the deletion.
    const outcome = (call: Promise<{ appointment_status: string }>) =>
      call.then(
        (m) => ({ ok: m.appointment_status }),
        (err: { code?: string; message?: string }) => ({ err: `${err.code}: ${err.message}` }),
      );
    const gone = { err: 'not_found: Appointment not found.' };
    const decider = (tenant: string) => userCtx(tenant, ['modify appointment acceptances']);
    for (let round = 0; round < 12; round += 1) {
      const { tenant, admin } = await setup();
      const [ann, bob, cat] = await Promise.all([1, 2, 3].map(() => newMemberUser(h, tenant)));
      const a = await add(admin, { user_id: ann?.id, position: 'Member' });
      const b = await add(admin, { user_id: bob?.id, position: 'Member' });
      const c = await add(admin, { user_id: cat?.id, position: 'Member', appointment_status: 'Accepted' });
      const [deleted, ...decided] = await Promise.all([
        h.call(SUBJECTS.committees.committeeDelete, admin, { code: 'FIN', year: 2026 }, ZOk),
        outcome(after(round % 3, () => decide(decider(tenant), a.id, 'Accept'))),
        outcome(
          after((round + 1) % 3, () => decideOwn(userCtx(tenant, [], { userId: bob?.id }), b.id, 'Decline')),
        ),
        outcome(after((round + 2) % 3, () => decide(decider(tenant), c.id, 'Reset'))),
      ]);
      expect(deleted).toEqual({ ok: true });
      const expected = ['Accepted', 'Declined', 'Tentative'];
      decided.forEach((o, i) => {
        if ('err' in o) expect(o).toEqual(gone);
        else expect(o.ok).toBe(expected[i]);
      });
      expect(await h.service.runtime.prisma.membership.count({ where: { tenantId: tenant } })).toBe(0);
      // One membership.deleted each, carrying the decision that went before it; an update only for those.
      const ids = [a.id, b.id, c.id];
      const statusBefore = ['Tentative', 'Tentative', 'Accepted'];
      const gotDeleted = await eventsOf(tenant, EVENTS.committees.membershipDeleted);
      expect(gotDeleted.map((e) => e.payload.membership.id).sort()).toEqual([...ids].sort());
      const statusAtDeletion = ids.map(
        (id) => gotDeleted.find((e) => e.payload.membership.id === id)?.payload.membership.appointment_status,
      );
      expect(statusAtDeletion).toEqual(decided.map((o, i) => ('ok' in o ? o.ok : statusBefore[i])));
      const gotUpdated = await eventsOf(tenant, EVENTS.committees.membershipUpdated);
      expect(gotUpdated.map((e) => e.payload.membership.id).sort()).toEqual(
        ids.filter((_, i) => 'ok' in (decided[i] ?? {})).sort(),
      );
    }
  });

  it('removes a member racing the committee delete before it, or answers a 404: one membership.deleted each', async () => {
    const outcome = (call: Promise<unknown>) =>
      call.then(
        () => 'ok',
        (err: { code?: string; message?: string }) => `${err.code}: ${err.message}`,
      );
    for (let round = 0; round < 12; round += 1) {
      const { tenant, admin } = await setup();
      const [ann, bob] = await Promise.all([1, 2].map(() => newMemberUser(h, tenant)));
      const a = await add(admin, { user_id: ann?.id, position: 'Member' });
      const b = await add(admin, { user_id: bob?.id, position: 'Member' });
      const [deleted, removed] = await Promise.all([
        h.call(SUBJECTS.committees.committeeDelete, admin, { code: 'FIN', year: 2026 }, ZOk),
        outcome(after(round % 3, () => removeMember(admin, a.id))),
      ]);
      expect(deleted).toEqual({ ok: true });
      expect(['ok', 'not_found: Committee not found.']).toContain(removed);
      expect(await h.service.runtime.prisma.membership.count({ where: { tenantId: tenant } })).toBe(0);
      const gotDeleted = await eventsOf(tenant, EVENTS.committees.membershipDeleted);
      expect(gotDeleted.map((e) => e.payload.membership.id).sort()).toEqual([a.id, b.id].sort());
    }
  });
});

describe('changes to one member at once', () => {
  it('run one after the other: a second removal, or a change after a removal, finds the member gone', async () => {
    const outcome = (call: Promise<unknown>) =>
      call.then(
        () => 'ok',
        (err: { code?: string; message?: string }) => `${err.code}: ${err.message}`,
      );
    const memberGone = 'not_found: Member not found.';
    const answered = 'rule_broken: Only a tentative appointment can be accepted or declined.';
    for (let round = 0; round < 12; round += 1) {
      const { tenant, admin } = await setup();
      const users = await Promise.all([1, 2, 3, 4].map(() => newMemberUser(h, tenant)));
      const [a, b, c, d] = await Promise.all(
        users.map((u) => add(admin, { user_id: u.id, position: 'Member' })),
      );
      if (!a || !b || !c || !d) throw new Error('members not added');
      const dan = userCtx(tenant, [], { userId: d.user.id });
      const ms = round % 3;
      const [a1, a2, b1, b2, c1, c2, d1, d2] = await Promise.all([
        outcome(removeMember(admin, a.id)),
        outcome(after(ms, () => removeMember(admin, a.id))),
        outcome(removeMember(admin, b.id)),
        outcome(after(ms, () => decide(admin, b.id, 'Accept'))),
        outcome(removeMember(admin, c.id)),
        outcome(after(ms, () => updateMember(admin, { id: c.id, position: 'Chair' }))),
        outcome(decideOwn(dan, d.id, 'Accept')),
        outcome(after(ms, () => decideOwn(dan, d.id, 'Decline'))),
      ]);
      expect([a1, a2].sort()).toEqual([memberGone, 'ok']);
      expect([b1, c1]).toEqual(['ok', 'ok']);
      expect(['ok', 'not_found: Appointment not found.']).toContain(b2);
      expect(['ok', memberGone]).toContain(c2);
      // A tentative appointment is answered once: the later answer finds it answered.
      expect([d1, d2].sort()).toEqual(['ok', answered]);
      expect((await mine(dan))[0]?.appointment_status).toBe(d1 === 'ok' ? 'Accepted' : 'Declined');
      const ids = async (subject: string) =>
        (await eventsOf(tenant, subject)).map((e) => e.payload.membership.id).sort();
      expect(await ids(EVENTS.committees.membershipDeleted)).toEqual([a.id, b.id, c.id].sort());
      expect(await ids(EVENTS.committees.membershipUpdated)).toEqual(
        [...(b2 === 'ok' ? [b.id] : []), ...(c2 === 'ok' ? [c.id] : []), d.id].sort(),
      );
    }
  });
});
