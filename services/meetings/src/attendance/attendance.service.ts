import {
  AppError,
  can,
  canAny,
  FORBIDDEN_MESSAGE,
  isUser,
  MEETING_VISIBILITY_OPEN,
  requirePermission,
  type TAttendanceChangeReply,
  type TAttendanceInput,
  type TAttendanceOfMeetingInput,
  type TAttendanceOfMeetingReply,
  type TAttendanceOfMemberInput,
  type TAttendanceOfMemberReply,
  type TEmailVoteRefInput,
  type TMeetingMode,
  type TMeetingRef,
  type TMeetingUserRef,
  type TMemberVotingStatus,
  type TRealtimeKind,
  type TRequestContext,
  type TRetrieveAttendanceReply,
  type TRsvpInput,
} from '@gavel/contracts';
import { inTenantShare, isUuid, type PreparedAnswer } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../clock.js';
import { Database } from '../db/database.js';
import type { Db, Tx } from '../db/prisma.js';
import { MeetingEvents } from '../meetings/meeting.events.js';
import {
  type CommitteeRow,
  MeetingRepository,
  type MeetingRow,
  type MembershipRow,
  type UserRow,
} from '../meetings/meeting.repository.js';
import { isActiveVote, MeetingService, type ViewableMeeting } from '../meetings/meeting.service.js';
import {
  COMMITTEE_NOT_FOUND,
  EmailVoteNotFound,
  isRunner,
  isStaff,
  MEETING_NOT_FOUND,
} from '../meetings/meeting-access.js';
import {
  type AttendanceListRows,
  type Audience,
  attendanceUserIds,
  EVERYONE,
  type MemberParts,
  STAFF,
  toAttendanceEvent,
  toAttendanceList,
  toAttendanceMember,
  toAttendanceUser,
} from './attendance.mapper.js';
import {
  type AttendanceRepository as AttendanceRepo,
  AttendanceRepository,
  type AttendeeIdentity,
} from './attendance.repository.js';
import { AttendanceListCache, ListVersions, type Versions } from './list-cache.js';
import { VotingStatusSource } from './voting-status.source.js';

/** The person an RSVP or attendance call is about. */
interface Target {
  user: UserRow;
  membership: MembershipRow | null;
  who: AttendeeIdentity;
}

/**
 * RSVPs are planned attendance ('modify meeting rsvps': "adding people before the meeting"): they close when
 * the meeting starts, after which attendance is the check-in.
 */
/** A row of a user who is not a committee member: one added to an open meeting. */
function isGuestRow(row: { attendeeType: string } | null): boolean {
  return row?.attendeeType === 'user';
}

function assertRsvpsOpen(meeting: { status: string }): void {
  if (meeting.status === 'in_progress')
    throw new AppError('rule_broken', 'RSVPs are closed: the meeting has started.');
  if (meeting.status === 'ended')
    throw new AppError('rule_broken', 'RSVPs are closed: the meeting has ended.');
}

