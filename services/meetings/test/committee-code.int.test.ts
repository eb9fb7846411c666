import {
  EVENTS,
  SUBJECTS,
  type TCurrentYearEvent,
  type TRequestContext,
  ZMeeting,
  ZMeetingListReply,
} from '@gavel/contracts';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Harness,
  meetingInput,
  newCommittee,
  newTenantId,
  publishEvent,
  startHarness,
  userCtx,
} from './support.js';

/**
 * A committee code repeats across years (a copy into the next year keeps it). Without ?year= a committee-scoped
 * call names the committee the committees service shows for the code: the current year's.
 */

const S = SUBJECTS.meetings;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const held = (tenantId: string) =>
  h.service.runtime.prisma.currentYearCopy.findUnique({ where: { tenantId } });

const handled = async () =>
  (
    await h.service.runtime.prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM meetings.gavel_processed_events WHERE consumer = 'meetings-current-year'`,
    )
  )[0]?.n ?? 0;

/** The current year as committees announces it, waited for until the consumer has handled it. */
async function announceYear(tenantId: string, year: number, setAt: string): Promise<void> {
  const before = await handled();
  const event: TCurrentYearEvent = { tenantId, year, set_at: setAt };
  await publishEvent(h, EVENTS.committees.currentYearSet, event);
  await eventually(async () => (await handled()) > before, 10_000);
}

/** FIN of 2026 and its copy in 2027, and an admin of the tenant. */
async function finInTwoYears() {
  const tenant = newTenantId();
  const current = await newCommittee(h, tenant, { year: 2026, name: 'Finance 2026' });
  const next = await newCommittee(h, tenant, { year: 2027, name: 'Finance 2027' });
  return { tenant, current, next, admin: userCtx(tenant, ['create meetings', 'update meetings']) };
}

const listCodes = (ctx: TRequestContext, year?: number) =>
  h
    .call(
      S.meetingsList,
      ctx,
      { committeeCode: 'FIN', ...(year === undefined ? {} : { year }) },
      ZMeetingListReply,
    )
    .then((rows) => rows.map((m) => m.code));

describe('the current year from committees', () => {
  it('keeps the latest change: an older event arriving late changes nothing', async () => {
    const tenant = newTenantId();
    await announceYear(tenant, 2026, '2026-05-01T12:00:00.000002Z');
    expect(await held(tenant)).toMatchObject({ year: 2026 });
    // An earlier change, delivered after it (a microsecond earlier is earlier).
    await announceYear(tenant, 2025, '2026-05-01T12:00:00.000001Z');
    expect(await held(tenant)).toMatchObject({ year: 2026 });
    await announceYear(tenant, 2027, '2026-06-01T08:00:00.000000+02:00');
    expect(await held(tenant)).toMatchObject({ year: 2027 });
    // Another tenant's current year is its own.
    expect(await held(newTenantId())).toBeNull();
  });
});

describe("a committee code without ?year= names the current year's committee", () => {
  it("lists and creates meetings of the current year's committee, not its copy in the next year", async () => {
    const { tenant, current, next, admin } = await finInTwoYears();
    await announceYear(tenant, 2026, new Date().toISOString());

    const made = await h.call(S.meetingCreate, admin, meetingInput({ code: 'NOW' }), ZMeeting);
    expect(made.committee_id).toBe(current.id);
    const ahead = await h.call(S.meetingCreate, admin, meetingInput({ code: 'AHEAD', year: 2027 }), ZMeeting);
    expect(ahead.committee_id).toBe(next.id);
    expect(await listCodes(admin)).toEqual(['NOW']);
    expect(await listCodes(admin, 2026)).toEqual(['NOW']);
    expect(await listCodes(admin, 2027)).toEqual(['AHEAD']);

    // The next year made current: the same calls now name its committee.
    await announceYear(tenant, 2027, new Date().toISOString());
    expect(await listCodes(admin)).toEqual(['AHEAD']);
    const later = await h.call(S.meetingCreate, admin, meetingInput({ code: 'LATER' }), ZMeeting);
    expect(later.committee_id).toBe(next.id);
    expect(await listCodes(admin, 2026)).toEqual(['NOW']);
  });

  it("a current year without that code: a term-based committee, else the most recent year's", async () => {
    const tenant = newTenantId();
    const admin = userCtx(tenant, ['create meetings']);
    await newCommittee(h, tenant, { year: 2025, code: 'AUD' });
    const latest = await newCommittee(h, tenant, { year: 2026, code: 'AUD' });
    const bylaws = await newCommittee(h, tenant, { year: null, code: 'BYL' });
    await announceYear(tenant, 2030, new Date().toISOString());
    const create = (committeeCode: string, code: string) =>
      h.call(S.meetingCreate, admin, meetingInput({ committeeCode, code }), ZMeeting);
    expect((await create('AUD', 'A1')).committee_id).toBe(latest.id);
    expect((await create('BYL', 'B1')).committee_id).toBe(bylaws.id);
  });

  it("until committees has announced a current year: the most recent year's committee, as before", async () => {
    const { next, admin } = await finInTwoYears();
    const made = await h.call(S.meetingCreate, admin, meetingInput({ code: 'EARLY' }), ZMeeting);
    expect(made.committee_id).toBe(next.id);
    expect(await listCodes(admin)).toEqual(['EARLY']);
  });

  it("a meeting's own address still finds it in whichever year's committee holds it", async () => {
    const { tenant, admin } = await finInTwoYears();
    await announceYear(tenant, 2026, new Date().toISOString());
    await h.call(S.meetingCreate, admin, meetingInput({ code: 'AHEAD', year: 2027 }), ZMeeting);
    const edited = await h.call(
      S.meetingUpdate,
      admin,
      { committeeCode: 'FIN', meetingCode: 'AHEAD', name: 'Renamed' },
      ZMeeting,
    );
    expect(edited.name).toBe('Renamed');
  });
});
