import { randomUUID } from 'node:crypto';
import {
  AppError,
  EVENTS,
  type Permission,
  SUBJECTS,
  type TAttendanceEvent,
  type TCommitteeEvent,
  type TMeetingEvent,
  type TMembershipEvent,
  type TRequestContext,
  type TVotingSettings,
} from '@gavel/contracts';
import {
  fakeTenant,
  newTenantId,
  publishEvent,
  Responders,
  type ServiceHarness,
  startServiceHarness,
  userCtx,
} from '@gavel/service-kit/testing';
import { eventually, testEnvironment, uniqueName } from '@gavel/test-kit';
import { type RunningVoting, startVoting } from '../src/start.js';

/**
 * One running voting service per test file, on its own database and subject prefix, called through NATS
 * the way the gateway calls it. Committees, members, meetings and check-ins arrive as the owning services'
 * events would.
 */

// The kit's, re-exported so the tests keep importing them from here.
export { outboxDrained, publishEvent, streamEvents, userCtx } from '@gavel/service-kit/testing';

export interface Harness extends ServiceHarness<RunningVoting> {
  /** The association settings the fake identity answers for a tenant (set before its first use). */
  votingSettings: Map<string, TVotingSettings>;
  /** Users the fake meetings service lets view every meeting (non-members added to it); others are refused. */
  meetingParticipants: Set<string>;
  /** The fake meetings service's calls, as received. */
  meetings: Responders;
  /**
   * The check-ins the fake meetings service holds, by `{meeting id}:{membership id}` (an error: asking after
   * that member fails; under `{meeting id}` alone: asking after the whole meeting fails).
   */
  meetingAttendance: Map<string, TAttendanceEvent | AppError>;
}

export async function startHarness(extra: Record<string, string> = {}): Promise<Harness> {
  // The environment comes first: the fakes must answer on its prefix before the service starts.
  const env = await testEnvironment();
  // Identity answers the association's settings (its own tests cover where they come from)...
  const fakes = await Responders.connect(env.infra.natsUrl, env.prefix, 'fake-services');
  const votingSettings = new Map<string, TVotingSettings>();
  fakes.on(SUBJECTS.identity.tenantGet, (_input, ctx) =>
    fakeTenant(ctx.tenantId, 'Test Association', votingSettings.get(ctx.tenantId)),
  );
  // ...and meetings who else may view a meeting (its RSVP and attendee rows; its own tests cover them).
  const meetingParticipants = new Set<string>();
  fakes.on(SUBJECTS.meetings.channelAccess, (_input, ctx) => {
    if (!ctx.userId || !meetingParticipants.has(ctx.userId)) {
      throw new AppError('forbidden', 'This action is unauthorized.');
    }
    return { channel: 'meeting.x', staff: false, runner: false };
  });
  // ...and a member's check-in as it holds it (what checkIn below records, event or not).
  const meetingAttendance = new Map<string, TAttendanceEvent | AppError>();
  fakes.on(SUBJECTS.meetings.attendanceOfMember, (input) => {
    const { meeting_id, membership_id } = input as { meeting_id: string; membership_id: string };
    const held = meetingAttendance.get(`${meeting_id}:${membership_id}`) ?? null;
    if (held instanceof AppError) throw held;
    return { event: held };
  });
  // ...and a whole meeting's attendance the same way (an error under the meeting's id alone: it fails).
  fakes.on(SUBJECTS.meetings.attendanceOfMeeting, (input) => {
    const { meeting_id } = input as { meeting_id: string };
    const failure = meetingAttendance.get(meeting_id);
    if (failure instanceof AppError) throw failure;
    const events = [...meetingAttendance]
      .filter(([key, held]) => key.startsWith(`${meeting_id}:`) && !(held instanceof AppError))
      .map(([, held]) => held);
    return { events };
  });
  const h = await startServiceHarness(startVoting, {
    client: 'voting-test-client',
    env,
    vars: { FINALIZE_EVERY_MS: '100', ...extra },
    timeoutMs: 15_000,
  });
  // The fakes close first, then what the kit's stop() closes (the environment last).
  const stopHarness = h.stop;
  h.stop = async () => {
    await fakes.close().catch(() => undefined);
    await stopHarness();
  };
  // Added to the kit's harness itself, not a copy: its restart() and stop() work on that object.
  return Object.assign(h, { votingSettings, meetingParticipants, meetings: fakes, meetingAttendance });
}

