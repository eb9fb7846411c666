import { randomUUID } from 'node:crypto';
import {
  EVENTS,
  SUBJECTS,
  type TMembershipEvent,
  type TRequestContext,
  type TResourcesCopyRequestedEvent,
  ZCommittee,
  ZMembership,
  ZMembershipListReply,
  ZYearListReply,
} from '@gavel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
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

const copy = (ctx: TRequestContext, input: Record<string, unknown>) =>
  h.call(SUBJECTS.committees.committeeCopy, ctx, input, ZCommittee);

async function setup() {
  const tenant = newTenantId();
  const admin = userCtx(tenant, ['create committees', 'edit committees', 'modify appointment acceptances']);
  const source = await h.call(
    SUBJECTS.committees.committeeCreate,
    admin,
    {
      name: 'Finance Committee',
      code: 'FIN',
      year: 2026,
      quorum: 7,
      two_thirds_vote: true,
      voting_rights: [
        { position: 'Chair', is_voting: true },
        { position: 'Advisor', is_voting: false },
      ],
      chair_position: 'Chair',
      has_demographic: true,
      demographic_name: 'Region',
      demographics: ['North', 'South'],
    },
    ZCommittee,
  );
  const ann = await newMemberUser(h, tenant);
  const bob = await newMemberUser(h, tenant);
  await h.call(
    SUBJECTS.committees.memberCreate,
    admin,
    { code: 'FIN', user_id: ann.id, position: 'Chair', demographic: 'North', appointment_status: 'Accepted' },
    ZMembership,
  );
  await h.call(
    SUBJECTS.committees.memberCreate,
    admin,
    { code: 'FIN', user_id: bob.id, position: 'Advisor', appointment_status: 'Declined' },
    ZMembership,
  );
  return { tenant, admin, source, ann, bob };
}

