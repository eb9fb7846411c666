import type {
  TAttendanceMember,
  TAttendanceUser,
  TMeeting,
  TMeetingCommittee,
  TRetrieveAttendanceReply,
} from '@gavel/contracts';

/** Test data of the meeting area (local times, so formatted texts do not depend on the zone). */
export const at = (y: number, m: number, d: number, h = 0, min = 0) =>
  new Date(y, m - 1, d, h, min).toISOString();

export function makeMeeting(overrides: Partial<TMeeting> = {}): TMeeting {
  return {
    id: 'mt-1',
    committee_id: 'c-1',
    committee_code: 'FIN',
    code: 'M1',
    name: 'November Meeting',
    description: '<p>Budget review</p>',
    start: at(2026, 11, 24, 9, 0),
    end: at(2026, 11, 24, 11, 0),
    actual_start: null,
    ended_at: null,
    type: 'Regular',
    status: 'planned',
    show_motions: false,
    allow_in_person: true,
    allow_remote: false,
    location_name: 'Board Room',
    location_address: '1 Main St',
    visibility: 'committee',
    in_meeting_voting: true,
    slug: 'november-meeting',
    video_provider: 'none',
    zoom_id: null,
    zoom_registration_url: null,
    updated_at: at(2026, 11, 1, 12, 0),
    is_today: false,
    rsvp_count: 0,
    rsvp_attending_count: 0,
    rsvp_attending_in_person_count: 0,
    rsvp_attending_remote_count: 0,
    rsvp_not_attending_count: 0,
    ...overrides,
  };
}

export function makeMeetingCommittee(overrides: Partial<TMeetingCommittee> = {}): TMeetingCommittee {
  return {
    id: 'c-1',
    name: 'Finance Committee',
    code: 'FIN',
    year: 2026,
    quorum: 2,
    two_thirds_vote: false,
    chair_position: 'Chair',
    vchair_position: 'Vice Chair',
    voting_rights: [{ position: 'Chair', is_voting: true }],
    has_demographic: false,
    demographic_name: null,
    demographic_is_displayed: false,
    demographic_motion_filterable: false,
    demographic_display_prepend: false,
    demographics: [],
    ...overrides,
  };
}

export function makeAttendanceMember(overrides: Partial<TAttendanceMember> = {}): TAttendanceMember {
  return {
    user_id: 'u-1',
    is_member: true,
    is_voting: true,
    membership: {
      id: 'ms-1',
      position: 'Chair',
      demographic: null,
      display_demographic: null,
      search_demographic: null,
    },
    attendee: null,
    rsvp: null,
    sort_name: 'Lovelace, Ada',
    name: 'Ada Lovelace',
    ...overrides,
  };
}

/** An RSVP of member `ms-1` (user `u-1`): attending in person unless told otherwise. */
export function makeRsvp(
  overrides: Partial<NonNullable<TAttendanceMember['rsvp']>> = {},
): NonNullable<TAttendanceMember['rsvp']> {
  return {
    id: 'r-1',
    attendee_type: 'membership',
    attendee_id: 'ms-1',
    user_id: 'u-1',
    attending: true,
    attending_via: 'in_person',
    ...overrides,
  };
}

/** An attendee record checked in (remote) since `since`, or, with `until`, checked out again. */
export function makeAttendee(
  since: string,
  until: string | null = null,
): NonNullable<TAttendanceMember['attendee']> {
  return {
    id: 'a-1',
    attendee_type: 'membership',
    attendee_id: 'ms-1',
    user_id: 'u-1',
    membership_id: 'ms-1',
    attending_via: 'remote',
    deleted_at: until,
    checked_in: until === null,
    checkIns: [{ created_at: since, deleted_at: until }],
  };
}

export function makeAttendanceUser(overrides: Partial<TAttendanceUser> = {}): TAttendanceUser {
  return {
    id: 'u-1',
    first_name: 'Ada',
    last_name: 'Lovelace',
    displayed_first_name: 'Ada',
    name: 'Ada Lovelace',
    sort_name: 'Lovelace, Ada',
    profile_display_url: null,
    ...overrides,
  };
}

export function makeAttendance(
  members: TAttendanceMember[] = [makeAttendanceMember()],
): TRetrieveAttendanceReply {
  return {
    users: members.map((m) => makeAttendanceUser({ id: m.user_id, name: m.name, sort_name: m.sort_name })),
    members,
    attendance: members.flatMap((m) => (m.attendee ? [m.attendee] : [])),
    rsvps: members.flatMap((m) => (m.rsvp ? [m.rsvp] : [])),
  };
}
