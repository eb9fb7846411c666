import { randomUUID } from 'node:crypto';
import {
  DEFAULT_VOTING_SETTINGS,
  EVENTS,
  SUBJECTS,
  type TCommittee,
  type TMeetingEvent,
  ZCalendarReply,
  ZMeeting,
  ZRetrieveMeetingReply,
} from '@gavel/contracts';
import { fetchDemoCommittee, prefixed } from '@gavel/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMeetingWindow, formatSummary, seedDemo } from '../src/seed.js';
import { type Harness, outboxDrained, startHarness, streamEvents, userCtx } from './support.js';

const TENANT = {
  id: randomUUID(),
  name: 'Demo',
  uses_nicknames: false,
  default_from_name: null,
  company: null,
  time_zone: null,
  voting: DEFAULT_VOTING_SETTINGS,
};
const FIN: TCommittee = {
  id: randomUUID(),
  name: 'Finance Committee',
  code: 'FIN',
  guid: randomUUID(),
  year: 2026,
  quorum: 7,
  two_thirds_vote: false,
  chair_position: 'Chair',
  vchair_position: 'Vice Chair',
  positions: ['Chair', 'Vice Chair', 'Member'],
  voting_rights: [
    { position: 'Chair', is_voting: true },
    { position: 'Vice Chair', is_voting: true },
    { position: 'Member', is_voting: true },
  ],
  has_demographic: true,
  demographic_name: 'Region',
  demographic_is_displayed: true,
  demographic_motion_filterable: true,
  demographic_display_prepend: false,
  demographics: ['North', 'Central', 'South'],
  members_count: 12,
  voting_members_count: 12,
  non_voting_members_count: 0,
};

const ADMIN = {
  id: randomUUID(),
  nrds: null,
  first_name: 'Ada',
  last_name: 'Admin',
  displayed_first_name: 'Ada',
  sort_name: 'Admin, Ada',
  name: 'Ada Admin',
  email: 'admin@demo.gavel.test',
  profile_display_url: null,
};

describe('demo seed', () => {
  let h: Harness;
  const asked: { subject: string; data: unknown }[] = [];

  beforeAll(async () => {
    h = await startHarness();
    // Stands in for identity and committees: answers in the Nest wire format under this file's prefix.
    for (const [subject, answer] of [
      [SUBJECTS.identity.tenantResolve, () => TENANT],
      [SUBJECTS.identity.usersList, () => [ADMIN]],
      [SUBJECTS.committees.committeeGet, () => FIN],
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

  const meetingEvents = async () => {
    await outboxDrained(h);
    const subjects = [EVENTS.meetings.meetingCreated, EVENTS.meetings.meetingUpdated];
    const out: string[] = [];
    for (const s of subjects)
      for (const e of await streamEvents<TMeetingEvent>(h, s))
        if (e.payload.tenantId === TENANT.id) out.push(s);
    return out;
  };

  it("runs the demo meeting 9:00 to 17:00 of the association's day, or on to two hours from now when seeded later", () => {
    const zone = 'America/New_York';
    expect(demoMeetingWindow(new Date('2026-11-20T15:00:00Z'), zone)).toEqual({
      start: new Date('2026-11-20T14:00:00Z'),
      end: new Date('2026-11-20T22:00:00Z'),
    });
    // 18:30 in New York: a window already over could not be created, nor the meeting started.
    expect(demoMeetingWindow(new Date('2026-11-20T23:30:00Z'), zone)).toEqual({
      start: new Date('2026-11-20T14:00:00Z'),
      end: new Date('2026-11-21T01:30:00Z'),
    });
  });

  it('creates FIN/M1 today and planned; is idempotent the same day; moves it on a later day', async () => {
    const demo = await fetchDemoCommittee(h.nc, { prefix: h.env.prefix });
    expect(demo).toMatchObject({
      tenantId: TENANT.id,
      committee: FIN,
      admin: { tenantId: TENANT.id, userId: ADMIN.id, roles: ['global admin'] },
    });
    expect(asked.map((a) => a.subject)).toEqual([
      SUBJECTS.identity.tenantResolve,
      SUBJECTS.identity.usersList,
      SUBJECTS.committees.committeeGet,
    ]);
    expect(asked[1]?.data).toMatchObject({ input: { email: 'admin@demo.gavel.test' } });
    expect(asked[2]?.data).toMatchObject({
      ctx: { tenantId: TENANT.id, userId: ADMIN.id, roles: ['global admin'] },
      input: { code: 'FIN' },
    });

    const day1 = new Date('2026-11-20T15:00:00Z');
    const first = await seedDemo(h.service.runtime.prisma, demo, { now: day1 });
    expect(first).toMatchObject({ action: 'created', day: '2026-11-20', status: 'planned' });
    expect(formatSummary(first)).toContain('/meeting/FIN/M1 on 2026-11-20 (planned): created');
    const admin = userCtx(TENANT.id, ['update meetings', 'run meetings']);
    const ref = { committeeCode: 'FIN', meetingCode: 'M1' };
    const created = (await h.call(SUBJECTS.meetings.retrieveMeeting, admin, ref, ZRetrieveMeetingReply))
      .meeting;
    expect(created).toMatchObject({
      status: 'planned',
      start: '2026-11-20T14:00:00.000Z',
      end: '2026-11-20T22:00:00.000Z',
    });

    expect(
      (await seedDemo(h.service.runtime.prisma, demo, { now: new Date('2026-11-20T23:30:00Z') })).action,
    ).toBe('unchanged');
    expect(await meetingEvents()).toEqual([EVENTS.meetings.meetingCreated]);

    // Started (and attended) on day 1; the next day's run puts it back to planned on that day.
    await h.service.runtime.prisma.meeting.update({
      where: { id: created.id },
      data: { status: 'ended', actualStart: day1, endedAt: day1 },
    });
    const moved = await seedDemo(h.service.runtime.prisma, demo, { now: new Date('2026-11-22T12:00:00Z') });
    expect(moved).toMatchObject({ action: 'moved', day: '2026-11-22', status: 'planned' });
    const again = await h.call(SUBJECTS.meetings.meetingGet, admin, ref, ZMeeting);
    expect(again).toMatchObject({
      id: created.id,
      status: 'planned',
      actual_start: null,
      ended_at: null,
      start: '2026-11-22T14:00:00.000Z',
    });
    expect(await meetingEvents()).toEqual([EVENTS.meetings.meetingCreated, EVENTS.meetings.meetingUpdated]);
    expect(await h.service.runtime.prisma.meeting.count()).toBe(1);
    // A calendar that imported day 1's file takes the moved meeting as an update of its event.
    const ics = await h.call(SUBJECTS.meetings.meetingCalendar, admin, ref, ZCalendarReply);
    expect(ics.body).toMatch(/^SEQUENCE:1\r?$/m);
  });
});