export const RUNNER: Permission[] = ['run meetings', 'update motions', 'create motions', 'delete motions'];

export interface Member {
  membershipId: string;
  userId: string;
  ctx: TRequestContext;
  position: string;
  demographic: string | null;
}

export interface World {
  tenantId: string;
  committee: TCommitteeEvent['committee'];
  meeting: TMeetingEvent['meeting'];
  members: Member[];
  runner: TRequestContext;
  base: { committeeCode: string; meetingCode: string };
}

/**
 * A tenant with a committee (quorum, chair 'Chair', regions North/South), `voters` voting members (the
 * first is the chair) with alternating regions, one non-voting advisor, and a meeting in `status`.
 */
export async function newWorld(
  h: Harness,
  opts: {
    voters?: number;
    quorum?: number | null;
    status?: 'planned' | 'in_progress' | 'ended';
    twoThirds?: boolean;
  } = {},
): Promise<World> {
  const tenantId = newTenantId();
  const committee: TCommitteeEvent['committee'] = {
    id: randomUUID(),
    code: uniqueName('C').toUpperCase(),
    name: 'Finance Committee',
    year: 2026,
    quorum: opts.quorum === undefined ? 2 : opts.quorum,
    two_thirds_vote: opts.twoThirds ?? true,
    chair_position: 'Chair',
    vchair_position: 'Vice Chair',
    voting_rights: [
      { position: 'Chair', is_voting: true },
      { position: 'Vice Chair', is_voting: true },
      { position: 'Member', is_voting: true },
      { position: 'Advisor', is_voting: false },
    ],
    has_demographic: true,
    demographic_name: 'Region',
    demographic_is_displayed: true,
    demographic_motion_filterable: true,
    demographic_display_prepend: false,
    demographics: ['North', 'South'],
  };
  await publishEvent(h, EVENTS.committees.committeeCreated, { tenantId, committee });
  const members: Member[] = [];
  const voters = opts.voters ?? 4;
  for (let i = 0; i <= voters; i++) {
    const position = i === voters ? 'Advisor' : i === 0 ? 'Chair' : 'Member';
    const m = await addMember(h, tenantId, committee.id, position, i % 2 === 0 ? 'North' : 'South');
    members.push(m);
  }
  const meeting: TMeetingEvent['meeting'] = {
    id: randomUUID(),
    committee_id: committee.id,
    code: uniqueName('M').toUpperCase(),
    name: 'Board meeting',
    status: opts.status ?? 'in_progress',
    start: new Date().toISOString(),
    end: new Date(Date.now() + 3_600_000).toISOString(),
    actual_start: null,
    in_meeting_voting: true,
    show_motions: true,
    visibility: 'committee',
  };
  await publishEvent(h, EVENTS.meetings.meetingCreated, { tenantId, meeting });
  const prisma = h.service.runtime.prisma;
  await eventually(
    async () => {
      const [c, m, mt] = await Promise.all([
        prisma.committeeRm.count({ where: { tenantId } }),
        prisma.membershipRm.count({ where: { tenantId } }),
        prisma.meetingRm.count({ where: { tenantId } }),
      ]);
      return c === 1 && m === members.length && mt === 1;
    },
    15_000 + voters * 30,
  );
  return {
    tenantId,
    committee,
    meeting,
    members,
    runner: userCtx(tenantId, RUNNER),
    base: { committeeCode: committee.code, meetingCode: meeting.code },
  };
}

