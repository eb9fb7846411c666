import {
  AppError,
  can,
  canAny,
  canViewEmailVote,
  canViewMeeting,
  committeeForCode,
  DEFAULT_MEETING_TYPE,
  FORBIDDEN_MESSAGE,
  MEETING_CHANGED_MEANWHILE,
  MEETING_LIST_PERMISSIONS,
  MEETING_RULE_ERRORS,
  meetingChannel,
  meetingPagePath,
  requirePermission,
  requireUser,
  ruleBroken,
  type TChannelAccess,
  type TCommitteeScope,
  type TEmailVoteRefInput,
  type TMeeting,
  type TMeetingChannelAccessInput,
  type TMeetingCreateInput,
  type TMeetingRef,
  type TMeetingUpdateInput,
  type TPageReloadPayload,
  type TRequestContext,
  type TRetrieveMeetingReply,
} from '@gavel/contracts';
import { isUniqueViolation, sanitizeRichText } from '@gavel/service-kit';
import { isVoteActive } from '@gavel/voting-rules';
import { Inject, Injectable } from '@nestjs/common';
import { toAttendanceEvent } from '../attendance/attendance.mapper.js';
import { AttendanceRepository } from '../attendance/attendance.repository.js';
import { ListVersions } from '../attendance/list-cache.js';
import { nextCalendarSequence } from '../calendar/calendar-sequence.js';
import { Clock } from '../clock.js';
import { MEETINGS_SETTINGS, type TMeetingsSettings, zoomConfigured } from '../config.js';
import { Database } from '../db/database.js';
import type { Db, Tx } from '../db/prisma.js';
import { MeetingEvents } from './meeting.events.js';
import { isMeetingToday, toMeeting, toMeetingCommittee } from './meeting.mapper.js';
import {
  type CommitteeRow,
  type MeetingData,
  MeetingRepository,
  type MeetingRow,
  type MembershipRow,
} from './meeting.repository.js';
import {
  COMMITTEE_NOT_FOUND,
  EmailVoteNotFound,
  isRunner,
  isStaff,
  MEETING_NOT_FOUND,
} from './meeting-access.js';
import { MeetingTimeZones } from './meeting-time-zones.js';

/** A meeting the caller may view, with what the access rules looked at. */
export interface ViewableMeeting {
  meeting: MeetingRow;
  committee: CommitteeRow;
  membership: MembershipRow | null;
}

export function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'meeting'
  );
}

const CODE_TAKEN = 'The code has already been taken.';
/** A meeting code already used by another meeting of the committee: a conflict (409), as in committees. */
const codeTaken = () => new AppError('conflict', CODE_TAKEN, { code: [CODE_TAKEN] });

