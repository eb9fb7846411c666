import { randomUUID } from 'node:crypto';
import {
  EVENTS,
  FORBIDDEN_MESSAGE,
  SUBJECTS,
  type TAttendanceEvent,
  type TBroadcast,
  type TRequestContext,
  ZAttendanceChangeReply,
  ZAttendanceOfMeetingReply,
  ZAttendanceOfMemberReply,
  ZMeeting,
  ZMeetingListReply,
  ZRetrieveMeetingReply,
} from '@gavel/contracts';
import { prefixed } from '@gavel/service-kit';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attendanceCalls,
  type Harness,
  member,
  newMembership,
  newUser,
  outboxDrained,
  publishEvent,
  REF,
  startHarness,
  streamEvents,
  streamEventsUnder,
  userCtx,
  world,
} from './support.js';

const S = SUBJECTS.meetings;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const { rsvp, unrsvp, checkIn, checkOut, attendance, startMeeting } = attendanceCalls(() => h);

async function broadcasts(meetingId: string, kinds?: string[]) {
  await outboxDrained(h);
  return (await streamEvents<TBroadcast>(h, EVENTS.realtime.broadcast))
    .map((e) => e.payload)
    .filter((b) => b.channel === `meeting.${meetingId}` && (!kinds || kinds.includes(b.kind)));
}
async function attendanceEvents(meetingId: string) {
  return (await streamEventsUnder<TAttendanceEvent>(h, 'evt.meetings.attendance.'))
    .filter((e) => e.payload.meeting_id === meetingId)
    .map((e) => ({ verb: e.subject.split('.').pop(), ...e }));
}

/** Each broadcast of the user's changes says when it was made, later changes later (clients keep the latest). */
function expectChangeTimesInOrder(sent: TBroadcast[], userId: string) {
  const times = sent
    .map((b) => ZAttendanceChangeReply.parse(b.payload).member)
    .filter((m) => m.user_id === userId)
    .map((m) => Date.parse(m.changed_at ?? ''));
  expect(times.length).toBeGreaterThan(1);
  expect(times.every((t, i) => Number.isFinite(t) && (i === 0 || t >= (times[i - 1] ?? 0)))).toBe(true);
}

