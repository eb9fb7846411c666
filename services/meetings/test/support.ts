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
import { callService, connectNats, prefixed, streamName } from '@gavel/service-kit';
import * as kitTesting from '@gavel/service-kit/testing';
import { eventually, type TestEnvironment, testEnvironment, uniqueName } from '@gavel/test-kit';
import type { z } from 'zod';
import { type RunningMeetings, startMeetings } from '../src/start.js';
import type { VideoProviders } from '../src/video/join.service.js';

/**
 * One running meetings service per test file, on its own database and subject prefix, called through NATS
 * the way the gateway calls it. Committees, memberships and users arrive as the other services' events.
 */

export type Nats = Awaited<ReturnType<typeof connectNats>>;

export interface Harness {
  env: TestEnvironment;
  service: RunningMeetings;
  nc: Nats;
  call<T extends z.ZodType>(
    subject: string,
    ctx: TRequestContext,
    input: unknown,
    reply: T,
  ): Promise<z.infer<T>>;
  stop(): Promise<void>;
}

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

export async function startHarness(
  opts: { env?: Record<string, string>; videoProviders?: VideoProviders } = {},
): Promise<Harness> {
  const env = await testEnvironment();
  const service = await startMeetings(
    env.env({ HEALTH_PORT: '0', MEETINGS_TIME_ZONE: middayTimeZone(), ...opts.env }),
    {
      videoProviders: opts.videoProviders,
    },
  );
  const nc = await connectNats(env.infra.natsUrl, 'meetings-test-client');
  return {
    env,
    service,
    nc,
    call: (subject, ctx, input, reply) =>
      callService(nc, subject, ctx, input, reply, { prefix: env.prefix, timeoutMs: 10_000 }),
    async stop() {
      await nc.close().catch(() => undefined);
      await service.stop();
      await env.cleanup();
    },
  };
}

/** A signed-in user of `tenantId` holding the given permissions (or roles), as the gateway passes it. */
export function userCtx(
  tenantId: string,
  permissions: Permission[] = [],
  opts: { roles?: string[]; userId?: string } = {},
): TRequestContext {
  return {
    requestId: uniqueName('req'),
    tenantId,
    userId: opts.userId ?? randomUUID(),
    roles: opts.roles ?? [],
    permissions,
  };
}

export const newTenantId = () => randomUUID();

/** Waits until the outbox has published everything written so far. */
export const outboxDrained = (h: Harness) => kitTesting.outboxDrained(h.service.runtime);
/** Every event of `subject` in this file's JetStream stream, with its message id. */
export const streamEvents = <T = unknown>(h: Harness, subject: string) =>
  kitTesting.streamEvents<T>(h.service.runtime, subject);
/** Every event whose subject starts with `subjectPrefix`, in stream order, with its bare subject. */
export async function streamEventsUnder<T = unknown>(h: Harness, subjectPrefix: string) {
  await outboxDrained(h);
  const { jsm, prefix } = h.service.runtime;
  const stream = streamName(prefix);
  const wanted = prefixed(prefix, subjectPrefix);
  const { state } = await jsm.streams.info(stream);
  const out: { subject: string; messageId: string | undefined; payload: T }[] = [];
  for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq++) {
    const msg = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
    if (msg?.subject.startsWith(wanted))
      out.push({
        subject: msg.subject.slice(wanted.length - subjectPrefix.length),
        messageId: msg.header?.get('Nats-Msg-Id'),
        payload: msg.json<T>(),
      });
  }
  return out;
}
/** Publishes an event into this file's stream, the way another service's outbox does. */
export const publishEvent = (h: Harness, subject: string, payload: unknown) =>
  kitTesting.publishEvent(h.service.runtime, subject, payload);

/** A user as identity announces it, waited for in the read model. */
export async function newUser(
  h: Harness,
  tenantId: string,
  overrides: Partial<TUserEvent['user']> = {},
): Promise<TUserEvent['user']> {
  const first = overrides.first_name ?? 'Test';
  const last = overrides.last_name ?? uniqueName('User');
  const user: TUserEvent['user'] = {
    id: randomUUID(),
    nrds: uniqueName('nrds'),
    first_name: first,
    last_name: last,
    displayed_first_name: first,
    nickname: null,
    name: `${first} ${last}`,
    email: `${uniqueName('user')}@example.test`,
    username: uniqueName('login'),
    profile_display_url: null,
    ...overrides,
  };
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
