import { randomUUID } from 'node:crypto';
import {
  EVENTS,
  type Permission,
  SUBJECTS,
  type TCommitteeEvent,
  type TEmailVoteEvent,
  type TMembershipEvent,
  type TRequestContext,
  type TUserEvent,
  ZAttendanceChangeReply,
  ZMeeting,
  ZRetrieveAttendanceReply,
} from '@gavel/contracts';
import {
  announcedUser,
  newTenantId,
  publishEvent,
  type ServiceHarness,
  startServiceHarness,
  userCtx,
} from '@gavel/service-kit/testing';
import { eventually } from '@gavel/test-kit';
import { type RunningMeetings, startMeetings } from '../src/start.js';
import type { VideoProviders } from '../src/video/join.service.js';

/**
 * One running meetings service per test file, on its own database and subject prefix, called through NATS
 * the way the gateway calls it. Committees, memberships and users arrive as the other services' events.
 */

// The kit's, re-exported so the tests keep importing them from here.
export {
  newTenantId,
  outboxDrained,
  publishEvent,
  streamEvents,
  streamEventsUnder,
  userCtx,
} from '@gavel/service-kit/testing';

export type Harness = ServiceHarness<RunningMeetings>;

/**
 * A fixed-offset time zone where it is about noon now. "Today" (start only when today, meetings from today
 * on) is the association's day: a test that creates a meeting "now" and reads it a second later must not
 * straddle that zone's midnight, as one run at 05:00 UTC did with the default America/New_York.
 */