describe('RSVP', () => {
  it('own RSVP or modify meeting rsvps; counts on the meeting; broadcasts without staff fields', async () => {
    const { tenant, committee, admin, meeting } = await world(h);
    const ann = await member(h, tenant, committee.id);
    const bob = await member(h, tenant, committee.id);
    const rsvpEditor = userCtx(tenant, ['modify meeting rsvps']);

    const own = await rsvp(ann.ctx, ann.user.id, { attending: 'true', attending_via: 'remote' });
    expect(own.member.rsvp).toMatchObject({
      attending: true,
      attending_via: 'remote',
      attendee_type: 'membership',
      attendee_id: ann.membership.id,
    });
    expect(own.user.email).toBeUndefined();
    await expect(
      rsvp(ann.ctx, bob.user.id, { attending: true, attending_via: 'remote' }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await rsvp(rsvpEditor, bob.user.id, { attending: false, attending_via: '' });
    await expect(rsvp(ann.ctx, ann.user.id, { attending: true })).rejects.toMatchObject({
      code: 'bad_request',
      errors: { attending_via: ['The attending via field is required.'] },
    });
    await rsvp(ann.ctx, ann.user.id, { attending: true, attending_via: 'in_person' });
    // The same answer again changes nothing and announces nothing.
    await rsvp(ann.ctx, ann.user.id, { attending: true, attending_via: 'in_person' });

    const m = (await h.call(S.retrieveMeeting, ann.ctx, REF, ZRetrieveMeetingReply)).meeting;
    expect(m).toMatchObject({
      rsvp_count: 2,
      rsvp_attending_count: 1,
      rsvp_attending_in_person_count: 1,
      rsvp_attending_remote_count: 0,
      rsvp_not_attending_count: 1,
    });

    expect((await unrsvp(ann.ctx, ann.user.id)).member.rsvp).toBeNull();
    await expect(unrsvp(ann.ctx, bob.user.id)).rejects.toMatchObject({ code: 'forbidden' });
    await unrsvp(admin, bob.user.id);

    const sent = await broadcasts(meeting.id, ['rsvp.updated', 'rsvp.deleted']);
    expect(sent.map((b) => b.kind)).toEqual([
      'rsvp.updated',
      'rsvp.updated',
      'rsvp.updated',
      'rsvp.deleted',
      'rsvp.deleted',
    ]);
    expectChangeTimesInOrder(sent, ann.user.id);
    for (const b of sent) {
      const text = JSON.stringify(b.payload);
      expect(text).not.toContain('"email"');
      expect(text).not.toContain('"username"');
      expect(text).not.toContain('"nrds"');
      const staff = b.staff_payload as {
        user: { email: string; username: string; nrds: string };
        member: { nrds: string };
      };
      expect(staff.user.email).toMatch(/@example\.test$/);
      expect(staff.user.username).toBeTruthy();
      expect(staff.member.nrds).toBeTruthy();
    }
  });

  it('refuses RSVPs once the meeting has ended, unknown users and strangers', async () => {
    const { tenant, committee, admin } = await world(h);
    const ann = await member(h, tenant, committee.id);
    await expect(
      rsvp(admin, randomUUID(), { attending: true, attending_via: 'remote' }),
    ).rejects.toMatchObject({ code: 'not_found' });
    const stranger = await newUser(h, tenant);
    await expect(
      rsvp(userCtx(tenant, [], { userId: stranger.id }), stranger.id, {
        attending: true,
        attending_via: 'remote',
      }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await startMeeting(admin);
    await h.call(S.meetingEnd, admin, REF, ZMeeting);
    await expect(
      rsvp(ann.ctx, ann.user.id, { attending: true, attending_via: 'remote' }),
    ).rejects.toMatchObject({ code: 'rule_broken', message: 'RSVPs are closed: the meeting has ended.' });
  });
});

describe('RSVP counts on the Meeting entity', () => {
  const counts = (m: Record<string, unknown> | undefined) => [
    m?.rsvp_count,
    m?.rsvp_attending_count,
    m?.rsvp_attending_in_person_count,
    m?.rsvp_attending_remote_count,
    m?.rsvp_not_attending_count,
  ];

  it('follow every set, change and removal of RSVPs, per meeting', async () => {
    const { tenant, committee, admin, meeting } = await world(h);
    const later = new Date(Date.now() + 5 * 86400_000);
    const other = await h.call(
      S.meetingCreate,
      admin,
      {
        ...REF,
        code: 'M2',
        name: 'Later',
        start: later.toISOString(),
        end: new Date(later.getTime() + 3600_000).toISOString(),
        allow_remote: true,
      },
      ZMeeting,
    );
    const [ann, bob, cat] = [
      await member(h, tenant, committee.id),
      await member(h, tenant, committee.id),
      await member(h, tenant, committee.id),
    ];
    const rsvps = userCtx(tenant, ['modify meeting rsvps']);
    const m1 = async () =>
      counts((await h.call(S.retrieveMeeting, ann.ctx, REF, ZRetrieveMeetingReply)).meeting);
    const listed = async () => {
      const list = await h.call(S.meetingsList, admin, { committeeCode: 'FIN' }, ZMeetingListReply);
      return Object.fromEntries(list.map((m) => [m.code, counts(m)]));
    };
    //                 count, attending, in person, remote, not attending
    expect(await m1()).toEqual([0, 0, 0, 0, 0]);
    await rsvp(ann.ctx, ann.user.id, { attending: 'true', attending_via: 'remote' });
    expect(await m1()).toEqual([1, 1, 0, 1, 0]);
    await rsvp(rsvps, bob.user.id, { attending: true, attending_via: 'in_person' });
    expect(await m1()).toEqual([2, 2, 1, 1, 0]);
    // Not attending: the mode given is dropped, so it never counts as remote.
    const catNo = await rsvp(cat.ctx, cat.user.id, { attending: 'false', attending_via: 'remote' });
    expect(catNo.member.rsvp).toMatchObject({ attending: false, attending_via: null });
    expect(await m1()).toEqual([3, 2, 1, 1, 1]);
    // Changes move an RSVP between the counts; the total stays.
    await rsvp(ann.ctx, ann.user.id, { attending: true, attending_via: 'in_person' });
    expect(await m1()).toEqual([3, 2, 2, 0, 1]);
    await rsvp(rsvps, bob.user.id, { attending: false, attending_via: '' });
    expect(await m1()).toEqual([3, 1, 1, 0, 2]);
    await rsvp(cat.ctx, cat.user.id, { attending: true, attending_via: 'remote' });
    expect(await m1()).toEqual([3, 2, 1, 1, 1]);
    // Another meeting's RSVPs never count here.
    await rsvp(ann.ctx, ann.user.id, {
      committeeCode: 'FIN',
      meetingCode: 'M2',
      attending: true,
      attending_via: 'remote',
    });
    expect(await listed()).toEqual({ M1: [3, 2, 1, 1, 1], M2: [1, 1, 0, 1, 0] });
    // Every RSVP change sends the meeting state with its new counts, live; starting the meeting too.
    const liveCounts = async () =>
      (await broadcasts(meeting.id, ['meeting.state'])).map((b) =>
        counts((b.payload as { meeting: Record<string, unknown> }).meeting),
      );
    expect((await liveCounts()).at(-1)).toEqual([3, 2, 1, 1, 1]);
    // Removals.
    await unrsvp(ann.ctx, ann.user.id);
    expect(await m1()).toEqual([2, 1, 0, 1, 1]);
    expect((await liveCounts()).at(-1)).toEqual([2, 1, 0, 1, 1]);
    await unrsvp(rsvps, bob.user.id);
    expect(await m1()).toEqual([1, 1, 0, 1, 0]);
    expect(await listed()).toEqual({ M1: [1, 1, 0, 1, 0], M2: [1, 1, 0, 1, 0] });
    expect(other.rsvp_count).toBe(0);
    // Starting the meeting sends its state with the counts too; RSVPs then close (check-in takes over).
    await startMeeting(admin);
    expect((await liveCounts()).at(-1)).toEqual([1, 1, 0, 1, 0]);
    await expect(unrsvp(admin, cat.user.id)).rejects.toMatchObject({
      code: 'rule_broken',
      message: 'RSVPs are closed: the meeting has started.',
    });
    await expect(
      rsvp(ann.ctx, ann.user.id, { attending: true, attending_via: 'remote' }),
    ).rejects.toMatchObject({
      code: 'rule_broken',
      message: 'RSVPs are closed: the meeting has started.',
    });
    expect(await m1()).toEqual([1, 1, 0, 1, 0]);
  });
});

describe('concurrent RSVPs', () => {
  it('of one person leave one RSVP, counted once', async () => {
    const { tenant, committee } = await world(h);
    const ann = await member(h, tenant, committee.id);
    const answers = [
      { attending: true, attending_via: 'remote' },
      { attending: 'true', attending_via: 'in_person' },
      { attending: false },
      { attending: 'false', attending_via: '' },
      { attending: true, attending_via: 'remote' },
      { attending: true, attending_via: 'in_person' },
    ];
    const results = await Promise.allSettled(answers.map((a) => rsvp(ann.ctx, ann.user.id, a)));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await h.service.runtime.prisma.rsvp.count({ where: { tenantId: tenant } })).toBe(1);
    const m = (await h.call(S.retrieveMeeting, ann.ctx, REF, ZRetrieveMeetingReply)).meeting;
    expect(m.rsvp_count).toBe(1);
    expect(m.rsvp_attending_count + m.rsvp_not_attending_count).toBe(1);
  });
});

describe('validation, rules and tenants on RSVP and attendance calls', () => {
  it('answers bad input with per-field messages', async () => {
    const { tenant, committee, admin } = await world(h);
    const ann = await member(h, tenant, committee.id);
    await expect(
      rsvp(ann.ctx, ann.user.id, { attending: 'yes', attending_via: 'zoom' }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      errors: {
        attending: ['The attending field must be true or false.'],
        attending_via: ['The attending via field must be in_person, remote or empty.'],
      },
    });
    await expect(
      h.call(S.rsvpSet, ann.ctx, { ...REF, id: ann.user.id }, ZAttendanceChangeReply),
    ).rejects.toMatchObject({
      code: 'bad_request',
      errors: { attending: ['The attending field is required.'] },
    });
    await startMeeting(admin);
    await expect(checkIn(admin, ann.user.id, { attending_via: 'video' })).rejects.toMatchObject({
      code: 'bad_request',
      errors: { attending_via: ['The attending via field must be in_person, remote or empty.'] },
    });
    await expect(checkIn(admin, ann.user.id)).rejects.toMatchObject({
      code: 'bad_request',
      errors: { attending_via: ['The attending via field is required.'] },
    });
    // Nothing was written by the refused calls.
    expect(await h.service.runtime.prisma.rsvp.count({ where: { tenantId: tenant } })).toBe(0);
    expect(await h.service.runtime.prisma.attendee.count({ where: { tenantId: tenant } })).toBe(0);
  });

  it('answers an id that is not a user id with User not found on every RSVP and attendance call', async () => {
    const { admin } = await world(h);
    for (const id of ['not-a-uuid', '1', "a'b"]) {
      const notFound = { code: 'not_found', message: 'User not found.' };
      await expect(rsvp(admin, id, { attending: true, attending_via: 'remote' })).rejects.toMatchObject(
        notFound,
      );
      await expect(unrsvp(admin, id)).rejects.toMatchObject(notFound);
    }
    await startMeeting(admin);
    for (const id of ['not-a-uuid', '1', "a'b"]) {
      const notFound = { code: 'not_found', message: 'User not found.' };
      await expect(checkIn(admin, id, { attending_via: 'remote' })).rejects.toMatchObject(notFound);
      await expect(checkOut(admin, id)).rejects.toMatchObject(notFound);
    }
  });

  it('adding a non-member by RSVP needs the open visibility; removal of attendance needs a meeting in progress', async () => {
    const { tenant, committee, admin } = await world(h);
    const ann = await member(h, tenant, committee.id);
    const guest = await newUser(h, tenant);
    const rsvps = userCtx(tenant, ['modify meeting rsvps']);
    await expect(rsvp(rsvps, guest.id, { attending: true, attending_via: 'remote' })).rejects.toMatchObject({
      code: 'rule_broken',
      message: 'Only committee members can be added to this meeting.',
    });
    await expect(checkOut(admin, ann.user.id)).rejects.toMatchObject({
      code: 'rule_broken',
      message: 'Meeting not in progress',
    });
    await h.call(S.meetingUpdate, admin, { ...REF, visibility: 'open' }, ZMeeting);
    // Open: an editor adds them, but a plain member still cannot add someone else.
    await expect(rsvp(ann.ctx, guest.id, { attending: true, attending_via: 'remote' })).rejects.toMatchObject(
      {
        code: 'forbidden',
      },
    );
    expect((await rsvp(rsvps, guest.id, { attending: true, attending_via: 'remote' })).member).toMatchObject({
      is_member: false,
      rsvp: { attending: true, attendee_type: 'user' },
    });
  });

  it('a member removed from the committee is not let back in by the RSVP kept from before', async () => {
    const { tenant, committee, admin } = await world(h);
    const ann = await member(h, tenant, committee.id);
    await member(h, tenant, committee.id); // still a member: the meeting stays viewable to the editor below
    await rsvp(ann.ctx, ann.user.id, { attending: true, attending_via: 'remote' });
    await publishEvent(h, EVENTS.committees.membershipDeleted, {
      tenantId: tenant,
      membership: ann.membership,
    });
    await eventually(
      async () =>
        (await attendance(admin)).members.find((m) => m.user_id === ann.user.id)?.is_member === false,
      10_000,
    );
    // A committee-only meeting: neither they nor an editor may RSVP them (only members are added), and
    // they no longer see it.
    const rsvps = userCtx(tenant, ['modify meeting rsvps']);
    await expect(rsvp(rsvps, ann.user.id, { attending: false })).rejects.toMatchObject({
      code: 'rule_broken',
      message: 'Only committee members can be added to this meeting.',
    });
    await expect(rsvp(ann.ctx, ann.user.id, { attending: false })).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(attendance(ann.ctx)).rejects.toMatchObject({ code: 'forbidden' });
    // Removing what is left of them is still allowed.
    expect((await unrsvp(rsvps, ann.user.id)).member.rsvp).toBeNull();
    // An open meeting takes their RSVP again, as a non-member's.
    await h.call(S.meetingUpdate, admin, { ...REF, visibility: 'open' }, ZMeeting);
    expect((await rsvp(ann.ctx, ann.user.id, { attending: false })).member).toMatchObject({
      is_member: false,
      rsvp: { attending: false, attendee_type: 'user' },
    });
  });

  it("never changes another tenant's RSVPs or attendance, nor reaches another tenant's users", async () => {
    const { tenant, committee, admin } = await world(h);
    const ann = await member(h, tenant, committee.id);
    await rsvp(ann.ctx, ann.user.id, { attending: true, attending_via: 'remote' });
    await startMeeting(admin);
    await checkIn(admin, ann.user.id, { attending_via: 'remote' });

    // A caller of another tenant with every permission, even one holding a committee FIN and meeting M1.
    const otherWorld = await world(h);
    const outsider = otherWorld.admin;
    await startMeeting(outsider); // their own FIN/M1, in progress: only the target user is unknown there
    const outsiderNoMeeting = userCtx(randomUUID(), [
      'modify meeting rsvps',
      'modify meeting attendance',
      'run meetings',
    ]);
    for (const ctx of [outsider, outsiderNoMeeting]) {
      await expect(rsvp(ctx, ann.user.id, { attending: false, attending_via: '' })).rejects.toMatchObject({
        code: 'not_found',
      });
      await expect(unrsvp(ctx, ann.user.id)).rejects.toMatchObject({ code: 'not_found' });
      await expect(checkOut(ctx, ann.user.id)).rejects.toMatchObject({ code: 'not_found' });
      await expect(checkIn(ctx, ann.user.id, { attending_via: 'in_person' })).rejects.toMatchObject({
        code: 'not_found',
      });
    }
    // Our admin cannot pull a user of another tenant into our meeting.
    const foreign = await newUser(h, otherWorld.tenant);
    await h.call(S.meetingUpdate, admin, { ...REF, visibility: 'open' }, ZMeeting);
    await expect(checkIn(admin, foreign.id, { attending_via: 'remote' })).rejects.toMatchObject({
      code: 'not_found',
      message: 'User not found.',
    });
    await expect(rsvp(admin, foreign.id, { attending: true, attending_via: 'remote' })).rejects.toMatchObject(
      {
        code: 'not_found',
      },
    );

    const list = await attendance(admin);
    expect(list.rsvps).toEqual([expect.objectContaining({ user_id: ann.user.id, attending: true })]);
    expect(list.attendance).toEqual([
      expect.objectContaining({ user_id: ann.user.id, checked_in: true, attending_via: 'remote' }),
    ]);
    const prisma = h.service.runtime.prisma;
    expect(await prisma.rsvp.count({ where: { tenantId: otherWorld.tenant } })).toBe(0);
    expect(await prisma.attendee.count({ where: { tenantId: otherWorld.tenant } })).toBe(0);
  });
});

describe('attendance', () => {
  it('keeps check-in ranges; emits one attendance event and one broadcast per change', async () => {
    const { tenant, committee, admin, meeting } = await world(h);
    const ann = await member(h, tenant, committee.id);
    const staff = userCtx(tenant, ['modify meeting attendance']);
    await expect(checkIn(staff, ann.user.id, { attending_via: 'in_person' })).rejects.toMatchObject({
      code: 'rule_broken',
      message: 'Meeting not in progress',
    });
    await startMeeting(admin);

    const first = await checkIn(staff, ann.user.id, { attending_via: 'in_person' });
    expect(first.member.attendee).toMatchObject({
      attending_via: 'in_person',
      checked_in: true,
      deleted_at: null,
      attendee_type: 'membership',
    });
    expect(first.member.attendee?.checkIns).toHaveLength(1);
    expect(first.user.email).toBe(ann.user.email);
    // Same mode again: no change, nothing announced.
    await checkIn(staff, ann.user.id, { attending_via: 'in_person' });
    // Switch mode: the same range goes on.
    const switched = await checkIn(staff, ann.user.id, { attending_via: 'remote' });
    expect(switched.member.attendee).toMatchObject({ attending_via: 'remote', checked_in: true });
    expect(switched.member.attendee?.checkIns).toHaveLength(1);
    const out = await checkOut(staff, ann.user.id);
    expect(out.member.attendee?.checked_in).toBe(false);
    expect(out.member.attendee?.deleted_at).not.toBeNull();
    expect(out.member.attendee?.checkIns[0]?.deleted_at).not.toBeNull();
    await checkOut(staff, ann.user.id); // already out: no change
    const back = await checkIn(staff, ann.user.id, { attending_via: 'in_person' });
    expect(back.member.attendee?.checkIns).toHaveLength(2);
    expect(back.member.attendee?.checkIns[1]?.deleted_at).toBeNull();
    // attending: false in the body checks out like DELETE.
    expect((await checkIn(staff, ann.user.id, { attending: 'false' })).member.attendee?.checked_in).toBe(
      false,
    );

    const events = await attendanceEvents(meeting.id);
    expect(
      events.map((e) => [e.verb, e.payload.attendee.checked_in, e.payload.attendee.attending_via]),
    ).toEqual([
      ['updated', true, 'in_person'],
      ['updated', true, 'remote'],
      ['deleted', false, 'remote'],
      ['updated', true, 'in_person'],
      ['deleted', false, 'in_person'],
    ]);
    expect(events[0]?.payload).toMatchObject({
      tenantId: tenant,
      committee_id: committee.id,
      attendee: { attendee_type: 'membership', membership_id: ann.membership.id, user_id: ann.user.id },
    });
    expect(new Set(events.map((e) => e.messageId)).size).toBe(events.length);
    const sent = await broadcasts(meeting.id, ['attendee.added', 'attendee.updated']);
    expect(sent.map((b) => b.kind)).toEqual([
      'attendee.added',
      'attendee.updated',
      'attendee.updated',
      'attendee.updated',
      'attendee.updated',
    ]);
    expectChangeTimesInOrder(sent, ann.user.id);
    expect(out.member.changed_at).toBeDefined();
    for (const b of sent) {
      expect(JSON.stringify(b.payload)).not.toMatch(/"(email|username|nrds)"/);
      expect(JSON.stringify(b.staff_payload)).toContain(ann.user.email);
    }
  });

  it('a member checks in once themselves; switching, removal and others need staff', async () => {
    const { tenant, committee, admin } = await world(h, { allow_remote: false });
    const ann = await member(h, tenant, committee.id);
    const bob = await member(h, tenant, committee.id);
    await startMeeting(admin);
    await expect(checkIn(ann.ctx, bob.user.id)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(checkIn(ann.ctx, ann.user.id, { attending_via: 'remote' })).rejects.toMatchObject({
      code: 'bad_request',
      errors: { attending_via: ['This meeting does not allow attending remotely.'] },
    });
    // The only allowed mode is taken when none is given.
    const own = await checkIn(ann.ctx, ann.user.id);
    expect(own.member.attendee).toMatchObject({ attending_via: 'in_person', checked_in: true });
    expect(own.user.email).toBeUndefined();
    await expect(checkOut(ann.ctx, ann.user.id)).rejects.toMatchObject({ code: 'forbidden' });
    await checkOut(admin, ann.user.id);
    await expect(checkIn(ann.ctx, ann.user.id)).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Please see a staff member to change your check-in.',
    });
  });

  it("answers one member's attendance afresh, as its event carries it, to the member or a runner", async () => {
    const { tenant, committee, admin, meeting } = await world(h);
    const ann = await member(h, tenant, committee.id);
    const bob = await member(h, tenant, committee.id);
    const runner = userCtx(tenant, ['run meetings']);
    const ofMember = (ctx: TRequestContext, membershipId: string, meetingId = meeting.id) =>
      h.call(
        S.attendanceOfMember,
        ctx,
        { meeting_id: meetingId, membership_id: membershipId },
        ZAttendanceOfMemberReply,
      );
    // No attendee row yet: nothing to tell, to a runner or to the member; another member is refused.
    expect(await ofMember(runner, ann.membership.id)).toEqual({ event: null });
    expect(await ofMember(ann.ctx, ann.membership.id)).toEqual({ event: null });
    await expect(ofMember(bob.ctx, ann.membership.id)).rejects.toMatchObject({ code: 'forbidden' });
    await startMeeting(admin);
    await checkIn(ann.ctx, ann.user.id, { attending_via: 'in_person' });
    const [published] = (await attendanceEvents(meeting.id)).filter(
      (e) => e.payload.attendee.membership_id === ann.membership.id,
    );
    const own = await ofMember(ann.ctx, ann.membership.id);
    expect(own.event).toEqual(published?.payload);
    expect(own.event?.attendee.checked_in).toBe(true);
    await expect(ofMember(bob.ctx, ann.membership.id)).rejects.toMatchObject({ code: 'forbidden' });
    await checkOut(admin, ann.user.id);
    const out = await ofMember(runner, ann.membership.id);
    expect(out.event?.attendee.checked_in).toBe(false);
    expect(Date.parse(out.event?.attendee.at ?? '')).toBeGreaterThan(
      Date.parse(own.event?.attendee.at ?? ''),
    );
    // Unknown meetings and ids, and other tenants' meetings, are not found.
    await expect(ofMember(runner, ann.membership.id, randomUUID())).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(ofMember(runner, 'nope', meeting.id)).rejects.toMatchObject({ code: 'not_found' });
    const stranger = userCtx(randomUUID(), ['run meetings']);
    await expect(ofMember(stranger, ann.membership.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it("answers a meeting's whole attendance afresh to those who may start votes", async () => {
    const { tenant, committee, admin, meeting } = await world(h);
    const ann = await member(h, tenant, committee.id);
    const bob = await member(h, tenant, committee.id);
    const ofMeeting = (ctx: TRequestContext, meetingId = meeting.id) =>
      h.call(S.attendanceOfMeeting, ctx, { meeting_id: meetingId }, ZAttendanceOfMeetingReply);
    const runner = userCtx(tenant, ['run meetings']);
    expect(await ofMeeting(runner)).toEqual({ events: [] });
    await startMeeting(admin);
    await checkIn(ann.ctx, ann.user.id, { attending_via: 'in_person' });
    await checkIn(bob.ctx, bob.user.id, { attending_via: 'remote' });
    await checkOut(admin, bob.user.id);
    const published = await attendanceEvents(meeting.id);
    const latest = (membershipId: string) =>
      published.filter((e) => e.payload.attendee.membership_id === membershipId).at(-1)?.payload;
    const { events } = await ofMeeting(userCtx(tenant, ['update motions']));
    const byMember = new Map(events.map((e) => [e.attendee.membership_id, e]));
    expect(byMember.get(ann.membership.id)).toEqual(latest(ann.membership.id));
    expect(byMember.get(bob.membership.id)).toEqual(latest(bob.membership.id));
    expect(byMember.get(bob.membership.id)?.attendee.checked_in).toBe(false);
    // Members, staff with other permissions, other tenants and unknown meetings learn nothing.
    await expect(ofMeeting(ann.ctx)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(ofMeeting(userCtx(tenant, ['modify meeting attendance']))).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(ofMeeting(userCtx(randomUUID(), ['run meetings']))).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(ofMeeting(runner, randomUUID())).rejects.toMatchObject({ code: 'not_found' });
  });

  it('concurrent check-ins of one person open one range', async () => {
    const { tenant, committee, admin, meeting } = await world(h);
    const ann = await member(h, tenant, committee.id);
    await startMeeting(admin);
    await Promise.all([1, 2, 3, 4].map(() => checkIn(admin, ann.user.id, { attending_via: 'remote' })));
    const rows = await h.service.runtime.prisma.checkIn.findMany({ where: { tenantId: tenant } });
    expect(rows).toHaveLength(1);
    expect(await attendanceEvents(meeting.id)).toHaveLength(1);
  });

  it('adds a non-committee member only with staff rights and an open meeting', async () => {
    const { tenant, admin, meeting } = await world(h);
    const guest = await newUser(h, tenant);
    await startMeeting(admin);
    await expect(checkIn(admin, guest.id, { attending_via: 'remote' })).rejects.toMatchObject({
      code: 'rule_broken',
      message: 'Only committee members can be added to this meeting.',
    });
    await h.call(S.meetingUpdate, admin, { ...REF, visibility: 'open' }, ZMeeting);
    await expect(
      checkIn(userCtx(tenant, ['modify meeting rsvps']), guest.id, { attending_via: 'remote' }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    const added = await checkIn(admin, guest.id, { attending_via: 'remote' });
    expect(added.member).toMatchObject({
      is_member: false,
      is_voting: false,
      membership: null,
      attendee: { attendee_type: 'user', attendee_id: guest.id },
    });
    const [event] = await attendanceEvents(meeting.id);
    expect(event?.payload.attendee).toMatchObject({
      attendee_type: 'user',
      membership_id: null,
      user_id: guest.id,
      checked_in: true,
    });
    // The guest may now view the meeting even once it is no longer open.
    await h.call(S.meetingUpdate, admin, { ...REF, visibility: 'committee' }, ZMeeting);
    const guestCtx = userCtx(tenant, [], { userId: guest.id });
    expect((await h.call(S.retrieveMeeting, guestCtx, REF, ZRetrieveMeetingReply)).meeting.id).toBe(
      meeting.id,
    );
  });

  it('refuses a user outside the committee checking themselves in, even to an open meeting in progress', async () => {
    const { tenant, admin } = await world(h, { visibility: 'open' });
    const guest = await newUser(h, tenant);
    const guestCtx = userCtx(tenant, [], { userId: guest.id });
    await startMeeting(admin);
    // They may view the open meeting and are checking in no one but themselves: only staff add non-members.
    expect((await h.call(S.retrieveMeeting, guestCtx, REF, ZRetrieveMeetingReply)).meeting.status).toBe(
      'in_progress',
    );
    await expect(checkIn(guestCtx, guest.id, { attending_via: 'remote' })).rejects.toMatchObject({
      code: 'forbidden',
      message: FORBIDDEN_MESSAGE,
    });
    expect(await h.service.runtime.prisma.attendee.count({ where: { tenantId: tenant } })).toBe(0);
  });

  it('counts a checked-in guest appointed since as the member, once staff check them in again', async () => {
    const { tenant, committee, admin, meeting } = await world(h, { visibility: 'open' });
    const guest = await newUser(h, tenant);
    await startMeeting(admin);
    await checkIn(admin, guest.id, { attending_via: 'remote' });
    const membership = await newMembership(h, tenant, committee.id, guest.id);
    const again = await checkIn(admin, guest.id, { attending_via: 'remote' });
    expect(again.member).toMatchObject({
      is_member: true,
      attendee: { attendee_type: 'membership', attendee_id: membership.id, membership_id: membership.id },
    });
    // Voting learns that the check-in now counts for the membership; a check-in as it stood sends nothing.
    const events = await attendanceEvents(meeting.id);
    expect(events.map((e) => [e.payload.attendee.membership_id, e.payload.attendee.checked_in])).toEqual([
      [null, true],
      [membership.id, true],
    ]);
    await checkIn(admin, guest.id, { attending_via: 'remote' });
    expect(await attendanceEvents(meeting.id)).toHaveLength(2);
  });

  it('keeps a member removed and appointed again (the same membership) checked in as that member', async () => {
    const { tenant, committee, admin } = await world(h);
    const ann = await member(h, tenant, committee.id);
    await startMeeting(admin);
    await checkIn(admin, ann.user.id, { attending_via: 'in_person' });
    await publishEvent(h, EVENTS.committees.membershipDeleted, {
      tenantId: tenant,
      membership: ann.membership,
    });
    await eventually(async () => (await attendance(admin)).members[0]?.is_member === false, 10_000);
    await newMembership(h, tenant, committee.id, ann.user.id, { id: ann.membership.id });
    const [again, ...others] = (await attendance(admin)).members;
    expect(others).toEqual([]);
    expect(again).toMatchObject({
      is_member: true,
      is_voting: true,
      membership: { id: ann.membership.id },
      attendee: { membership_id: ann.membership.id, checked_in: true },
    });
  });

  it('closes open check-in ranges when the meeting ends, one attendance event each', async () => {
    const { tenant, committee, admin, meeting } = await world(h);
    const [ann, bob, cat] = await Promise.all([1, 2, 3].map(() => member(h, tenant, committee.id)));
    if (!ann || !bob || !cat) throw new Error('members');
    await startMeeting(admin);
    await checkIn(admin, ann.user.id, { attending_via: 'remote' });
    await checkIn(admin, bob.user.id, { attending_via: 'in_person' });
    await checkIn(admin, cat.user.id, { attending_via: 'in_person' });
    await checkOut(admin, cat.user.id);
    await h.call(S.meetingEnd, admin, REF, ZMeeting);
    const list = await attendance(admin);
    for (const who of [ann, bob]) {
      const a = list.attendance.find((x) => x.user_id === who.user.id);
      expect(a?.checkIns[0]?.deleted_at).not.toBeNull();
      expect(a?.deleted_at).toBeNull();
    }
    await expect(checkIn(admin, ann.user.id, { attending_via: 'remote' })).rejects.toMatchObject({
      code: 'rule_broken',
    });
    // Those still checked in get one 'deleted' each; the one who had left gets none more.
    const events = await attendanceEvents(meeting.id);
    const of = (userId: string) =>
      events
        .filter((e) => e.payload.attendee.user_id === userId)
        .map((e) => [e.verb, e.payload.attendee.checked_in]);
    for (const who of [ann, bob])
      expect(of(who.user.id)).toEqual([
        ['updated', true],
        ['deleted', false],
      ]);
    expect(of(cat.user.id)).toEqual([
      ['updated', true],
      ['deleted', false],
    ]);
  });
});

describe('retrieve/attendance', () => {
  it('lists members and attendees; staff see email/username/nrds, runners see voting status', async () => {
    const { tenant, committee, admin, meeting } = await world(h, { visibility: 'open' });
    const ann = await member(h, tenant, committee.id, {
      user: { first_name: 'Ann', last_name: 'Able' },
      membership: { position: 'Chair', demographic: 'South' },
    });
    const bob = await member(h, tenant, committee.id, { user: { first_name: 'Bob', last_name: 'Baker' } });
    const cat = await member(h, tenant, committee.id, {
      user: { first_name: 'Cat', last_name: 'Cole' },
      membership: { position: 'Advisor', is_voting: false },
    });
    await member(h, tenant, committee.id, { membership: { appointment_status: 'Declined' } });
    const guest = await newUser(h, tenant, { first_name: 'Gus', last_name: 'Guest' });
    await rsvp(bob.ctx, bob.user.id, { attending: false });
    await startMeeting(admin);
    await checkIn(admin, ann.user.id, { attending_via: 'in_person' });
    await checkIn(admin, guest.id, { attending_via: 'remote' });

    const plain = await attendance(ann.ctx);
    expect(plain.members.map((m) => m.name)).toEqual(['Ann ' + 'Able', 'Bob Baker', 'Cat Cole', 'Gus Guest']);
    expect(JSON.stringify(plain)).not.toMatch(/"(email|username|nrds)"|voting_status/);
    expect(plain.members[0]).toMatchObject({
      is_member: true,
      is_voting: true,
      sort_name: 'Able, Ann',
      membership: {
        position: 'Chair',
        demographic: 'South',
        display_demographic: 'South',
        search_demographic: 'south',
      },
      attendee: { checked_in: true, attending_via: 'in_person' },
    });
    expect(plain.members[2]).toMatchObject({ is_voting: false });
    expect(plain.members[3]).toMatchObject({ is_member: false, attendee: { attendee_type: 'user' } });
    expect(plain.rsvps).toHaveLength(1);
    expect(plain.attendance).toHaveLength(2);
    expect(plain.users).toHaveLength(4);

    const staff = await attendance(userCtx(tenant, ['modify meeting attendance']));
    expect(staff.users.find((u) => u.id === ann.user.id)).toMatchObject({
      email: ann.user.email,
      username: ann.user.username,
      nrds: ann.user.nrds,
    });
    expect(staff.members[0]?.nrds).toBe(ann.user.nrds);
    expect(staff.members[0]?.voting_status).toBeUndefined();

    // Runners: no vote yet → null; a vote started but the voting service not answering → still null for
    // everyone (not 'no vote', which would be a guess); its answers are the next test's.
    const runner = userCtx(tenant, ['run meetings']);
    expect((await attendance(runner)).members[0]?.voting_status).toBeNull();
    const voteId = randomUUID();
    await publishEvent(h, 'evt.voting.vote.started', {
      tenantId: tenant,
      vote: {
        id: voteId,
        meeting_id: meeting.id,
        started_at: new Date(Date.now() - 1000).toISOString(),
        ended_at: new Date(Date.now() + 60_000).toISOString(),
        maximum_responses: 2,
      },
    });
    await eventually(
      async () => (await h.service.runtime.prisma.voteCopy.count({ where: { id: voteId } })) === 1,
    );
    const statuses = Object.fromEntries(
      (await attendance(runner)).members.map((m) => [m.name, m.voting_status]),
    );
    expect(statuses).toEqual({
      'Ann Able': null,
      'Bob Baker': null,
      'Cat Cole': null,
      'Gus Guest': null,
    });
    expect(cat.membership.is_voting).toBe(false);

    // A revote discards the vote (voting's own event shape): no current vote any more.
    await publishEvent(h, 'evt.voting.vote.updated', {
      tenantId: tenant,
      vote: {
        id: voteId,
        meeting_id: meeting.id,
        email_vote_id: null,
        motion_id: randomUUID(),
        type: 'motion',
        started_at: new Date(Date.now() - 1000).toISOString(),
        ended_at: new Date().toISOString(),
        is_finalized: false,
        discarded: true,
      },
    });
    await eventually(
      async () => (await h.service.runtime.prisma.voteCopy.count({ where: { id: voteId } })) === 0,
    );
    expect((await attendance(runner)).members[0]?.voting_status).toBeNull();
  });

  it("runners' voting status comes from voting.member.status when the voting service answers", async () => {
    const { tenant, committee, admin, meeting } = await world(h);
    const ann = await member(h, tenant, committee.id, { user: { last_name: 'Aa' } });
    const bob = await member(h, tenant, committee.id, { user: { last_name: 'Bb' } });
    await startMeeting(admin);
    const voteId = randomUUID();
    await publishEvent(h, 'evt.voting.vote.started', {
      tenantId: tenant,
      vote: {
        id: voteId,
        meeting_id: meeting.id,
        started_at: new Date(Date.now() - 1000).toISOString(),
        ended_at: new Date(Date.now() + 60_000).toISOString(),
      },
    });
    await eventually(
      async () => (await h.service.runtime.prisma.voteCopy.count({ where: { id: voteId } })) === 1,
    );
    const asked: unknown[] = [];
    const sub = h.nc.subscribe(prefixed(h.env.prefix, SUBJECTS.voting.memberStatus), {
      callback: (_err, msg) => {
        const packet = msg.json<{ id: string; data: unknown }>();
        asked.push(packet.data);
        const row = (membership_id: string, user_id: string, status: string) => ({
          membership_id,
          user_id,
          eligible: true,
          responses_cast: status === 'voted' ? 2 : 1,
          status,
        });
        const data = {
          vote_id: voteId,
          maximum_responses: 2,
          members: [
            row(ann.membership.id, ann.user.id, 'partial_vote'),
            row(bob.membership.id, bob.user.id, 'voted'),
          ],
        };
        msg.respond(JSON.stringify({ id: packet.id, response: { ok: true, data }, isDisposed: true }));
      },
    });
    await h.nc.flush();
    try {
      const runner = userCtx(tenant, ['run meetings']);
      const list = await attendance(runner);
      expect(list.members.map((m) => m.voting_status)).toEqual(['partial', 'voted']);
      expect(asked[0]).toMatchObject({
        ctx: { tenantId: tenant, userId: runner.userId },
        input: { vote_id: voteId },
      });
    } finally {
      sub.unsubscribe();
    }
  });

  it("refuses strangers and other tenants' callers", async () => {
    const { tenant } = await world(h);
    await expect(attendance(userCtx(tenant))).rejects.toMatchObject({ code: 'forbidden' });
    await expect(attendance(userCtx(randomUUID(), ['modify meeting attendance']))).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});

describe('RSVP and attendance changes racing a phase change', () => {
  const prisma = () => h.service.runtime.prisma;

  /** Another request part-way through: it holds the rows `sql` locks until released. */
  async function holdRows(sql: string, ...values: unknown[]) {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const done = prisma().$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe(sql, ...values);
        locked();
        await released;
      },
      { timeout: 30_000, maxWait: 10_000 },
    );
    await isLocked;
    return async () => {
      release();
      await done;
    };
  }

  /** Statements of this file's database waiting for a lock. */
  async function lockWaits(): Promise<number> {
    const [row] = await prisma().$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    return row?.n ?? 0;
  }

  /**
   * Runs `change`, which waits on the held rows after it has read the meeting, then `phase` (start or end)
   * meanwhile; releases the rows once the phase change is done or waits in turn (for the change).
   */
  async function race<A, B>(release: () => Promise<void>, change: () => Promise<A>, phase: () => Promise<B>) {
    const changing = change().then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    await eventually(async () => (await lockWaits()) >= 1, 10_000);
    let phased = false;
    const phasing = phase().finally(() => {
      phased = true;
    });
    await eventually(async () => phased || (await lockWaits()) >= 2, 10_000);
    await release();
    return { phased: await phasing, changed: await changing };
  }

  it('a check-in racing End Meeting is refused or closed by it: no check-in range stays open', async () => {
    const { tenant, committee, admin, meeting } = await world(h);
    const ann = await member(h, tenant, committee.id);
    await startMeeting(admin);
    await checkIn(admin, ann.user.id, { attending_via: 'remote' });
    await checkOut(admin, ann.user.id);
    const release = await holdRows(
      `SELECT 1 FROM "meetings".attendees WHERE tenant_id = $1::uuid AND user_id = $2::uuid FOR UPDATE`,
      tenant,
      ann.user.id,
    );
    const { phased, changed } = await race(
      release,
      () => checkIn(admin, ann.user.id, { attending_via: 'remote' }),
      () => h.call(S.meetingEnd, admin, REF, ZMeeting),
    );
    expect(phased.status).toBe('ended');

    const a = (await attendance(admin)).attendance.find((x) => x.user_id === ann.user.id);
    const events = await attendanceEvents(meeting.id);
    if (changed.ok) {
      // Landed before the end: a second range was opened, and End Meeting closed it.
      expect(changed.value.member.attendee).toMatchObject({ checked_in: true, attending_via: 'remote' });
      expect(a?.checkIns).toHaveLength(2);
      expect(events.map((e) => e.payload.attendee.checked_in)).toEqual([true, false, true, false]);
    } else {
      // Refused after the end: nothing was written or announced.
      expect(changed.error).toMatchObject({ code: 'rule_broken', message: 'Meeting not in progress' });
      expect(a?.checkIns).toHaveLength(1);
      expect(events.map((e) => e.payload.attendee.checked_in)).toEqual([true, false]);
    }
    expect(a?.checked_in).toBe(false);
    expect(a?.checkIns.filter((c) => c.deleted_at === null)).toEqual([]);
    // The voting service's last word on the member for this meeting: not checked in.
    expect(events.at(-1)?.payload.attendee.checked_in).toBe(false);
  });

  it('a check-in that waited for another change of the attendee is timed after it, not before', async () => {
    // Voting keeps the latest check-in change by its time: a check-in stamped before a check-out that
    // committed while it waited would be dropped there, leaving the member unable to vote.
    const { tenant, committee, admin } = await world(h);
    const ann = await member(h, tenant, committee.id);
    await startMeeting(admin);
    await checkIn(admin, ann.user.id, { attending_via: 'remote' });
    await checkOut(admin, ann.user.id);
    const release = await holdRows(
      `SELECT 1 FROM "meetings".attendees WHERE tenant_id = $1::uuid AND user_id = $2::uuid FOR UPDATE`,
      tenant,
      ann.user.id,
    );
    const checkingIn = checkIn(admin, ann.user.id, { attending_via: 'remote' });
    await eventually(async () => (await lockWaits()) >= 1, 10_000);
    // The check-in is waiting: a time it read before its wait is no later than this millisecond.
    const waitingBy = Date.now();
    // The other change lets go of the attendee in a later millisecond (the precision of the service's
    // times), so a check-in timed before its wait would be timed before the release, however fast or slow
    // the machine.
    await eventually(async () => Date.now() > waitingBy);
    const releasedAt = Date.now();
    await release();
    await checkingIn;
    const a = (await attendance(admin)).attendance.find((x) => x.user_id === ann.user.id);
    const open = a?.checkIns.find((c) => c.deleted_at === null);
    expect(Date.parse(open?.created_at ?? '')).toBeGreaterThanOrEqual(releasedAt);
  });

  it('an RSVP racing Start Meeting lands before the start or is refused; the live state stays in progress', async () => {
    const { tenant, committee, admin, meeting } = await world(h);
    const ann = await member(h, tenant, committee.id);
    await rsvp(ann.ctx, ann.user.id, { attending: true, attending_via: 'remote' });
    const release = await holdRows(
      `SELECT 1 FROM "meetings".rsvps WHERE tenant_id = $1::uuid AND user_id = $2::uuid FOR UPDATE`,
      tenant,
      ann.user.id,
    );
    const { phased, changed } = await race(
      release,
      () => rsvp(ann.ctx, ann.user.id, { attending: true, attending_via: 'in_person' }),
      () => startMeeting(admin),
    );
    expect(phased.status).toBe('in_progress');
    const m = (await h.call(S.retrieveMeeting, ann.ctx, REF, ZRetrieveMeetingReply)).meeting;
    const inPersonAndRemote = [m.rsvp_attending_in_person_count, m.rsvp_attending_remote_count];
    if (changed.ok) {
      // Landed before the start: the RSVP is now in person.
      expect(changed.value.member.rsvp).toMatchObject({ attending: true, attending_via: 'in_person' });
      expect(inPersonAndRemote).toEqual([1, 0]);
    } else {
      // Refused once the meeting had started: the RSVP stays remote.
      expect(changed.error).toMatchObject({
        code: 'rule_broken',
        message: 'RSVPs are closed: the meeting has started.',
      });
      expect(inPersonAndRemote).toEqual([0, 1]);
    }

    // Pages follow the last meeting state sent: the meeting is in progress, with the counts it started with.
    const states = (await broadcasts(meeting.id, ['meeting.state'])).map(
      (b) => (b.payload as { meeting: { status: string; rsvp_attending_in_person_count: number } }).meeting,
    );
    expect(states.at(-1)?.status).toBe('in_progress');
    expect(states.at(-1)?.rsvp_attending_in_person_count).toBe(m.rsvp_attending_in_person_count);
  });
});