/** Meetings per committee: CRUD, phases (start/end), the retrieve call and channel access. */
@Injectable()
export class MeetingService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(MeetingRepository) private readonly meetings: MeetingRepository,
    @Inject(AttendanceRepository) private readonly attendance: AttendanceRepository,
    @Inject(MeetingEvents) private readonly events: MeetingEvents,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MeetingTimeZones) private readonly timeZones: Pick<MeetingTimeZones, 'of'>,
    @Inject(ListVersions) private readonly listVersions: ListVersions,
    @Inject(MEETINGS_SETTINGS) private readonly settings: TMeetingsSettings,
  ) {}

  /** What a meeting's settings are checked against beyond its own fields. */
  private get site(): MeetingSite {
    return { zoomConfigured: zoomConfigured(this.settings) };
  }

  /** The Meeting entity with its RSVP counts. */
  async present(db: Db, tenantId: string, row: MeetingRow, committee: CommitteeRow, admin = false) {
    const tallies = await this.meetings.rsvpTallies(db, tenantId, [row.id]);
    return toMeeting({
      row,
      committee,
      tallies,
      now: this.clock.now(),
      timeZone: await this.timeZones.of(tenantId),
      admin,
    });
  }

  /** Resolves a meeting by its URL codes and checks the caller may view it (404 / 403 otherwise). */
  async viewable(db: Db, ctx: TRequestContext, ref: TMeetingRef): Promise<ViewableMeeting> {
    requireUser(ctx);
    const found = await this.meetings.findByCodes(db, ctx.tenantId, ref.committeeCode, ref.meetingCode);
    if (!found) throw new AppError('not_found', MEETING_NOT_FOUND);
    const membership = await this.meetings.membershipOf(db, ctx.tenantId, found.committee.id, ctx.userId);
    const participant =
      !membership && (await this.meetings.isParticipant(db, ctx.tenantId, found.meeting.id, ctx.userId));
    if (!canViewMeeting(ctx, found.meeting, { member: !!membership, participant }))
      throw new AppError('forbidden', FORBIDDEN_MESSAGE);
    return { ...found, membership };
  }

  /**
   * Resolves an email vote by its URL codes to the vote's own committee (from the copy kept of voting's email
   * votes, as voting resolves them; or `knownCommitteeId`, the committee voting named for a vote not copied
   * yet), and checks the caller may view the committee's email votes (404 when the committee or the vote does
   * not exist, 403 otherwise).
   */
  async viewableEmailVote(
    db: Db,
    ctx: TRequestContext,
    ref: TEmailVoteRefInput,
    knownCommitteeId?: string,
  ): Promise<{ committee: CommitteeRow; membership: MembershipRow | null }> {
    requireUser(ctx);
    const committees = await this.meetings.committeesByCode(db, ctx.tenantId, ref.committeeCode);
    if (!committees.length) throw new AppError('not_found', COMMITTEE_NOT_FOUND);
    const committeeId =
      knownCommitteeId ??
      (
        await this.meetings.emailVoteByCode(
          db,
          ctx.tenantId,
          committees.map((c) => c.id),
          ref.voteCode,
        )
      )?.committeeId;
    const committee = committees.find((c) => c.id === committeeId);
    if (!committee) throw new EmailVoteNotFound();
    const membership = await this.meetings.membershipOf(db, ctx.tenantId, committee.id, ctx.userId);
    if (!canViewEmailVote(ctx, { member: !!membership })) throw new AppError('forbidden', FORBIDDEN_MESSAGE);
    return { committee, membership };
  }

  /** Resolves a meeting for an admin call after the permission check (404 when missing). */
  private async resolve(db: Db, ctx: TRequestContext, ref: TMeetingRef) {
    const found = await this.meetings.findByCodes(db, ctx.tenantId, ref.committeeCode, ref.meetingCode);
    if (!found) throw new AppError('not_found', MEETING_NOT_FOUND);
    return found;
  }

  /**
   * The committee a committee-scoped call names (list, create): as the committees service resolves the code
   * (contracts' committeeForCode), that year's, else term-based; without a year, the current year's (once
   * committees has announced it), else term-based, else the most recent year's.
   */
  private async committeeByCode(
    db: Db,
    tenantId: string,
    code: string,
    year?: number,
  ): Promise<CommitteeRow> {
    const committees = await this.meetings.committeesByCode(db, tenantId, code);
    const currentYear = year === undefined ? await this.meetings.currentYear(db, tenantId) : null;
    const committee = committeeForCode(committees, { year, currentYear });
    if (!committee) throw new AppError('not_found', COMMITTEE_NOT_FOUND);
    return committee;
  }

  /** GET /api/admin/committee/{committeeCode}/meetings[?year=] */
  async list(ctx: TRequestContext, scope: TCommitteeScope): Promise<TMeeting[]> {
    requireUser(ctx);
    requirePermission(canAny(ctx, ...MEETING_LIST_PERMISSIONS));
    const timeZone = await this.timeZones.of(ctx.tenantId, ctx.requestId);
    return this.db.transaction(async (tx) => {
      const committee = await this.committeeByCode(tx, ctx.tenantId, scope.committeeCode, scope.year);
      const rows = await this.meetings.listByCommittee(tx, ctx.tenantId, committee.id);
      const tallies = await this.meetings.rsvpTallies(
        tx,
        ctx.tenantId,
        rows.map((r) => r.id),
      );
      const now = this.clock.now();
      const admin = canAny(ctx, 'create meetings', 'update meetings');
      return rows.map((row) => toMeeting({ row, committee, tallies, now, timeZone, admin }));
    });
  }

  /** GET {admin base} ('update meetings'): the meeting with its admin-only settings. */
  async getForEdit(ctx: TRequestContext, ref: TMeetingRef): Promise<TMeeting> {
    requireUser(ctx);
    requirePermission(can(ctx, 'update meetings'));
    return this.db.transaction(async (tx) => {
      const { meeting, committee } = await this.resolve(tx, ctx, ref);
      return this.present(tx, ctx.tenantId, meeting, committee, true);
    });
  }

  /** POST /api/admin/committee/{committeeCode}/meeting ('create meetings'). */
  async create(ctx: TRequestContext, input: TMeetingCreateInput): Promise<TMeeting> {
    requireUser(ctx);
    requirePermission(can(ctx, 'create meetings'));
    return this.write(async (tx) => {
      const committee = await this.committeeByCode(tx, ctx.tenantId, input.committeeCode, input.year);
      // A committee deleted meanwhile takes the meeting with it, or is gone before it is created.
      if (!(await this.meetings.holdCommittee(tx, ctx.tenantId, committee.id)))
        throw new AppError('not_found', COMMITTEE_NOT_FOUND);
      const data = meetingData(input, null, this.site);
      // A meeting created already over could never start (only on its day), end, or let its committee go.
      if (time(data.end) <= this.clock.now().getTime()) throw ruleBroken(MEETING_RULE_ERRORS.newEndInPast);
      if (await this.meetings.codeTaken(tx, ctx.tenantId, committee.code, data.code)) throw codeTaken();
      const row = await this.meetings.create(tx, ctx.tenantId, committee.id, data);
      await this.events.meeting(tx, 'created', ctx.tenantId, row);
      return this.present(tx, ctx.tenantId, row, committee, true);
    });
  }

  /** PUT {admin base} ('update meetings'), only while planned or in progress. */
  async update(ctx: TRequestContext, input: TMeetingUpdateInput): Promise<TMeeting> {
    requireUser(ctx);
    requirePermission(can(ctx, 'update meetings'));
    return this.write(async (tx) => {
      const found = await this.resolve(tx, ctx, input);
      const current = await this.meetings.lock(tx, ctx.tenantId, found.meeting.id);
      if (!current) throw new AppError('not_found', MEETING_NOT_FOUND);
      if (current.status === 'ended')
        throw new AppError('rule_broken', 'An ended meeting can no longer be edited.');
      // Saved by someone else (or started, or given its Zoom meeting) since the editor loaded it: the form
      // sends every field, so saving would silently undo that change.
      if (input.updated_at !== undefined && time(input.updated_at) !== current.updatedAt.getTime())
        throw new AppError('conflict', MEETING_CHANGED_MEANWHILE);
      const data = meetingData(input, current, this.site);
      // Moving a planned meeting's window wholly into the past would leave one that could never start;
      // an edit that leaves the window where it was may still be saved (the meeting is not made worse).
      const moved = time(data.start) !== current.start.getTime() || time(data.end) !== current.end.getTime();
      if (current.status === 'planned' && moved && time(data.end) <= this.clock.now().getTime())
        throw ruleBroken(MEETING_RULE_ERRORS.plannedEndInPast);
      if (
        data.code !== current.code &&
        (await this.meetings.codeTaken(tx, ctx.tenantId, found.committee.code, data.code, current.id))
      )
        throw codeTaken();
      const row = await this.meetings.update(tx, ctx.tenantId, current.id, {
        ...data,
        calendarSequence: nextCalendarSequence(current, data),
      });
      await this.events.meeting(tx, 'updated', ctx.tenantId, row);
      const meeting = await this.present(tx, ctx.tenantId, row, found.committee, true);
      await this.broadcastState(tx, ctx.tenantId, row, found.committee);
      if (row.code !== current.code) {
        // Pages open at the old address follow the meeting to its new one (votes are cast by address).
        const moved: TPageReloadPayload = {
          reason: 'meeting.moved',
          path: meetingPagePath(found.committee.code, row.code),
        };
        await this.events.broadcast(tx, ctx.tenantId, row.id, 'page.reload', moved);
      }
      return meeting;
    });
  }

  /** DELETE {admin base} ('delete meetings'); refused while the meeting is in progress. */
  async delete(ctx: TRequestContext, ref: TMeetingRef): Promise<{ ok: true }> {
    requireUser(ctx);
    requirePermission(can(ctx, 'delete meetings'));
    await this.write(async (tx) => {
      const found = await this.resolve(tx, ctx, ref);
      const current = await this.meetings.lock(tx, ctx.tenantId, found.meeting.id);
      if (!current) throw new AppError('not_found', MEETING_NOT_FOUND);
      if (current.status === 'in_progress')
        throw new AppError('rule_broken', 'A meeting in progress cannot be deleted. End it first.');
      await this.meetings.delete(tx, ctx.tenantId, current.id);
      await this.events.deleted(tx, ctx.tenantId, current);
    });
    return { ok: true };
  }

  /** PUT {admin base}/start ('run meetings'): only a planned meeting on one of its days (isMeetingToday). */
  async start(ctx: TRequestContext, ref: TMeetingRef): Promise<TMeeting> {
    requireUser(ctx);
    requirePermission(isRunner(ctx));
    const timeZone = await this.timeZones.of(ctx.tenantId, ctx.requestId);
    return this.write(async (tx) => {
      const found = await this.resolve(tx, ctx, ref);
      const current = await this.meetings.lock(tx, ctx.tenantId, found.meeting.id);
      if (!current) throw new AppError('not_found', MEETING_NOT_FOUND);
      if (current.status !== 'planned')
        throw new AppError('rule_broken', 'Only a planned meeting can be started.');
      const now = this.clock.now();
      if (!isMeetingToday(current, now, timeZone))
        throw new AppError('rule_broken', 'A meeting can only be started on a day it is scheduled for.');
      const row = await this.meetings.update(tx, ctx.tenantId, current.id, {
        status: 'in_progress',
        actualStart: now,
      });
      await this.events.meeting(tx, 'started', ctx.tenantId, row);
      await this.broadcastState(tx, ctx.tenantId, row, found.committee);
      return this.present(tx, ctx.tenantId, row, found.committee);
    });
  }

  /** PUT {admin base}/end ('run meetings'): only in progress, never while a vote is active. */
  async end(ctx: TRequestContext, ref: TMeetingRef): Promise<TMeeting> {
    requireUser(ctx);
    requirePermission(isRunner(ctx));
    return this.write(async (tx) => {
      const found = await this.resolve(tx, ctx, ref);
      const current = await this.meetings.lock(tx, ctx.tenantId, found.meeting.id);
      if (!current) throw new AppError('not_found', MEETING_NOT_FOUND);
      if (current.status !== 'in_progress')
        throw new AppError('rule_broken', 'Only a meeting in progress can be ended.');
      const now = this.clock.now();
      const votes = await this.meetings.votes(tx, ctx.tenantId, current.id);
      if (votes.some((v) => isActiveVote(v, now)))
        throw new AppError('rule_broken', 'The meeting cannot be ended while a vote is active.');
      const row = await this.meetings.update(tx, ctx.tenantId, current.id, {
        status: 'ended',
        endedAt: now,
      });
      // Everyone still checked in is checked out at the end (one attendance event each, for voting).
      const checkedOut = await this.attendance.closeAllCheckIns(tx, ctx.tenantId, current.id, now);
      await this.events.checkedOut(
        tx,
        checkedOut.map((attendee) => toAttendanceEvent(ctx.tenantId, current, attendee)),
      );
      this.listVersions.touch(tx, ctx.tenantId, current.committeeId);
      await this.events.meeting(tx, 'ended', ctx.tenantId, row);
      await this.broadcastState(tx, ctx.tenantId, row, found.committee);
      return this.present(tx, ctx.tenantId, row, found.committee);
    });
  }

  /** GET {base}/retrieve/meeting: meeting, committee and resources (none yet: the resources service). */
  async retrieve(ctx: TRequestContext, ref: TMeetingRef): Promise<TRetrieveMeetingReply> {
    return this.db.read(async (db) => {
      const { meeting, committee } = await this.viewable(db, ctx, ref);
      return {
        meeting: await this.present(db, ctx.tenantId, meeting, committee),
        committee: toMeetingCommittee(committee),
        resources: [],
      };
    });
  }

  /** meetings.channel.access: viewers may join; staff and runner views follow their permissions. */
  async channelAccess(ctx: TRequestContext, input: TMeetingChannelAccessInput): Promise<TChannelAccess> {
    const { meeting } = await this.db.read((db) =>
      this.viewable(db, ctx, { committeeCode: input.committee_code, meetingCode: input.meeting_code }),
    );
    return { channel: meetingChannel(meeting.id), staff: isStaff(ctx), runner: isRunner(ctx) };
  }

  /** The meeting as the page shows it (counts included), to everyone on its channel. */
  async broadcastState(tx: Tx, tenantId: string, row: MeetingRow, committee: CommitteeRow) {
    const meeting = await this.present(tx, tenantId, row, committee);
    await this.events.broadcast(tx, tenantId, row.id, 'meeting.state', { meeting });
  }

  private async write<R>(fn: (tx: Tx) => Promise<R>): Promise<R> {
    try {
      return await this.db.transaction(fn);
    } catch (err) {
      if (isUniqueViolation(err)) throw codeTaken();
      throw err;
    }
  }
}

