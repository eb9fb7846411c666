import { randomUUID } from 'node:crypto';
import {
  DEFAULT_VOTING_SETTINGS,
  EVENTS,
  SUBJECTS,
  type TCurrentYearEvent,
  type TUserSearchResult,
  ZAppointment,
  ZAppointmentDashboardReply,
  ZMyAppointment,
  ZMyCommitteesReply,
} from '@gavel/contracts';
import { prefixed } from '@gavel/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchDemoDirectory, formatSummary, type SeedSummary, seedDemo } from '../src/seed.js';
import { type Harness, outboxDrained, startHarness, streamEvents, userCtx } from './support.js';

const TABLES = ['years', 'committees', 'committee_positions', 'memberships', 'member_users'];

function demoUser(email: string, first: string, last: string, nrds: string | null): TUserSearchResult {
  return {
    id: randomUUID(),
    nrds,
    first_name: first,
    last_name: last,
    displayed_first_name: first,
    sort_name: `${last}, ${first}`,
    name: `${first} ${last}`,
    email,
    profile_display_url: null,
  };
}

const NUMBERS = ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven'];
const USERS: TUserSearchResult[] = [
  demoUser('admin@demo.gavel.test', 'Ada', 'Admin', null),
  demoUser('runner@demo.gavel.test', 'Rita', 'Runner', null),
  demoUser('staff@demo.gavel.test', 'Sam', 'Staff', null),
  ...[...NUMBERS, 'Twelve'].map((last, i) =>
    demoUser(`member${i + 1}@demo.gavel.test`, 'Member', last, `1000000${String(i + 1).padStart(2, '0')}`),
  ),
];
const TENANT = {
  id: randomUUID(),
  name: 'Demo Association',
  uses_nicknames: true,
  default_from_name: 'Demo Association',
  company: 'Demo Association',
  time_zone: null,
  voting: DEFAULT_VOTING_SETTINGS,
};

