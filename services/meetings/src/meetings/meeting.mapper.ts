import type {
  TMeeting,
  TMeetingCommittee,
  TMeetingEvent,
  TMeetingMode,
  TMeetingVisibility,
  TPhase,
  TVideoProvider,
} from '@gavel/contracts';
import { dateKey } from '@gavel/service-kit';
import type { CommitteeRow, MeetingRow, RsvpTally } from './meeting.repository.js';

type TMeetingStatusValue = TPhase;

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Whether a meeting "is today" (Start Meeting is offered and allowed only then): today in the association's
 * time zone is one of its days, from its start's day to its end's day inclusive, so a meeting over several
 * days may be started on any of them.
 */
export function isMeetingToday(meeting: { start: Date; end: Date }, now: Date, timeZone: string): boolean {
  const today = dateKey(now, timeZone);
  // `YYYY-MM-DD` keys compare as their days do.
  return dateKey(meeting.start, timeZone) <= today && today <= dateKey(meeting.end, timeZone);
}

/** RSVP counts of the Meeting entity (spec section 3). */
export function rsvpCounts(tallies: readonly RsvpTally[]) {
  const attending = tallies.filter((t) => t.attending);
  return {
    rsvp_count: tallies.length,
    rsvp_attending_count: attending.length,
    rsvp_attending_in_person_count: attending.filter((t) => t.attendingVia === 'in_person').length,
    rsvp_attending_remote_count: attending.filter((t) => t.attendingVia === 'remote').length,
    rsvp_not_attending_count: tallies.length - attending.length,
  };
}

export interface MeetingView {
  row: MeetingRow;
  committee: CommitteeRow;
  tallies: readonly RsvpTally[];
  now: Date;
  timeZone: string;
  /** Include admin-only settings (video_url). */
  admin: boolean;
}

/** The Meeting entity; an explicit pick of columns so a new one never leaks. */
export function toMeeting(v: MeetingView): TMeeting {
  const m = v.row;
  return {
    id: m.id,
    committee_id: m.committeeId,
    committee_code: v.committee.code,
    code: m.code,
    name: m.name,
    description: m.description,
    start: iso(m.start),
    end: iso(m.end),
    actual_start: isoOrNull(m.actualStart),
    ended_at: isoOrNull(m.endedAt),
    type: m.type,
    status: m.status as TMeetingStatusValue,
    show_motions: m.showMotions,
    allow_in_person: m.allowInPerson,
    allow_remote: m.allowRemote,
    location_name: m.locationName,
    location_address: m.locationAddress,
    visibility: m.visibility as TMeetingVisibility,
    in_meeting_voting: m.inMeetingVoting,
    slug: m.slug,
    video_provider: m.videoProvider as TVideoProvider,
    zoom_id: m.zoomId,
    zoom_registration_url: m.zoomRegistrationUrl,
    ...(v.admin ? { video_url: m.videoUrl } : {}),
    updated_at: iso(m.updatedAt),
    is_today: isMeetingToday(m, v.now, v.timeZone),
    ...rsvpCounts(v.tallies.filter((t) => t.meetingId === m.id)),
  };
}

export function toMeetingCommittee(c: CommitteeRow): TMeetingCommittee {
  return {
    id: c.id,
    name: c.name,
    code: c.code,
    year: c.year,
    quorum: c.quorum,
    two_thirds_vote: c.twoThirdsVote,
    chair_position: c.chairPosition,
    vchair_position: c.vchairPosition,
    voting_rights: Array.isArray(c.votingRights)
      ? (c.votingRights as { position: string; is_voting: boolean }[])
      : [],
    has_demographic: c.hasDemographic,
    demographic_name: c.demographicName,
    demographic_is_displayed: c.demographicIsDisplayed,
    demographic_motion_filterable: c.demographicMotionFilterable,
    demographic_display_prepend: c.demographicDisplayPrepend,
    demographics: Array.isArray(c.demographics) ? (c.demographics as string[]) : [],
  };
}

export function toMeetingEvent(tenantId: string, m: MeetingRow): TMeetingEvent {
  return {
    tenantId,
    meeting: {
      id: m.id,
      committee_id: m.committeeId,
      code: m.code,
      name: m.name,
      status: m.status as TMeetingStatusValue,
      start: iso(m.start),
      end: iso(m.end),
      actual_start: isoOrNull(m.actualStart),
      in_meeting_voting: m.inMeetingVoting,
      show_motions: m.showMotions,
      visibility: m.visibility as TMeetingVisibility,
    },
  };
}

export const asMode = (v: string | null): TMeetingMode | null =>
  v === 'in_person' || v === 'remote' ? v : null;