export function middayTimeZone(now = new Date()): string {
  const offset = 12 - now.getUTCHours(); // hours east of UTC, -11..12
  if (offset === 0) return 'Etc/UTC';
  // The Etc/GMT names count west as positive.
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

export function startHarness(
  opts: { env?: Record<string, string>; videoProviders?: VideoProviders } = {},
): Promise<Harness> {
  return startServiceHarness((vars) => startMeetings(vars, { videoProviders: opts.videoProviders }), {
    client: 'meetings-test-client',
    vars: { MEETINGS_TIME_ZONE: middayTimeZone(), ...opts.env },
  });
}

/** A user as identity announces it, waited for in the read model. */
export async function newUser(
  h: Harness,
  tenantId: string,
  overrides: Partial<TUserEvent['user']> = {},
): Promise<TUserEvent['user']> {
  const user = announcedUser(overrides);
  await publishEvent(h, EVENTS.identity.userCreated, { tenantId, user });
  await eventually(
    async () => (await h.service.runtime.prisma.userCopy.count({ where: { tenantId, id: user.id } })) === 1,
    10_000,
  );
  return user;
}

/** A committee as committees announces it, waited for in the read model. */
export async function newCommittee(
  h: Harness,
  tenantId: string,
  overrides: Partial<TCommitteeEvent['committee']> = {},
): Promise<TCommitteeEvent['committee']> {
  const committee: TCommitteeEvent['committee'] = {
    id: randomUUID(),
    code: 'FIN',
    name: 'Finance Committee',
    year: 2026,
    quorum: 3,
    two_thirds_vote: false,
    chair_position: 'Chair',
    vchair_position: null,
    voting_rights: [
      { position: 'Chair', is_voting: true },
      { position: 'Member', is_voting: true },
      { position: 'Advisor', is_voting: false },
    ],
    has_demographic: true,
    demographic_name: 'Region',
    demographic_is_displayed: true,
    demographic_motion_filterable: true,
    demographic_display_prepend: false,
    demographics: ['North', 'South'],
    ...overrides,
  };
  await publishEvent(h, EVENTS.committees.committeeCreated, { tenantId, committee });
  await eventually(
    async () =>
      (await h.service.runtime.prisma.committeeCopy.count({ where: { tenantId, id: committee.id } })) === 1,
    10_000,
  );
  return committee;
}

/** A membership as committees announces it, waited for in the read model. */
export async function newMembership(
  h: Harness,
  tenantId: string,
  committeeId: string,
  userId: string,
  overrides: Partial<TMembershipEvent['membership']> = {},
): Promise<TMembershipEvent['membership']> {
  const membership: TMembershipEvent['membership'] = {
    id: randomUUID(),
    committee_id: committeeId,
    user_id: userId,
    position: 'Member',
    is_voting: true,
    demographic: 'North',
    appointment_status: 'Accepted',
    ...overrides,
  };
  await publishEvent(h, EVENTS.committees.membershipCreated, { tenantId, membership });
  await eventually(
    async () =>
      (await h.service.runtime.prisma.membershipCopy.count({ where: { tenantId, id: membership.id } })) === 1,
    10_000,
  );
  return membership;
}

/** An email vote as voting announces it (created), waited for in the read model. */
export async function newEmailVote(
  h: Harness,
  tenantId: string,
  committeeId: string,
  overrides: Partial<TEmailVoteEvent['email_vote']> = {},
): Promise<TEmailVoteEvent['email_vote']> {
  const start = new Date();
  const emailVote: TEmailVoteEvent['email_vote'] = {
    id: randomUUID(),
    committee_id: committeeId,
    code: 'EV1',
    name: 'Bylaws Ballot',
    start: start.toISOString(),
    end: new Date(start.getTime() + 2 * 24 * 3600_000).toISOString(),
    ...overrides,
  };
  await publishEvent(h, EVENTS.voting.emailVoteCreated, { tenantId, email_vote: emailVote });
  await eventually(
    async () =>
      (await h.service.runtime.prisma.emailVoteCopy.count({ where: { tenantId, id: emailVote.id } })) === 1,
    10_000,
  );
  return emailVote;
}

/** Default meeting input: today, now until in two hours, in person and remote. */
export function meetingInput(overrides: Record<string, unknown> = {}) {
  const start = new Date();
  return {
    committeeCode: 'FIN',
    code: 'M1',
    name: 'Monthly Meeting',
    description: '<p>Agenda</p>',
    start: start.toISOString(),
    end: new Date(start.getTime() + 2 * 3600_000).toISOString(),
    allow_in_person: true,
    allow_remote: true,
    location_name: 'Board Room',
    location_address: '1 Main St',
    ...overrides,
  };
}

export const ALL_MEETING_PERMISSIONS: Permission[] = [
  'create meetings',
  'update meetings',
  'delete meetings',
  'run meetings',
  'modify meeting attendance',
  'modify meeting rsvps',
];

/** A tenant with committee FIN, an admin holding every meeting permission, and a meeting M1 today. */
export async function world(h: Harness, meetingOverrides: Record<string, unknown> = {}) {
  const tenant = newTenantId();
  const committee = await newCommittee(h, tenant);
  const admin = userCtx(tenant, ALL_MEETING_PERMISSIONS);
  const meeting = await h.call(
    SUBJECTS.meetings.meetingCreate,
    admin,
    meetingInput(meetingOverrides),
    ZMeeting,
  );
  return { tenant, committee, admin, meeting };
}

/** A committee member with a matching request context. */
export async function member(
  h: Harness,
  tenant: string,
  committeeId: string,
  opts: {
    permissions?: Permission[];
    membership?: Partial<TMembershipEvent['membership']>;
    user?: Partial<TUserEvent['user']>;
  } = {},
) {
  const user = await newUser(h, tenant, opts.user);
  const membership = await newMembership(h, tenant, committeeId, user.id, opts.membership);
  return { user, membership, ctx: userCtx(tenant, opts.permissions ?? [], { userId: user.id }) };
}

export const REF = { committeeCode: 'FIN', meetingCode: 'M1' };

/** RSVP, attendance and list calls on the meeting REF, as the gateway makes them (`harness` read per call). */
export function attendanceCalls(harness: () => Harness) {
  const S = SUBJECTS.meetings;
  const on = (subject: string, ctx: TRequestContext, input: Record<string, unknown>) =>
    harness().call(subject, ctx, { ...REF, ...input }, ZAttendanceChangeReply);
  return {
    rsvp: (ctx: TRequestContext, id: string, body: Record<string, unknown>) =>
      on(S.rsvpSet, ctx, { id, ...body }),
    unrsvp: (ctx: TRequestContext, id: string) => on(S.rsvpDelete, ctx, { id }),
    checkIn: (ctx: TRequestContext, id: string, body: Record<string, unknown> = {}) =>
      on(S.attendanceSet, ctx, { id, ...body }),
    checkOut: (ctx: TRequestContext, id: string) => on(S.attendanceDelete, ctx, { id }),
    attendance: (ctx: TRequestContext) =>
      harness().call(S.retrieveAttendance, ctx, REF, ZRetrieveAttendanceReply),
    startMeeting: (ctx: TRequestContext) => harness().call(S.meetingStart, ctx, REF, ZMeeting),
  };
}
