import {
  MEETING_VISIBILITY_OPEN,
  type TAttendanceMember,
  type TAttendeeRecord,
  type TMeeting,
  type TUser,
} from '@gavel/contracts';
import { isCheckedIn, type MemberVotingStatus, NOT_CHECKED_IN } from '@gavel/voting-rules';
import { format, isSameDay } from 'date-fns';
import { ApiError } from '@/lib/api-client';
import { formatTime, toDate } from '@/lib/date-time';
import { FALLBACK } from '@/lib/messages';
import { matchesWords } from '@/lib/search';

export type TMeetingStatus = TMeeting['status'];

/** The meeting page's texts (spec sections 2 and 8), exactly as written there. */
export const MEETING_TEXT = {
  scheduled: 'Meeting scheduled for:',
  started: 'Meeting started:',
  tookPlace: 'Meeting took place on:',
  inProgress: 'Meeting In Progress',
  ended: 'Meeting Ended',
  notCheckedIn: NOT_CHECKED_IN,
  leave: 'Are you sure you want to leave this meeting?',
  livePrefix: '-- LIVE --',
  started_toast: 'Meeting Started!',
  ended_toast: 'Meeting Ended!',
  startError: 'Error Starting Meeting!',
  endError: 'Error Ending Meeting!',
  unknownError: FALLBACK.general,
  noResources: 'No resources available',
  noDetails: 'No additional details available',
  /** The header's empty description (motions shown); the meeting-info panel says noDetails. */
  noDescription: 'No additional details',
  /** The calendar link ({meeting base}/calendar); the spec names the link, not its text. */
  addToCalendar: 'Add to Calendar',
  noUsers: 'No Users Found',
  noCriteria: 'No Search Criteria Entered',
  searchError: FALLBACK.search,
  saveError: 'Unknown Save Error... Please try again.',
  join: 'Join Video Conference',
  rsvpNow: 'RSVP Now',
} as const;

export const rsvpSetMessage = (name: string) => `${name} RSVP Response Set`;
export const rsvpRemovedMessage = (name: string) => `${name} RSVP Response Removed`;
export const attendanceSetMessage = (name: string) => `${name} Attendance Set`;
export const attendanceRemovedMessage = (name: string) => `${name} Attendance Removed`;

/** Spec: "The date format is like 'MMMM D, YYYY at h:mm A'" (date-fns tokens). */
export const HEADER_DATE_FORMAT = "MMMM d, yyyy 'at' h:mm a";
/** 'Monday, November 23, 2026 at 9:00 AM' (also the email vote's 'Vote Opens on …'). */
export const WEEKDAY_DATE_FORMAT = "EEEE, MMMM d, yyyy 'at' h:mm a";

export type AttendancePanelMode = 'planned' | 'in_progress' | 'ended';

/**
 * Exactly one attendance panel (spec section 2): planned (RSVP) when planned and the user may modify
 * meeting rsvps; in progress (check-in) when in progress; ended (check-in ranges) when ended. A planned
 * meeting shows no attendance panel to someone without 'modify meeting rsvps'.
 */
export function attendancePanelMode(
  status: TMeetingStatus,
  canModifyRsvps: boolean,
): AttendancePanelMode | null {
  if (status === 'planned') return canModifyRsvps ? 'planned' : null;
  return status;
}

/** Where the meeting actually started and ended (scheduled times when it has not). */
export function meetingSpan(meeting: Pick<TMeeting, 'start' | 'end' | 'actual_start' | 'ended_at'>) {
  return {
    start: toDate(meeting.actual_start) ?? toDate(meeting.start),
    end: toDate(meeting.ended_at) ?? toDate(meeting.end),
  };
}

/**
 * The header date text (spec section 2): 'Meeting scheduled for:' when planned, 'Meeting started:' when
 * in progress, 'Meeting took place on:' with a range when ended. An ended meeting over more than one day
 * shows start and end dates and times; otherwise the weekday, the date and a time range.
 */