/** RSVPs (planned attendance), check-ins and the attendance lists of a meeting. */
@Injectable()
export class AttendanceService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(MeetingService) private readonly meetingService: MeetingService,
    @Inject(MeetingRepository) private readonly meetings: MeetingRepository,
    @Inject(AttendanceRepository) private readonly repo: AttendanceRepo,
    @Inject(MeetingEvents) private readonly events: MeetingEvents,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(VotingStatusSource) private readonly votingStatus: VotingStatusSource,
    @Inject(AttendanceListCache) private readonly lists: AttendanceListCache,
    @Inject(ListVersions) private readonly versions: ListVersions,
  ) {}

  /** meetings.attendance.of-member: for the member themself or a runner; an unknown meeting is a 404. */
  async ofMember(ctx: TRequestContext, input: TAttendanceOfMemberInput): Promise<TAttendanceOfMemberReply> {
    if (!isUuid(input.meeting_id)) throw new AppError('not_found', MEETING_NOT_FOUND);
    if (!isUuid(input.membership_id)) throw new AppError('not_found', 'Member not found.');
    return this.db.read(async (db) => {
      const meeting = await this.meetings.byId(db, ctx.tenantId, input.meeting_id);
      if (!meeting) throw new AppError('not_found', MEETING_NOT_FOUND);
      const row = await this.repo.attendeeOfMembership(db, ctx.tenantId, meeting.id, input.membership_id);
      if (row) {
        requirePermission(isRunner(ctx) || isUser(ctx, row.userId));
        return { event: toAttendanceEvent(ctx.tenantId, meeting, row) };
      }
      // Never checked in: nothing to tell, to a runner or to the member whose membership it is.
      if (!isRunner(ctx)) {
        const own = await this.meetings.membershipOf(db, ctx.tenantId, meeting.committeeId, ctx.userId);
        requirePermission(own?.id === input.membership_id);
      }
      return { event: null };
    });
  }

  /** meetings.attendance.of-meeting: for those who may start votes; an unknown meeting is a 404. */
  async ofMeeting(
    ctx: TRequestContext,
    input: TAttendanceOfMeetingInput,
  ): Promise<TAttendanceOfMeetingReply> {
    requirePermission(canAny(ctx, 'run meetings', 'update motions'));
    if (!isUuid(input.meeting_id)) throw new AppError('not_found', MEETING_NOT_FOUND);
    return this.db.read(async (db) => {
      const meeting = await this.meetings.byId(db, ctx.tenantId, input.meeting_id);
      if (!meeting) throw new AppError('not_found', MEETING_NOT_FOUND);
      const rows = await this.repo.attendees(db, ctx.tenantId, meeting.id);
      return { events: rows.map((row) => toAttendanceEvent(ctx.tenantId, meeting, row)) };
    });
  }

  /** POST {base}/user/{id}/planned_attendance: own RSVP, or anyone's with 'modify meeting rsvps'. */
  async setRsvp(ctx: TRequestContext, input: TRsvpInput): Promise<TAttendanceChangeReply> {
    return this.db.transaction(async (tx) => {
      const { meeting, committee } = await this.changing(tx, ctx, input);
      const editor = can(ctx, 'modify meeting rsvps');
      requirePermission(editor || isUser(ctx, input.id));
      const existing = await this.repo.rsvp(tx, ctx.tenantId, meeting.id, input.id);
      const target = await this.target(tx, ctx, meeting, input.id, !isGuestRow(existing));
      assertRsvpsOpen(meeting);
      const via = input.attending ? attendingVia(meeting, input.attending_via) : null;
      const unchanged =
        existing && existing.attending === input.attending && (existing.attendingVia ?? null) === via;
      let parts: MemberParts | undefined;
      if (!unchanged) {
        await this.repo.upsertRsvp(tx, ctx.tenantId, meeting.id, target.who, input.attending, via);
        // Read after the write, which waited for any other change of this RSVP: later changes, later times.
        const changedAt = this.clock.now();
        parts = await this.announce(tx, ctx.tenantId, meeting, committee, target, 'rsvp.updated', changedAt);
        await this.meetingService.broadcastState(tx, ctx.tenantId, meeting, committee); // new RSVP counts
      }
      return this.reply(tx, ctx, meeting, committee, target, parts);
    });
  }

  /** DELETE {base}/user/{id}/planned_attendance */
  async deleteRsvp(ctx: TRequestContext, input: TMeetingUserRef): Promise<TAttendanceChangeReply> {
    return this.db.transaction(async (tx) => {
      const { meeting, committee } = await this.changing(tx, ctx, input);
      requirePermission(can(ctx, 'modify meeting rsvps') || isUser(ctx, input.id));
      const existing = await this.repo.rsvp(tx, ctx.tenantId, meeting.id, input.id);
      const target = await this.target(tx, ctx, meeting, input.id, false);
      assertRsvpsOpen(meeting);
      let parts: MemberParts | undefined;
      if (existing) {
        await this.repo.deleteRsvp(tx, ctx.tenantId, existing.id);
        const changedAt = this.clock.now();
        parts = await this.announce(tx, ctx.tenantId, meeting, committee, target, 'rsvp.deleted', changedAt);
        await this.meetingService.broadcastState(tx, ctx.tenantId, meeting, committee); // new RSVP counts
      }
      return this.reply(tx, ctx, meeting, committee, target, parts);
    });
  }

  /**
   * POST {base}/user/{id}/attendance: checks a user in (a new check-in range) or switches in person/remote.
   * Staff ('modify meeting attendance') for anyone; a committee member may check themselves in once, and
   * needs staff to switch mode or to come back after a removal. `attending: false` checks out.
   */
  async setAttendance(ctx: TRequestContext, input: TAttendanceInput): Promise<TAttendanceChangeReply> {
    if (input.attending === false) return this.deleteAttendance(ctx, input);
    return this.db.transaction(async (tx) => {
      const { meeting, committee } = await this.changing(tx, ctx, input);
      const staff = isStaff(ctx);
      requirePermission(staff || isUser(ctx, input.id));
      assertInProgress(meeting);
      const existing = await this.repo.attendee(tx, ctx.tenantId, meeting.id, input.id);
      const target = await this.target(tx, ctx, meeting, input.id, !isGuestRow(existing), 'attendance');
      if (!staff && (existing || !target.membership))
        throw new AppError('forbidden', 'Please see a staff member to change your check-in.');
      const via = attendingVia(meeting, input.attending_via);
      const { row, created, reidentified } = await this.repo.lockAttendee(
        tx,
        ctx.tenantId,
        meeting.id,
        target.who,
      );
      // Read under the lock: a check-out that committed while we waited has an earlier time than ours, so
      // readers that keep the latest change by time (voting's electorate) keep this one.
      const now = this.clock.now();
      const checkedIn = !row.deletedAt && row.checkIns.some((c) => !c.deletedAt);
      let kind: TRealtimeKind | null = reidentified && checkedIn ? 'attendee.updated' : null;
      if (!checkedIn) {
        await this.repo.checkIn(tx, ctx.tenantId, row, via, now);
        kind = created ? 'attendee.added' : 'attendee.updated';
      } else if (row.attendingVia !== via) {
        await this.repo.switchVia(tx, ctx.tenantId, row, via, now);
        kind = 'attendee.updated';
      }
      const parts = kind
        ? await this.announceAttendance(tx, ctx.tenantId, meeting, committee, target, kind, now)
        : undefined;
      return this.reply(tx, ctx, meeting, committee, target, parts);
    });
  }

  /** DELETE {base}/user/{id}/attendance ('modify meeting attendance'): closes the open check-in range. */
  async deleteAttendance(ctx: TRequestContext, input: TMeetingUserRef): Promise<TAttendanceChangeReply> {
    return this.db.transaction(async (tx) => {
      const { meeting, committee } = await this.changing(tx, ctx, input);
      requirePermission(isStaff(ctx));
      assertInProgress(meeting);
      const target = await this.target(tx, ctx, meeting, input.id, false, 'attendance');
      const row = await this.repo.lockExisting(tx, ctx.tenantId, meeting.id, input.id);
      let parts: MemberParts | undefined;
      if (row && !row.deletedAt) {
        const now = this.clock.now(); // read under the attendee's lock, as in setAttendance
        await this.repo.checkOut(tx, ctx.tenantId, row, now);
        parts = await this.announceAttendance(
          tx,
          ctx.tenantId,
          meeting,
          committee,
          target,
          'attendee.updated',
          now,
        );
      }
      return this.reply(tx, ctx, meeting, committee, target, parts);
    });
  }

  /**
   * GET {base}/retrieve/attendance: users, members, attendance, rsvps as the caller may see them. Everyone
   * but runners (whose list carries live voting statuses) shares a list encoded once per change. The
   * handler takes the association's share of the process only while it uses the database, so a hall's
   * loads that wait for one encoding leave their turns to the check-in desk.
   */
  async retrieve(ctx: TRequestContext, ref: TMeetingRef): Promise<TRetrieveAttendanceReply | PreparedAnswer> {
    const audience: Audience = { staff: isStaff(ctx), runner: isRunner(ctx) };
    if (audience.runner)
      return this.inShare(ctx, async (db) => {
        const { meeting, committee } = await this.meetingService.viewable(db, ctx, ref);
        const rows = await this.listRows(db, ctx.tenantId, committee, meeting.id);
        return toAttendanceList(committee, rows, audience, await this.votingStatuses(db, ctx, meeting.id));
      });
    const { meeting, committee, versions } = await this.inShare(ctx, async (db) => {
      const found = await this.meetingService.viewable(db, ctx, ref);
      return { ...found, versions: await this.versions.read(db, ctx.tenantId, found.committee.id) };
    });
    return this.sharedList(ctx, committee.id, meeting.id, audience, `meeting:${meeting.id}`, versions);
  }

  /**
   * GET /api/vote/{committeeCode}/{voteCode}/retrieve/attendance: the email-vote page's Committee Members
   * panel: the members of the vote's own committee, viewable like the committee's meetings
   * (inEmailVoteCommittee). The voting service gives runners each voting member's status across its motions,
   * which the list waits for only a short timeout and never fails with.
   */
  async retrieveForEmailVote(
    ctx: TRequestContext,
    ref: TEmailVoteRefInput,
  ): Promise<TRetrieveAttendanceReply | PreparedAnswer> {
    const audience: Audience = { staff: isStaff(ctx), runner: isRunner(ctx) };
    if (!audience.runner) {
      const { committee, versions } = await this.inEmailVoteCommittee(ctx, ref, async (db, committee) => ({
        committee,
        versions: await this.versions.read(db, ctx.tenantId, committee.id),
      }));
      return this.sharedList(ctx, committee.id, null, audience, `committee:${committee.id}`, versions);
    }
    const { committee, rows } = await this.inEmailVoteCommittee(ctx, ref, async (db, committee) => ({
      committee,
      rows: await this.listRows(db, ctx.tenantId, committee, null),
    }));
    const statuses = await this.votingStatus.emailVoteStatuses(ctx, ref);
    // A voting member the voting service does not know yet has not voted; one it answers null for has
    // nothing open to them.
    const statusOf = (membershipId: string) => {
      if (!statuses) return null;
      return statuses.has(membershipId) ? (statuses.get(membershipId) ?? null) : 'no_vote';
    };
    return toAttendanceList(committee, rows, audience, statusOf);
  }

  /**
   * Reads `fn` with the email vote's committee, once the caller may view it: the committee is found in the
   * copy kept of voting's email votes, else (a vote created a moment ago, or before the events the stream
   * still keeps) voting is asked, which also answers the 404 of a vote that does not exist.
   */
  private async inEmailVoteCommittee<R>(
    ctx: TRequestContext,
    ref: TEmailVoteRefInput,
    fn: (db: Db, committee: CommitteeRow) => Promise<R>,
  ): Promise<R> {
    const read = (knownCommitteeId?: string) =>
      this.inShare(ctx, async (db) => {
        const { committee } = await this.meetingService.viewableEmailVote(db, ctx, ref, knownCommitteeId);
        return fn(db, committee);
      });
    try {
      return await read();
    } catch (err) {
      if (!(err instanceof EmailVoteNotFound)) throw err;
      return read(await this.votingStatus.emailVoteCommitteeId(ctx, ref));
    }
  }

  /** Reads in the association's share of the process (the retrieve handlers take no share of their own). */
  private inShare<R>(ctx: TRequestContext, fn: (db: Db) => Promise<R>): Promise<R> {
    return inTenantShare(ctx.tenantId, () => this.db.read(fn));
  }

  /** A list without voting statuses, as the cache keeps it for this audience, current at `versions`. */
  private sharedList(
    ctx: TRequestContext,
    committeeId: string,
    meetingId: string | null,
    audience: Audience,
    list: string,
    versions: Versions,
  ): Promise<PreparedAnswer> {
    const { tenantId } = ctx;
    const name = `${list}:${audience.staff ? 'staff' : 'everyone'}`;
    return this.lists.get({ tenantId, name }, versions, () =>
      this.inShare(ctx, async (db) => {
        // Read again after the versions: the caller's copy of the committee may be older than them.
        const committee = await this.meetings.committee(db, tenantId, committeeId);
        if (!committee) throw new AppError('not_found', COMMITTEE_NOT_FOUND);
        const rows = await this.listRows(db, tenantId, committee, meetingId);
        return toAttendanceList(committee, rows, audience, () => null);
      }),
    );
  }

  /** The committee's members and the users they (and a meeting's attendees and RSVPs) are. */
  private async listRows(
    db: Db,
    tenantId: string,
    committee: CommitteeRow,
    meetingId: string | null,
  ): Promise<AttendanceListRows> {
    const [memberships, attendees, rsvps] = await Promise.all([
      this.meetings.members(db, tenantId, committee.id),
      meetingId ? this.repo.attendees(db, tenantId, meetingId) : [],
      meetingId ? this.repo.rsvps(db, tenantId, meetingId) : [],
    ]);
    const ids = attendanceUserIds({ memberships, attendees, rsvps });
    const users = await this.meetings.users(db, tenantId, ids);
    return { memberships, attendees, rsvps, users };
  }

  /**
   * Voting status per membership on the meeting's current vote (the active one, else the latest started;
   * known from voting's vote events), as the voting service (which holds the responses) answers; none
   * while it cannot answer, rather than a guess.
   */
  private async votingStatuses(
    db: Db,
    ctx: TRequestContext,
    meetingId: string,
  ): Promise<(membershipId: string) => TMemberVotingStatus | null> {
    const now = this.clock.now();
    const votes = (await this.meetings.votes(db, ctx.tenantId, meetingId)).filter((v) => v.startedAt);
    const current =
      votes.find((v) => isActiveVote(v, now)) ??
      votes.sort((a, b) => (b.startedAt?.getTime() ?? 0) - (a.startedAt?.getTime() ?? 0))[0];
    if (!current) return () => null;
    const fromVoting = await this.votingStatus.statuses(ctx, current.id);
    if (!fromVoting) return () => null;
    return (membershipId) => fromVoting.get(membershipId) ?? 'no_vote';
  }

  /**
   * The meeting of an RSVP or attendance change, after the view check, as committed now and with its phase
   * held until the change commits: a meeting that starts, ends or goes away meanwhile does so before this
   * change (which then sees it) or after it (and then sees this change: End Meeting closes its check-in).
   */
  private async changing(tx: Tx, ctx: TRequestContext, ref: TMeetingRef): Promise<ViewableMeeting> {
    const found = await this.meetingService.viewable(tx, ctx, ref);
    const meeting = await this.meetings.holdPhase(tx, ctx.tenantId, found.meeting.id);
    if (!meeting) throw new AppError('not_found', MEETING_NOT_FOUND);
    return { ...found, meeting };
  }

  /**
   * Resolves whom the call is about: a committee member, or another user of the tenant. `adding` a
   * non-member (the call writes a row for them and they have none as a non-member yet) needs the editor
   * permission (or, for an RSVP, being that user) and an open meeting (spec section 6). A row kept from
   * when they were a member does not count as added: removed or declined, it does not let them back in.
   */
  private async target(
    db: Db,
    ctx: TRequestContext,
    meeting: MeetingRow,
    userId: string,
    adding: boolean,
    area: 'rsvp' | 'attendance' = 'rsvp',
  ): Promise<Target> {
    const user = await this.meetings.user(db, ctx.tenantId, userId);
    if (!user) throw new AppError('not_found', 'User not found.');
    const membership = await this.meetings.membershipOf(db, ctx.tenantId, meeting.committeeId, userId);
    if (membership)
      return {
        user,
        membership,
        who: { attendeeType: 'membership', attendeeId: membership.id, userId, membershipId: membership.id },
      };
    if (adding) {
      const editor = area === 'rsvp' ? can(ctx, 'modify meeting rsvps') : isStaff(ctx);
      const ownOpen = area === 'rsvp' && isUser(ctx, userId);
      if (!editor && !ownOpen) throw new AppError('forbidden', FORBIDDEN_MESSAGE);
      if (meeting.visibility !== MEETING_VISIBILITY_OPEN)
        throw new AppError('rule_broken', 'Only committee members can be added to this meeting.');
    }
    return {
      user,
      membership: null,
      who: { attendeeType: 'user', attendeeId: userId, userId, membershipId: null },
    };
  }

  private async parts(db: Db, tenantId: string, meeting: MeetingRow, t: Target): Promise<MemberParts> {
    const [attendee, rsvp] = await Promise.all([
      this.repo.attendee(db, tenantId, meeting.id, t.user.id),
      this.repo.rsvp(db, tenantId, meeting.id, t.user.id),
    ]);
    return { user: t.user, membership: t.membership, attendee, rsvp };
  }

  private async reply(
    db: Db,
    ctx: TRequestContext,
    meeting: MeetingRow,
    committee: CommitteeRow,
    t: Target,
    /** The member's rows when this transaction already read them after its last write. */
    known?: MemberParts,
  ): Promise<TAttendanceChangeReply> {
    const audience: Audience = { staff: isStaff(ctx), runner: false };
    const parts = known ?? (await this.parts(db, ctx.tenantId, meeting, t));
    return {
      member: toAttendanceMember(committee, parts, audience),
      user: toAttendanceUser(t.user, audience),
    };
  }

  /** Realtime: the member without email/username/nrds for everyone, with them for staff. */
  private async announce(
    tx: Tx,
    tenantId: string,
    meeting: MeetingRow,
    committee: CommitteeRow,
    t: Target,
    kind: TRealtimeKind,
    changedAt: Date,
  ): Promise<MemberParts> {
    const parts = { ...(await this.parts(tx, tenantId, meeting, t)), changedAt };
    const view = (audience: Audience) => ({
      member: toAttendanceMember(committee, parts, audience),
      user: toAttendanceUser(t.user, audience),
    });
    await this.events.broadcast(tx, tenantId, meeting.id, kind, view(EVERYONE), view(STAFF));
    this.versions.touch(tx, tenantId, committee.id);
    return parts;
  }

  /** Attendance change: the agreed event for the voting service, then the realtime broadcast. */
  private async announceAttendance(
    tx: Tx,
    tenantId: string,
    meeting: MeetingRow,
    committee: CommitteeRow,
    t: Target,
    kind: TRealtimeKind,
    changedAt: Date,
  ): Promise<MemberParts> {
    const parts = await this.announce(tx, tenantId, meeting, committee, t, kind, changedAt);
    if (parts.attendee)
      await this.events.attendance(tx, toAttendanceEvent(tenantId, meeting, parts.attendee));
    return parts;
  }
}

function assertInProgress(meeting: MeetingRow): void {
  if (meeting.status !== 'in_progress') throw new AppError('rule_broken', 'Meeting not in progress');
}

/** The mode asked for, checked against what the meeting allows; the only allowed one when not given. */
function attendingVia(meeting: MeetingRow, via: TMeetingMode | null): TMeetingMode {
  const allowed: TMeetingMode[] = [
    ...(meeting.allowInPerson ? (['in_person'] as const) : []),
    ...(meeting.allowRemote ? (['remote'] as const) : []),
  ];
  if (!via) {
    if (allowed.length === 1 && allowed[0]) return allowed[0];
    const message = 'The attending via field is required.';
    throw new AppError('bad_request', message, { attending_via: [message] });
  }
  if (!allowed.includes(via)) {
    const message =
      via === 'remote'
        ? 'This meeting does not allow attending remotely.'
        : 'This meeting does not allow attending in person.';
    throw new AppError('bad_request', message, { attending_via: [message] });
  }
  return via;
}
