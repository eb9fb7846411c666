import {
  SUBJECTS,
  type TRequestContext,
  ZAttendanceChangeReply,
  ZMeeting,
  ZMyMeetingsReply,
} from '@gavel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Harness,
  meetingInput,
  member,
  newCommittee,
  newMembership,
  newUser,
  REF,
  startHarness,
  userCtx,
  world,
} from './support.js';

const S = SUBJECTS.meetings;
const DAY = 24 * 3600_000;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const mine = (ctx: TRequestContext) => h.call(S.myMeetings, ctx, {}, ZMyMeetingsReply);
const codes = async (ctx: TRequestContext) => (await mine(ctx)).map((m) => m.meeting.code);

/** A meeting input `offsetMs` from now, two hours long. */
function at(code: string, offsetMs: number, overrides: Record<string, unknown> = {}) {
  const start = new Date(Date.now() + offsetMs);
  return meetingInput({
    code,
    start: start.toISOString(),
    end: new Date(start.getTime() + 2 * 3600_000).toISOString(),
    ...overrides,
  });
}

/**
 * A tenant with committee FIN and its meetings: M1 (planned, now), LATER (planned, in three days), LIVE
 * (in progress, its scheduled start moved two days back), PAST (planned, a day and a half ago, never
 * started), DONE (started and ended today) and MULTI (planned, from yesterday to tomorrow: 'today' on each
 * of its days, so still to be started).
 */
async function finWithMeetings() {
  const w = await world(h);
  const create = (input: Record<string, unknown>) => h.call(S.meetingCreate, w.admin, input, ZMeeting);
  const ref = (meetingCode: string) => ({ committeeCode: 'FIN', meetingCode });
  await create(at('LATER', 3 * DAY));
  // Created ahead (a new meeting must end in the future), then its day passes without a start.
  const past = await create(at('PAST', DAY));
  await h.service.runtime.prisma.meeting.update({
    where: { id: past.id },
    data: { start: new Date(Date.now() - 1.5 * DAY), end: new Date(Date.now() - 1.5 * DAY + 2 * 3600_000) },
  });
  const multi = await create(at('MULTI', DAY));
  await h.service.runtime.prisma.meeting.update({
    where: { id: multi.id },
    data: { start: new Date(Date.now() - DAY), end: new Date(Date.now() + DAY) },
  });
  const live = await create(at('LIVE', 0));
  await h.call(S.meetingStart, w.admin, ref('LIVE'), ZMeeting);
  await h.service.runtime.prisma.meeting.update({
    where: { id: live.id },
    data: { start: new Date(Date.now() - 2 * DAY) },
  });
  await create(at('DONE', 0));
  await h.call(S.meetingStart, w.admin, ref('DONE'), ZMeeting);
  await h.call(S.meetingEnd, w.admin, ref('DONE'), ZMeeting);
  return w;
}

describe('GET /api/me/meetings', () => {
  it("lists a member's planned meetings from today on and those in progress, soonest first, with their RSVP", async () => {
    const w = await finWithMeetings();
    const ann = await member(h, w.tenant, w.committee.id);

    const list = await mine(ann.ctx);
    expect(list.map((m) => [m.meeting.code, m.meeting.status])).toEqual([
      ['LIVE', 'in_progress'],
      ['MULTI', 'planned'],
      ['M1', 'planned'],
      ['LATER', 'planned'],
    ]);
    expect(list[2]).toMatchObject({
      committee: { id: w.committee.id, code: 'FIN', name: 'Finance Committee', year: 2026 },
      is_member: true,
      rsvp: null,
      meeting: { id: w.meeting.id, committee_code: 'FIN', is_today: true, rsvp_count: 0 },
    });
    // Members never get the admin-only settings.
    expect(list.every((m) => m.meeting.video_url === undefined)).toBe(true);

    await h.call(
      S.rsvpSet,
      ann.ctx,
      { ...REF, id: ann.user.id, attending: true, attending_via: 'remote' },
      ZAttendanceChangeReply,
    );
    const after = (await mine(ann.ctx)).find((m) => m.meeting.code === 'M1');
    expect(after).toMatchObject({
      rsvp: { attending: true, attending_via: 'remote' },
      meeting: { rsvp_count: 1, rsvp_attending_remote_count: 1 },
    });
  });

  it('counts tentative appointments and leaves declined ones out', async () => {
    const w = await world(h);
    const tentative = await member(h, w.tenant, w.committee.id, {
      membership: { appointment_status: 'Tentative' },
    });
    const declined = await member(h, w.tenant, w.committee.id, {
      membership: { appointment_status: 'Declined' },
    });
    expect(await codes(tentative.ctx)).toEqual(['M1']);
    expect(await mine(declined.ctx)).toEqual([]);
    // Not even permissions that open every meeting's page list meetings the user has no part in.
    expect(await mine(userCtx(w.tenant, ['view any meeting', 'run meetings']))).toEqual([]);
  });

  it('adds meetings the user was added to as a non-member, and nothing else of that committee', async () => {
    const w = await world(h);
    const ann = await member(h, w.tenant, w.committee.id);
    await newCommittee(h, w.tenant, { code: 'BRD', name: 'Board of Directors' });
    const boardMeeting = (code: string, extra: Record<string, unknown> = {}) =>
      h.call(S.meetingCreate, w.admin, at(code, 3600_000, { committeeCode: 'BRD', ...extra }), ZMeeting);
    await boardMeeting('B1', { visibility: 'open' });
    await boardMeeting('B2', { visibility: 'open' });
    expect(await codes(ann.ctx)).toEqual(['M1']);

    await h.call(
      S.rsvpSet,
      userCtx(w.tenant, ['modify meeting rsvps']),
      { committeeCode: 'BRD', meetingCode: 'B1', id: ann.user.id, attending: false, attending_via: '' },
      ZAttendanceChangeReply,
    );
    const list = await mine(ann.ctx);
    expect(list.map((m) => m.meeting.code)).toEqual(['M1', 'B1']);
    expect(list[1]).toMatchObject({
      committee: { code: 'BRD', name: 'Board of Directors' },
      is_member: false,
      rsvp: { attending: false, attending_via: null },
    });

    // A guest who is no member anywhere sees just the meeting they were added to.
    const guest = await newUser(h, w.tenant);
    await h.call(
      S.rsvpSet,
      userCtx(w.tenant, ['modify meeting rsvps']),
      { committeeCode: 'BRD', meetingCode: 'B2', id: guest.id, attending: true, attending_via: 'in_person' },
      ZAttendanceChangeReply,
    );
    expect(await codes(userCtx(w.tenant, [], { userId: guest.id }))).toEqual(['B2']);
  });

  it("never lists another tenant's meetings, even for the same user id", async () => {
    const ours = await world(h);
    const ann = await member(h, ours.tenant, ours.committee.id);
    const theirs = await world(h, { code: 'X1' });
    await newMembership(h, theirs.tenant, theirs.committee.id, ann.user.id);

    const here = await mine(ann.ctx);
    expect(here.map((m) => m.meeting.id)).toEqual([ours.meeting.id]);
    const there = await mine({ ...ann.ctx, tenantId: theirs.tenant });
    expect(there.map((m) => m.meeting.id)).toEqual([theirs.meeting.id]);
  });

  it('needs a signed-in user', async () => {
    const w = await world(h);
    await expect(mine({ ...userCtx(w.tenant), userId: null })).rejects.toMatchObject({
      code: 'unauthenticated',
    });
  });
});