export function meetingDateText(
  meeting: Pick<TMeeting, 'status' | 'start' | 'end' | 'actual_start' | 'ended_at'>,
): { label: string; text: string } {
  if (meeting.status === 'planned') {
    const start = toDate(meeting.start);
    return { label: MEETING_TEXT.scheduled, text: start ? format(start, HEADER_DATE_FORMAT) : '' };
  }
  const { start, end } = meetingSpan(meeting);
  if (meeting.status === 'in_progress') {
    return { label: MEETING_TEXT.started, text: start ? format(start, HEADER_DATE_FORMAT) : '' };
  }
  if (!start || !end)
    return { label: MEETING_TEXT.tookPlace, text: start ? format(start, HEADER_DATE_FORMAT) : '' };
  const text = isSameDay(start, end)
    ? `${format(start, WEEKDAY_DATE_FORMAT)} - ${formatTime(end)}`
    : `${format(start, HEADER_DATE_FORMAT)} - ${format(end, HEADER_DATE_FORMAT)}`;
  return { label: MEETING_TEXT.tookPlace, text };
}

/** Hours, minutes and seconds: '1:02:03' (hours not capped), never negative. */
export function formatHms(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** The live timer: time to the start while planned, elapsed while in progress, length once ended. */
export function meetingTimer(
  meeting: Pick<TMeeting, 'status' | 'start' | 'end' | 'actual_start' | 'ended_at'>,
  now: number,
): { label: string; value: string } {
  const { start, end } = meetingSpan(meeting);
  const s = start?.getTime() ?? now;
  if (meeting.status === 'planned') {
    // Not started yet though its time has come: count how late it is rather than sit at 0:00:00.
    if (s < now) return { label: 'Start delayed by', value: formatHms(now - s) };
    return { label: 'Starts in', value: formatHms(s - now) };
  }
  if (meeting.status === 'in_progress') return { label: 'Elapsed', value: formatHms(now - s) };
  return { label: 'Duration', value: formatHms((end?.getTime() ?? s) - s) };
}

/** The tab title while live: the '-- LIVE --' prefix on every even tick. */
export function liveTitle(base: string, tick: number, live: boolean): string {
  return live && tick % 2 === 0 ? `${MEETING_TEXT.livePrefix} ${base}` : base;
}

/** The footer banner: 'Not Checked In' for a voting member who is not, else the meeting's state. */
export function meetingBanner(status: TMeetingStatus, votingMemberNotCheckedIn: boolean): string | null {
  if (status === 'in_progress')
    return votingMemberNotCheckedIn ? MEETING_TEXT.notCheckedIn : MEETING_TEXT.inProgress;
  if (status === 'ended') return MEETING_TEXT.ended;
  return null;
}

/**
 * The signed-in user's own row in the attendance lists, if any. A user may hold several (a non-voting and
 * a voting membership, or a membership and a non-committee attendee row): their voting membership first,
 * then another membership, then any row. The 'Not Checked In' banner, the vote buttons (membershipOf)
 * and the own row of the members panel all read this one row, so they never disagree.
 */
export function memberOf(
  members: readonly TAttendanceMember[] | undefined,
  userId: string | null,
): TAttendanceMember | null {
  if (userId === null || !members) return null;
  const mine = members.filter((m) => m.user_id === userId);
  return mine.find((m) => m.is_member && m.is_voting) ?? mine.find((m) => m.is_member) ?? mine[0] ?? null;
}

/**
 * Whose RSVP the page offers the signed-in user: their own row, else, for an open meeting (which every user
 * of the association may attend and RSVP to themselves, spec section 6), a row of their own not yet
 * answered. Null while the attendance list is loading, and for a committee-only meeting they are not in.
 */
export function ownRsvpRow(
  members: readonly TAttendanceMember[] | undefined,
  user: Pick<TUser, 'id' | 'name'>,
  meeting: Pick<TMeeting, 'visibility'>,
): TAttendanceMember | null {
  if (!members) return null;
  const mine = memberOf(members, user.id);
  if (mine || meeting.visibility !== MEETING_VISIBILITY_OPEN) return mine;
  return {
    user_id: user.id,
    is_member: false,
    is_voting: false,
    membership: null,
    attendee: null,
    rsvp: null,
    sort_name: user.name,
    name: user.name,
  };
}

/** The signed-in user as a committee member: their own row (memberOf) when it is a membership. */
export function membershipOf(
  members: readonly TAttendanceMember[] | undefined,
  userId: string | null,
): TAttendanceMember | null {
  const row = memberOf(members, userId);
  return row?.is_member ? row : null;
}

/** Whether the user is a voting member of the committee (non-committee attendees never vote). */
export function isVotingMember(
  members: readonly TAttendanceMember[] | undefined,
  userId: string | null,
): boolean {
  const member = membershipOf(members, userId);
  return member?.is_voting === true;
}

/** A voting member who is not checked in (footer banner and tooltip). */
export function isVotingMemberNotCheckedIn(member: TAttendanceMember | null): boolean {
  return member?.is_member === true && member.is_voting && !isCheckedIn(member);
}

// ---- join link (spec section 4, "Join link retrieval") ----
export const JOIN_MAX_ATTEMPTS = 3;

/** A 401 or 404 marks the user as not authorised: the join button hides. */
export function joinFailureHidesButton(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 401 || err.status === 404);
}