/** The shared rule (spec section 4: from started_at until ended_at) over this service's vote rows. */
export function isActiveVote(v: { startedAt: Date | null; endedAt: Date | null }, now: Date): boolean {
  return isVoteActive({ started_at: v.startedAt, ended_at: v.endedAt }, now);
}

/** A row value's instant in milliseconds (the row types take a date or its ISO text). */
function time(date: Date | string): number {
  return new Date(date).getTime();
}

/** What the site offers that a meeting's settings depend on. */
interface MeetingSite {
  /** Zoom meetings can be created on the first join (the Zoom app's credentials are set). */
  zoomConfigured: boolean;
}

/** The row values of a create (current = null: defaults) or an edit (current: kept where absent). */
function meetingData(
  input: Partial<TMeetingCreateInput>,
  current: MeetingRow | null,
  site: MeetingSite,
): MeetingData {
  const pick = <K extends keyof TMeetingCreateInput, V>(key: K, fallback: V) =>
    input[key] === undefined ? fallback : input[key];
  const code = (input.code ?? current?.code) as string;
  const name = (input.name ?? current?.name) as string;
  const start = input.start ? new Date(input.start) : (current?.start as Date);
  const end = input.end ? new Date(input.end) : (current?.end as Date);
  const allowInPerson = pick('allow_in_person', current?.allowInPerson ?? true) as boolean;
  const allowRemote = pick('allow_remote', current?.allowRemote ?? false) as boolean;
  const videoProvider = pick('video_provider', current?.videoProvider ?? 'none') as string;
  const videoUrl = pick('video_url', current?.videoUrl ?? null) as string | null;
  // Stored as the number Zoom's API takes: '123 4567 8901' → '12345678901'.
  const zoomId = (pick('zoom_id', current?.zoomId ?? null) as string | null)?.replace(/\D/g, '') || null;
  const zoomRegistrationUrl = pick('zoom_registration_url', current?.zoomRegistrationUrl ?? null) as
    | string
    | null;
  const errors: Record<string, string[]> = {};
  const broken = (rule: { field: string; message: string }) => {
    errors[rule.field] = [rule.message];
  };
  if (!(end > start)) broken(MEETING_RULE_ERRORS.endAfterStart);
  if (!allowInPerson && !allowRemote) broken(MEETING_RULE_ERRORS.modeRequired);
  if (videoProvider === 'static' && !videoUrl) broken(MEETING_RULE_ERRORS.videoUrlRequired);
  // Without Zoom's credentials no meeting is created on the first join: remote members would get no link.
  if (videoProvider === 'zoom' && !zoomId && !zoomRegistrationUrl && !site.zoomConfigured)
    broken(MEETING_RULE_ERRORS.zoomNotConfigured);
  // Bad input (400) with per-field messages, like the schema's own checks.
  if (Object.keys(errors).length)
    throw new AppError('bad_request', Object.values(errors)[0]?.[0] ?? 'Invalid meeting.', errors);
  return {
    code,
    name,
    description:
      // The web renders it as HTML: the one rich-text allowlist motions use too.
      input.description === undefined ? (current?.description ?? null) : sanitizeRichText(input.description),
    start,
    end,
    type: pick('type', current?.type ?? DEFAULT_MEETING_TYPE) as string,
    showMotions: pick('show_motions', current?.showMotions ?? true) as boolean,
    allowInPerson,
    allowRemote,
    // An emptied field is no location, as one never given.
    locationName: (pick('location_name', current?.locationName ?? null) as string | null) || null,
    locationAddress: (pick('location_address', current?.locationAddress ?? null) as string | null) || null,
    visibility: pick('visibility', current?.visibility ?? 'committee') as string,
    inMeetingVoting: pick('in_meeting_voting', current?.inMeetingVoting ?? true) as boolean,
    slug: slugify(`${name}-${code}`),
    videoProvider,
    zoomId,
    zoomRegistrationUrl,
    videoUrl,
  };
}
