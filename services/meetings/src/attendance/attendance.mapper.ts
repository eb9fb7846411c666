import type {
  TAttendanceEvent,
  TAttendanceMember,
  TAttendanceUser,
  TAttendeeRecord,
  TMeetingAttendeeType,
  TMemberVotingStatus,
  TRetrieveAttendanceReply,
  TRsvp,
} from '@gavel/contracts';
import { asMode } from '../meetings/meeting.mapper.js';
import type { CommitteeRow, MembershipRow, UserRow } from '../meetings/meeting.repository.js';
import type { AttendeeRow, RsvpRow } from './attendance.repository.js';

/** What a viewer may see: staff get email, username and nrds; runners get voting status. */
export interface Audience {
  staff: boolean;
  runner: boolean;
}

export const EVERYONE: Audience = { staff: false, runner: false };
export const STAFF: Audience = { staff: true, runner: false };

export function sortName(u: Pick<UserRow, 'firstName' | 'lastName' | 'displayedFirstName'>): string {
  return `${u.lastName}, ${u.displayedFirstName || u.firstName}`;
}

export function toAttendanceUser(u: UserRow, audience: Audience): TAttendanceUser {
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    displayed_first_name: u.displayedFirstName,
    name: u.name,
    sort_name: sortName(u),
    profile_display_url: u.profileDisplayUrl,
    ...(audience.staff ? { email: u.email, username: u.username, nrds: u.nrds } : {}),
  };
}

export function toAttendeeRecord(a: AttendeeRow): TAttendeeRecord {
  const last = a.checkIns[a.checkIns.length - 1];
  return {
    id: a.id,
    attendee_type: a.attendeeType as TMeetingAttendeeType,
    attendee_id: a.attendeeId,
    user_id: a.userId,
    membership_id: a.membershipId,
    attending_via: asMode(a.attendingVia),
    deleted_at: a.deletedAt ? a.deletedAt.toISOString() : null,
    checked_in: !a.deletedAt && !!last && !last.deletedAt,
    checkIns: a.checkIns.map((c) => ({
      created_at: c.createdAt.toISOString(),
      deleted_at: c.deletedAt ? c.deletedAt.toISOString() : null,
    })),
  };
}

export function toRsvp(r: RsvpRow): TRsvp {
  return {
    id: r.id,
    attendee_type: r.attendeeType as TMeetingAttendeeType,
    attendee_id: r.attendeeId,
    user_id: r.userId,
    attending: r.attending,
    attending_via: asMode(r.attendingVia),
  };
}

export interface MemberParts {
  user: UserRow;
  membership: MembershipRow | null;
  attendee: AttendeeRow | null;
  rsvp: RsvpRow | null;
  /** Only computed for runners. */
  votingStatus?: TMemberVotingStatus | null;
  /** When the change being announced was made; see TAttendanceMember.changed_at. */
  changedAt?: Date;
}

export function toAttendanceMember(
  committee: CommitteeRow,
  p: MemberParts,
  audience: Audience,
): TAttendanceMember {
  const m = p.membership;
  const display =
    m?.demographic && committee.demographicIsDisplayed
      ? committee.demographicDisplayPrepend && committee.demographicName
        ? `${committee.demographicName}: ${m.demographic}`
        : m.demographic
      : null;
  return {
    user_id: p.user.id,
    is_member: !!m,
    is_voting: !!m?.isVoting,
    membership: m
      ? {
          id: m.id,
          position: m.position,
          demographic: m.demographic,
          display_demographic: display,
          search_demographic: m.demographic ? m.demographic.toLowerCase() : null,
        }
      : null,
    attendee: p.attendee ? toAttendeeRecord(p.attendee) : null,
    rsvp: p.rsvp ? toRsvp(p.rsvp) : null,
    sort_name: sortName(p.user),
    name: p.user.name,
    ...(audience.staff ? { nrds: p.user.nrds } : {}),
    ...(audience.runner ? { voting_status: p.votingStatus ?? null } : {}),
    ...(p.changedAt ? { changed_at: p.changedAt.toISOString() } : {}),
  };
}

/** The rows an attendance list is built from; an email vote has no attendees or RSVPs. */
export interface AttendanceListRows {
  memberships: MembershipRow[];
  attendees: AttendeeRow[];
  rsvps: RsvpRow[];
  /** The users of `attendanceUserIds` found in the users read model. */
  users: UserRow[];
}

/** Everyone an attendance list shows: the committee's members, then others with an attendee row or RSVP. */
export function attendanceUserIds(rows: Omit<AttendanceListRows, 'users'>): string[] {
  return [
    ...new Set([
      ...rows.memberships.map((m) => m.userId),
      ...rows.attendees.map((a) => a.userId),
      ...rows.rsvps.map((r) => r.userId),
    ]),
  ];
}

/**
 * GET {base}/retrieve/attendance as the audience may see it: members sorted by sort name. `statusOf` gives
 * a voting membership's status (asked only for runners); users missing from the read model are left out.
 */
export function toAttendanceList(
  committee: CommitteeRow,
  rows: AttendanceListRows,
  audience: Audience,
  statusOf: (membershipId: string) => TMemberVotingStatus | null,
): TRetrieveAttendanceReply {
  const users = new Map(rows.users.map((u) => [u.id, u]));
  const byUser = new Map(rows.memberships.map((m) => [m.userId, m]));
  const attendeeOf = new Map(rows.attendees.map((a) => [a.userId, a]));
  const rsvpOf = new Map(rows.rsvps.map((r) => [r.userId, r]));
  const members = attendanceUserIds(rows).flatMap((userId) => {
    const user = users.get(userId);
    if (!user) return []; // not in the users read model yet
    const membership = byUser.get(userId) ?? null;
    const parts: MemberParts = {
      user,
      membership,
      attendee: attendeeOf.get(userId) ?? null,
      rsvp: rsvpOf.get(userId) ?? null,
      votingStatus: audience.runner && membership?.isVoting ? statusOf(membership.id) : null,
    };
    return [toAttendanceMember(committee, parts, audience)];
  });
  members.sort((a, b) => a.sort_name.localeCompare(b.sort_name));
  return {
    users: rows.users.map((u) => toAttendanceUser(u, audience)),
    members,
    attendance: rows.attendees.map(toAttendeeRecord),
    rsvps: rows.rsvps.map(toRsvp),
  };
}

/** The agreed attendance event (the voting service keeps who is checked in from it). */
export function toAttendanceEvent(
  tenantId: string,
  meeting: { id: string; committeeId: string },
  a: AttendeeRow,
): TAttendanceEvent {
  const record = toAttendeeRecord(a);
  return {
    tenantId,
    meeting_id: meeting.id,
    committee_id: meeting.committeeId,
    attendee: {
      id: a.id,
      attendee_type: record.attendee_type,
      attendee_id: a.attendeeId,
      user_id: a.userId,
      membership_id: a.membershipId,
      attending_via: record.attending_via,
      checked_in: record.checked_in,
      at: a.updatedAt.toISOString(),
    },
  };
}