/** The join link to offer, or null for no button. */
export function joinUrlOf(
  meeting: Pick<TMeeting, 'allow_remote' | 'status' | 'zoom_registration_url'>,
  join: {
    data?: { join_url: string | null } | undefined;
    error: unknown;
    failed: boolean;
  },
): string | null {
  if (!meeting.allow_remote || meeting.status !== 'in_progress') return null;
  if (join.data) return join.data.join_url;
  if (join.failed) return joinFailureHidesButton(join.error) ? null : meeting.zoom_registration_url;
  return null;
}

// ---- attendance lists ----
export type Via = 'in_person' | 'remote';
export const VIA_LABEL: Record<Via, string> = { in_person: 'In Person', remote: 'Remote' };

/** The modes a meeting allows, in person first. */
export function allowedModes(meeting: Pick<TMeeting, 'allow_in_person' | 'allow_remote'>): Via[] {
  return [
    ...(meeting.allow_in_person ? (['in_person'] as const) : []),
    ...(meeting.allow_remote ? (['remote'] as const) : []),
  ];
}

export interface CheckInRange {
  start: Date;
  end: Date | null;
  minutes: number;
}

/** Check-in time ranges with minutes of duration; an open range runs to the meeting's end. */
export function checkInRanges(attendee: TAttendeeRecord | null, meetingEnd: Date | null): CheckInRange[] {
  if (!attendee) return [];
  return attendee.checkIns
    .map((c) => {
      const start = toDate(c.created_at);
      if (!start) return null;
      const end = toDate(c.deleted_at) ?? meetingEnd;
      const minutes = end ? Math.max(0, Math.round((end.getTime() - start.getTime()) / 60_000)) : 0;
      return { start, end, minutes };
    })
    .filter((r): r is CheckInRange => r !== null)
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** A check-in range's times: '2:00 PM - 2:50 PM', or '2:00 PM - …' while it is open. */
export function formatRangeTimes(range: CheckInRange): string {
  return `${formatTime(range.start)} - ${range.end ? formatTime(range.end) : '…'}`;
}

export function formatRange(range: CheckInRange): string {
  return `${formatRangeTimes(range)} (${range.minutes} ${range.minutes === 1 ? 'minute' : 'minutes'})`;
}

/** The member's RSVP as a select value: in_person, remote, not_attending or '' (none). */
export function rsvpValue(member: TAttendanceMember): '' | Via | 'not_attending' {
  if (!member.rsvp) return '';
  if (!member.rsvp.attending) return 'not_attending';
  return member.rsvp.attending_via ?? 'in_person';
}

/** The Committee Members panel's modes (spec section 2). */
export type MembersPanelMode = 'planned' | 'in_progress' | 'ended' | 'email_vote';

/**
 * The members a viewer's list shows. Not-present lists are for attendance staff (spec section 6, 'modify
 * meeting attendance'): anyone else sees, in progress, who is checked in and, once ended, who checked in
 * at all; always with their own row, where a member checks in. An email vote lists its voting members.
 */
export function listedMembers(
  members: readonly TAttendanceMember[],
  viewer: { mode: MembersPanelMode; canModifyAttendance: boolean; meId: string | null },
): TAttendanceMember[] {
  const { mode, canModifyAttendance, meId } = viewer;
  if (mode === 'email_vote') return members.filter((m) => m.is_voting);
  if (canModifyAttendance || mode === 'planned') return [...members];
  const present = (m: TAttendanceMember) =>
    mode === 'in_progress' ? isCheckedIn(m) : (m.attendee?.checkIns.length ?? 0) > 0;
  return members.filter((m) => m.user_id === meId || present(m));
}

/** The member's check-in as a select value: in_person, remote or '' (not present). */
export function checkInValue(member: TAttendanceMember): '' | Via {
  if (!isCheckedIn(member)) return '';
  return member.attendee?.attending_via ?? 'in_person';
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Totals text of the planned panel. */
export function rsvpTotals(members: readonly TAttendanceMember[]): string {
  const attending = members.filter((m) => m.rsvp?.attending);
  const inPerson = attending.filter((m) => (m.rsvp?.attending_via ?? 'in_person') === 'in_person').length;
  const remote = attending.length - inPerson;
  const notAttending = members.filter((m) => m.rsvp && !m.rsvp.attending).length;
  const none = members.length - attending.length - notAttending;
  return `${attending.length} attending (${inPerson} in person, ${remote} remote), ${notAttending} not attending, ${none} no response`;
}

/** Totals text of the in-progress panel. */
export function checkInTotals(members: readonly TAttendanceMember[]): string {
  const present = members.filter((m) => isCheckedIn(m));
  const voting = present.filter((m) => m.is_voting).length;
  const votingTotal = members.filter((m) => m.is_voting).length;
  return `${present.length} of ${plural(members.length, 'member', 'members')} checked in, ${voting} of ${votingTotal} voting`;
}

/** Totals text of the ended panel. */
export function endedTotals(members: readonly TAttendanceMember[]): string {
  const attended = members.filter((m) => (m.attendee?.checkIns.length ?? 0) > 0).length;
  return `${attended} of ${plural(members.length, 'member', 'members')} attended`;
}

/** Members sorted by sort name. */
export function sortMembers(members: readonly TAttendanceMember[]): TAttendanceMember[] {
  return [...members].sort((a, b) => a.sort_name.localeCompare(b.sort_name));
}

/** The viewer's own row (memberOf) first, where they RSVP or check in; the others as they are. */
export function ownRowFirst(members: readonly TAttendanceMember[], meId: string | null): TAttendanceMember[] {
  const mine = memberOf(members, meId);
  const own = mine ? members.indexOf(mine) : -1;
  if (own <= 0) return [...members];
  return [members[own] as TAttendanceMember, ...members.slice(0, own), ...members.slice(own + 1)];
}

/** Staff search over name, NRDS, position and demographic, case-insensitive; every word must match. */
export function matchesMemberSearch(member: TAttendanceMember, query: string): boolean {
  return matchesWords(
    [
      member.name,
      member.sort_name,
      member.nrds,
      member.membership?.position,
      member.membership?.search_demographic ?? member.membership?.demographic,
    ],
    query,
  );
}

const VOTING_STATUS_OF: Readonly<Record<string, MemberVotingStatus>> = {
  no_vote: 'no_vote',
  partial: 'partial_vote',
  partial_vote: 'partial_vote',
  voted: 'voted',
};

/** A member's voting status on the current vote (runners only; the API says 'partial' for partial_vote). */
export function memberVotingStatusOf(member: TAttendanceMember): MemberVotingStatus | undefined {
  return member.voting_status ? VOTING_STATUS_OF[member.voting_status] : undefined;
}