describe('copy committees', () => {
  it('copies settings, positions, voting rights, demographics and members as Tentative to a new year', async () => {
    const { tenant, admin, source, ann, bob } = await setup();
    const copied = await copy(admin, {
      guid: source.guid,
      code: '27',
      name: '2027 Finance Committee',
      year: 2027,
    });
    expect(copied).toMatchObject({
      code: '27',
      name: '2027 Finance Committee',
      year: 2027,
      quorum: 7,
      two_thirds_vote: true,
      chair_position: 'Chair',
      voting_rights: source.voting_rights,
      demographic_name: 'Region',
      demographics: ['North', 'South'],
      members_count: 2,
      voting_members_count: 1,
    });
    expect(copied.id).not.toBe(source.id);
    const members = await h.call(
      SUBJECTS.committees.membersList,
      admin,
      { code: '27', year: 2027 },
      ZMembershipListReply,
    );
    expect(members.map((m) => [m.user.id, m.position, m.demographic, m.appointment_status]).sort()).toEqual(
      [
        [ann.id, 'Chair', 'North', 'Tentative'],
        [bob.id, 'Advisor', null, 'Tentative'],
      ].sort(),
    );
    // the year exists now; the source keeps its members' statuses
    expect(
      (await h.call(SUBJECTS.committees.yearsList, admin, {}, ZYearListReply)).map((y) => y.year),
    ).toContain(2027);
    await outboxDrained(h);
    const created = (await streamEvents<TMembershipEvent>(h, EVENTS.committees.membershipCreated)).filter(
      (e) => e.payload.membership.committee_id === copied.id,
    );
    expect(created).toHaveLength(2);
    // A copied member removed and appointed again is the same membership, as any member is.
    const annCopy = members.find((m) => m.user.id === ann.id);
    if (!annCopy) throw new Error('ann was not copied');
    await h.call(
      SUBJECTS.committees.memberDelete,
      admin,
      { code: '27', year: 2027, id: annCopy.id },
      z.object({ ok: z.literal(true) }),
    );
    const readded = await h.call(
      SUBJECTS.committees.memberCreate,
      admin,
      { code: '27', year: 2027, user_id: ann.id, position: 'Chair' },
      ZMembership,
    );
    expect(readded.id).toBe(annCopy.id);
    const requests = (
      await streamEvents<TResourcesCopyRequestedEvent>(h, EVENTS.committees.resourcesCopyRequested)
    ).filter((e) => e.payload.tenantId === tenant);
    expect(requests).toEqual([]);
  });

  it('copies term-based and asks for the resources only when told to', async () => {
    const { tenant, admin, source } = await setup();
    const copied = await copy(admin, {
      guid: source.guid,
      code: 'FIN-T',
      name: 'Finance Committee',
      term_based: true,
      copy_resources: true,
    });
    expect(copied.year).toBeNull();
    await outboxDrained(h);
    const requests = (
      await streamEvents<TResourcesCopyRequestedEvent>(h, EVENTS.committees.resourcesCopyRequested)
    ).filter((e) => e.payload.tenantId === tenant);
    expect(requests.map((r) => r.payload)).toEqual([
      { tenantId: tenant, from_committee_id: source.id, to_committee_id: copied.id },
    ]);
  });

  it("copies a convention's committee of ten thousand in one go, one membership.created each", async () => {
    const { tenant, admin, source } = await setup();
    // Appointed straight into the tables: thousands of appointments one call each would take minutes.
    const db = h.service.runtime.prisma;
    const users = Array.from({ length: 10_000 }, (_, i) => ({
      tenantId: tenant,
      id: randomUUID(),
      firstName: 'Delegate',
      lastName: `No ${i}`,
      displayedFirstName: 'Delegate',
      email: `delegate-${i}@example.test`,
      name: `Delegate No ${i}`,
    }));
    await db.memberUser.createMany({ data: users });
    await db.membership.createMany({
      data: users.map((u, i) => ({
        tenantId: tenant,
        committeeId: source.id,
        userId: u.id,
        position: i % 2 ? 'Chair' : 'Advisor',
        demographic: i % 2 ? 'South' : null,
        appointmentStatus: 'Accepted',
      })),
    });

    const copied = await copy(admin, { guid: source.guid, code: 'CONV', name: 'Convention', year: 2027 });
    expect(copied).toMatchObject({ members_count: 10_002, voting_members_count: 5_001 });
    const members = await h.call(
      SUBJECTS.committees.membersList,
      admin,
      { code: 'CONV', year: 2027 },
      ZMembershipListReply,
    );
    expect(new Set(members.map((m) => m.appointment_status))).toEqual(new Set(['Tentative']));
    const delegate = members.find((m) => m.user.id === users[1]?.id);
    expect(delegate).toMatchObject({ position: 'Chair', demographic: 'South', is_voting: true });
    await outboxDrained(h);
    const created = (await streamEvents<TMembershipEvent>(h, EVENTS.committees.membershipCreated)).filter(
      (e) => e.payload.membership.committee_id === copied.id,
    );
    expect(created).toHaveLength(10_002);
    expect(new Set(created.map((e) => e.payload.membership.id))).toEqual(new Set(members.map((m) => m.id)));
  });

  it('refuses a taken code, a foreign committee, bad input and a missing permission', async () => {
    const { admin, source } = await setup();
    await expect(
      copy(admin, { guid: source.guid, code: 'FIN', name: 'Again', year: 2026 }),
    ).rejects.toMatchObject({
      code: 'conflict',
      errors: { code: ['The code has already been taken.'] },
    });
    await expect(
      copy(userCtx(newTenantId(), ['create committees']), {
        guid: source.guid,
        code: '27',
        name: 'X',
        year: 2027,
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      copy(admin, { guid: source.guid, code: '12345678901', name: 'X', year: 2027 }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      errors: { code: ['The code may not be greater than 10 characters.'] },
    });
    await expect(
      copy(userCtx(admin.tenantId, ['edit committees']), {
        guid: source.guid,
        code: '27',
        name: 'X',
        year: 2027,
      }),
    ).rejects.toMatchObject({ code: 'forbidden' });
  });
});

describe('copy racing a settings change of its source', () => {
  it('copies the members on the positions the copy has, never a position renamed meanwhile', async () => {
    const { admin, source } = await setup();
    // Hold the lock of the copy's new code, so that the copy waits between reading the source and
    // copying its members, and rename a position meanwhile.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = h.service.runtime.prisma.$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe(
          'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))',
          `committee-code:${admin.tenantId}:c`,
        );
        locked();
        await held;
      },
      { timeout: 20_000 },
    );
    await isLocked;
    const copying = copy(admin, { guid: source.guid, code: 'C', name: 'Copy', year: 2027 }).then(
      (c) => c,
      (err: Error) => err,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const renaming = h.call(
      SUBJECTS.committees.committeeUpdate,
      admin,
      {
        code: 'FIN',
        year: 2026,
        name: 'Finance Committee',
        voting_rights: [
          { position: 'President', is_voting: true },
          { position: 'Advisor', is_voting: false },
        ],
        position_renames: [{ from: 'Chair', to: 'President' }],
        has_demographic: true,
        demographic_name: 'Region',
        demographics: ['North', 'South'],
      },
      ZCommittee,
    );
    // Without the copy holding its source, the rename does not wait for it.
    await Promise.race([renaming, new Promise((resolve) => setTimeout(resolve, 500))]);
    release();
    await holder;
    const [copied] = await Promise.all([copying, renaming]);
    if (copied instanceof Error) throw copied;
    const members = await h.call(
      SUBJECTS.committees.membersList,
      admin,
      { code: 'C', year: 2027 },
      ZMembershipListReply,
    );
    expect(members).toHaveLength(2);
    for (const m of members) expect(copied.positions).toContain(m.position);
    expect(copied.voting_members_count).toBe(1);
  });
});