export async function addMember(
  h: Harness,
  tenantId: string,
  committeeId: string,
  position: string,
  demographic: string | null,
): Promise<Member> {
  const membership: TMembershipEvent['membership'] = {
    id: randomUUID(),
    committee_id: committeeId,
    user_id: randomUUID(),
    position,
    is_voting: position !== 'Advisor',
    demographic,
    appointment_status: 'Accepted',
  };
  await publishEvent(h, EVENTS.committees.membershipCreated, { tenantId, membership });
  return {
    membershipId: membership.id,
    userId: membership.user_id,
    ctx: userCtx(tenantId, [], { userId: membership.user_id }),
    position,
    demographic,
  };
}

/**
 * Checks members in (or out) of the world's meeting as the meetings service does, and waits until the
 * read model has it; `announced: false` leaves the event out (one still on its way).
 */
export async function checkIn(
  h: Harness,
  world: World,
  members: Member[],
  checkedIn = true,
  announced = true,
): Promise<void> {
  const at = new Date().toISOString();
  for (const m of members) {
    const event: TAttendanceEvent = {
      tenantId: world.tenantId,
      meeting_id: world.meeting.id,
      committee_id: world.committee.id,
      attendee: {
        id: randomUUID(),
        attendee_type: 'membership',
        attendee_id: m.membershipId,
        user_id: m.userId,
        membership_id: m.membershipId,
        attending_via: 'in_person',
        checked_in: checkedIn,
        at,
      },
    };
    h.meetingAttendance.set(`${world.meeting.id}:${m.membershipId}`, event);
    if (announced) await publishEvent(h, EVENTS.meetings.attendanceUpdated, event);
  }
  if (!announced) return;
  await eventually(
    async () => {
      const n = await h.service.runtime.prisma.attendanceRm.count({
        where: {
          tenantId: world.tenantId,
          meetingId: world.meeting.id,
          checkedIn,
          membershipId: { in: members.map((m) => m.membershipId) },
        },
      });
      return n === members.length;
    },
    15_000 + members.length * 30,
  );
}

/** Sets the meeting's status as the meetings service would announce it. */
export async function setMeetingStatus(
  h: Harness,
  world: World,
  status: 'planned' | 'in_progress' | 'ended',
) {
  world.meeting = { ...world.meeting, status };
  await publishEvent(h, EVENTS.meetings.meetingUpdated, { tenantId: world.tenantId, meeting: world.meeting });
  await eventually(async () => {
    const row = await h.service.runtime.prisma.meetingRm.findFirst({
      where: { tenantId: world.tenantId, id: world.meeting.id },
    });
    return row?.status === status;
  }, 15_000);
}

/** Turns the meeting's 'In-meeting voting' switch on or off as the meetings service would announce it. */
export async function setInMeetingVoting(h: Harness, world: World, on: boolean) {
  world.meeting = { ...world.meeting, in_meeting_voting: on };
  await publishEvent(h, EVENTS.meetings.meetingUpdated, { tenantId: world.tenantId, meeting: world.meeting });
  await eventually(async () => {
    const row = await h.service.runtime.prisma.meetingRm.findFirst({
      where: { tenantId: world.tenantId, id: world.meeting.id },
    });
    return row?.inMeetingVoting === on;
  }, 15_000);
}

/** Whether a connection of the service's database waits for a lock (a change held back by a test's transaction). */
export async function waitingForLock(h: Harness): Promise<boolean> {
  const rows = await h.service.runtime.prisma.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * Sends `call` while another manager's edit closes the email vote early and holds its row, so the call has
 * read the vote as open and waits for it; answers the call's message (or its error's) once the edit commits.
 */
export async function callWhileEmailVoteCloses(
  h: Harness,
  tenantId: string,
  emailVoteId: string,
  call: () => Promise<{ message: string }>,
): Promise<string> {
  let answer: Promise<string> = Promise.resolve('not sent');
  await h.service.runtime.prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(
        `UPDATE "voting".email_votes SET "end" = now() - interval '1 second'
         WHERE tenant_id = $1::uuid AND id = $2::uuid`,
        tenantId,
        emailVoteId,
      );
      answer = call().then(
        (r) => r.message,
        (err: Error) => err.message,
      );
      await eventually(() => waitingForLock(h), 10_000);
    },
    { timeout: 20_000 },
  );
  return answer;
}
