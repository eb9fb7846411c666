import { DEFAULT_VOTING_SETTINGS, SUBJECTS, type TMeeting, type TTenant, ZMeeting } from '@gavel/contracts';
import { prefixed, sameDay } from '@gavel/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_MEETING_PERMISSIONS,
  type Harness,
  meetingInput,
  middayTimeZone,
  newCommittee,
  newTenantId,
  REF,
  startHarness,
  userCtx,
} from './support.js';

/** The deployment's zone: noon now. Each association below has its own, or none. */
const DEPLOYMENT_ZONE = middayTimeZone();
const zones = new Map<string, string | null>();
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ env: { MEETINGS_TIME_ZONE: DEPLOYMENT_ZONE } });
  // Stands in for identity: each test association's time zone.
  h.nc.subscribe(prefixed(h.env.prefix, SUBJECTS.identity.tenantGet), {
    callback: (_err, msg) => {
      const packet = msg.json<{ id: string; data: { ctx: { tenantId: string } } }>();
      const id = packet.data.ctx.tenantId;
      const tenant: TTenant = {
        id,
        name: 'Association',
        uses_nicknames: false,
        default_from_name: null,
        company: null,
        time_zone: zones.get(id) ?? null,
        voting: DEFAULT_VOTING_SETTINGS,
      };
      msg.respond(JSON.stringify({ id: packet.id, response: { ok: true, data: tenant }, isDisposed: true }));
    },
  });
  await h.nc.flush();
});
afterAll(async () => {
  await h?.stop();
});

/** An association in `zone` (null: none of its own) with committee FIN and a meeting M1 starting at `start`. */
async function meetingAt(
  zone: string | null,
  start: Date,
): Promise<{ admin: ReturnType<typeof userCtx>; meeting: TMeeting }> {
  const tenant = newTenantId();
  zones.set(tenant, zone);
  await newCommittee(h, tenant);
  const admin = userCtx(tenant, ALL_MEETING_PERMISSIONS);
  const input = meetingInput({
    start: start.toISOString(),
    // Ahead of now: a new meeting must end in the future.
    end: new Date(Math.max(start.getTime(), Date.now()) + 3600_000).toISOString(),
  });
  return { admin, meeting: await h.call(SUBJECTS.meetings.meetingCreate, admin, input, ZMeeting) };
}

/**
 * A start within a day of now that is today in `today` but not in `notToday`, as is the instant `lengthMs`
 * after it (a meeting's days run from its start's day to its end's).
 */
function startTodayOnlyIn(today: string, notToday: string, lengthMs = 0): Date {
  const now = new Date();
  const todayOnlyIn = (at: Date) => sameDay(at, now, today) && !sameDay(at, now, notToday);
  for (let half = -46; half <= 46; half++) {
    const at = new Date(now.getTime() + half * 1800_000);
    if (todayOnlyIn(at) && todayOnlyIn(new Date(at.getTime() + lengthMs))) return at;
  }
  throw new Error(`no instant is today in ${today} only`);
}

const start = (admin: ReturnType<typeof userCtx>) =>
  h.call(SUBJECTS.meetings.meetingStart, admin, REF, ZMeeting);

describe("'today' of a meeting", () => {
  // Twelve hours from the deployment's zone: its day is another one for half of every day.
  const ownZone = DEPLOYMENT_ZONE === 'Etc/UTC' ? 'Etc/GMT-12' : 'Etc/UTC';

  it("is the association's own day when it has a time zone: a meeting there starts on its day", async () => {
    const { admin, meeting } = await meetingAt(ownZone, startTodayOnlyIn(ownZone, DEPLOYMENT_ZONE));
    expect(meeting.is_today).toBe(true);
    expect((await start(admin)).status).toBe('in_progress');
  });

  it("refuses a start on the deployment's day when that is not the association's", async () => {
    const { admin, meeting } = await meetingAt(ownZone, new Date());
    // A one-minute meeting wholly on that day: today in the deployment's zone only (before or after the
    // association's today; one already over, left planned, is set on the row as the create refuses it).
    const at = startTodayOnlyIn(DEPLOYMENT_ZONE, ownZone, 60_000);
    await h.service.runtime.prisma.meeting.update({
      where: { id: meeting.id },
      data: { start: at, end: new Date(at.getTime() + 60_000) },
    });
    expect((await h.call(SUBJECTS.meetings.meetingGet, admin, REF, ZMeeting)).is_today).toBe(false);
    await expect(start(admin)).rejects.toMatchObject({
      code: 'rule_broken',
      message: 'A meeting can only be started on a day it is scheduled for.',
    });
  });

  it("is the deployment's day for an association without a time zone of its own", async () => {
    const { admin, meeting } = await meetingAt(null, startTodayOnlyIn(DEPLOYMENT_ZONE, ownZone));
    expect(meeting.is_today).toBe(true);
    expect((await start(admin)).status).toBe('in_progress');
  });
});