describe('demo seed', () => {
  let h: Harness;
  let first: SeedSummary;
  let second: SeedSummary;
  const asked: { subject: string; data: unknown }[] = [];

  const counts = async () => {
    const out: Record<string, number> = {};
    for (const table of [...TABLES, 'gavel_outbox']) {
      const rows = await h.service.runtime.prisma.$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM committees.${table}`,
      );
      out[table] = rows[0]?.n ?? -1;
    }
    return out;
  };

  beforeAll(async () => {
    h = await startHarness();
    // Stands in for identity: answers in the Nest wire format under this file's prefix.
    for (const [subject, answer] of [
      [SUBJECTS.identity.tenantResolve, () => TENANT],
      [SUBJECTS.identity.usersList, () => USERS],
    ] as const) {
      h.nc.subscribe(prefixed(h.env.prefix, subject), {
        callback: (_err, msg) => {
          const packet = msg.json<{ id: string; data: unknown }>();
          asked.push({ subject, data: packet.data });
          msg.respond(
            JSON.stringify({ id: packet.id, response: { ok: true, data: answer() }, isDisposed: true }),
          );
        },
      });
    }
    await h.nc.flush();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('seeds years, committees and memberships, and a second run changes nothing and emits nothing', async () => {
    const now = new Date('2026-05-01T12:00:00Z');
    const directory = await fetchDemoDirectory(h.nc, { prefix: h.env.prefix });
    expect(directory).toEqual({ tenantId: TENANT.id, users: USERS });
    expect(asked.map((a) => a.subject)).toEqual([
      SUBJECTS.identity.tenantResolve,
      SUBJECTS.identity.usersList,
    ]);
    expect(asked[0]?.data).toMatchObject({ input: { host: 'localhost' } });
    expect(asked[1]?.data).toMatchObject({
      ctx: { tenantId: TENANT.id, roles: ['global admin'] },
      input: { email: 'demo.gavel.test' },
    });

    first = await seedDemo(h.service.runtime.prisma, directory, { now });
    expect(first.committees.map((c) => [c.code, c.year, c.created])).toEqual([
      ['FIN', 2026, true],
      ['BUD', 2026, true],
      ['BYL', null, true],
      ['MEM', 2026, true],
      ['EVT', 2025, true],
    ]);
    expect(first.years).toEqual([
      { year: 2026, is_current: true },
      { year: 2025, is_current: false },
    ]);
    expect(first.usersCopied).toBe(15);
    const memberships = first.committees.reduce((n, c) => n + c.membersAdded, 0);
    expect(memberships).toBe(12 + 5 + 4 + 5 + 4);
    const after1 = await counts();
    expect(after1).toMatchObject({
      years: 2,
      committees: 5,
      memberships,
      member_users: 15,
      // each committee and membership, and the first year made current
      gavel_outbox: 5 + memberships + 1,
    });

    const prisma = h.service.runtime.prisma;
    const fin = await prisma.committee.findFirstOrThrow({
      where: { tenantId: TENANT.id, code: 'FIN' },
      include: { positions: true, demographics: true, memberships: true },
    });
    expect(fin).toMatchObject({
      name: 'Finance Committee',
      year: 2026,
      quorum: 7,
      chairPosition: 'Chair',
      vchairPosition: 'Vice Chair',
      hasDemographic: true,
      demographicName: 'Region',
    });
    expect(fin.demographics.map((d) => d.value).sort()).toEqual(['Central', 'North', 'South']);
    expect(fin.positions.every((p) => p.isVoting)).toBe(true);
    expect(fin.memberships).toHaveLength(12);
    expect(fin.memberships.filter((x) => x.position === 'Chair')).toHaveLength(1);
    expect(fin.memberships.filter((x) => x.position === 'Vice Chair')).toHaveLength(1);
    expect(new Set(fin.memberships.map((x) => x.appointmentStatus))).toEqual(
      new Set(['Accepted', 'Tentative']),
    );
    const all = await prisma.membership.findMany({ where: { tenantId: TENANT.id } });
    expect(new Set(all.map((x) => x.appointmentStatus))).toEqual(
      new Set(['Accepted', 'Tentative', 'Declined']),
    );
    expect(await prisma.committee.count({ where: { tenantId: TENANT.id, year: null } })).toBe(1);
    expect(await prisma.year.count({ where: { tenantId: TENANT.id, isCurrent: true } })).toBe(1);

    await outboxDrained(h);
    const created = await streamEvents(h, EVENTS.committees.committeeCreated);
    expect(created).toHaveLength(5);
    // Meetings and voting learn the current year as they learn the committees.
    const currentYear = () => streamEvents<TCurrentYearEvent>(h, EVENTS.committees.currentYearSet);
    expect((await currentYear()).map((e) => [e.payload.tenantId, e.payload.year])).toEqual([
      [TENANT.id, 2026],
    ]);

    second = await seedDemo(
      h.service.runtime.prisma,
      await fetchDemoDirectory(h.nc, { prefix: h.env.prefix }),
      {
        now,
      },
    );
    expect(second.committees.every((c) => !c.created && c.membersAdded === 0)).toBe(true);
    expect(second.usersCopied).toBe(0);
    expect(second.years).toEqual(first.years);
    expect(await counts()).toEqual(after1);

    await new Promise((r) => setTimeout(r, 300));
    await outboxDrained(h);
    expect(await streamEvents(h, EVENTS.committees.committeeCreated)).toHaveLength(5);
    expect(await currentYear()).toHaveLength(1);
    expect(formatSummary(second)).toContain('0 committee(s) created, 5 already there');
  });

  it("puts member1's tentative Bylaws (term-based) appointment on every year's dashboard and on their home, answerable from both", async () => {
    const member1 = USERS.find((u) => u.email === 'member1@demo.gavel.test') as TUserSearchResult;
    const admin = userCtx(TENANT.id, ['modify appointment acceptances']);
    const own = userCtx(TENANT.id, [], { userId: member1.id });
    const dashboardRows = async (year: number) => {
      const board = await h.call(
        SUBJECTS.committees.appointmentsDashboard,
        admin,
        { year },
        ZAppointmentDashboardReply,
      );
      const group = board.find((g) => g.user.id === member1.id);
      return group?.appointments.map((a) => [a.committee.code, a.appointment_status]);
    };
    const home = () => h.call(SUBJECTS.committees.myCommittees, own, {}, ZMyCommitteesReply);
    // idempotent: seeds when this test runs alone, changes nothing after the test above
    await seedDemo(h.service.runtime.prisma, await fetchDemoDirectory(h.nc, { prefix: h.env.prefix }), {
      now: new Date('2026-05-01T12:00:00Z'),
    });

    expect(await dashboardRows(2026)).toEqual([
      ['FIN', 'Accepted'],
      ['BYL', 'Tentative'],
    ]);
    expect(await dashboardRows(2025)).toEqual([
      ['EVT', 'Declined'],
      ['BYL', 'Tentative'],
    ]);
    const mine = await home();
    expect(mine.map((a) => [a.committee.code, a.appointment_status])).toEqual([
      ['FIN', 'Accepted'],
      ['BYL', 'Tentative'],
    ]);
    const byl = mine[1]?.id as string;

    const answered = await h.call(
      SUBJECTS.committees.myAppointmentDecide,
      own,
      { id: byl, decision: 'Accept' },
      ZMyAppointment,
    );
    expect(answered.appointment_status).toBe('Accepted');
    expect(await dashboardRows(2026)).toContainEqual(['BYL', 'Accepted']);
    const reset = await h.call(
      SUBJECTS.committees.appointmentDecide,
      admin,
      { id: byl, decision: 'Reset' },
      ZAppointment,
    );
    expect(reset.appointment_status).toBe('Tentative');
    expect((await home()).map((a) => [a.committee.code, a.appointment_status])).toContainEqual([
      'BYL',
      'Tentative',
    ]);
  });
});
