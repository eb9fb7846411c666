import { z } from 'zod';
import { ZYearNumber } from './committees.js';
import { dateTimeInput } from './dates.js';
import { ZMeetingMode, ZMeetingStatus } from './enums.js';
import { oneLineText } from './text.js';

/**
 * Cross-service contracts of the meetings service: what others read of its events and ask it.
 * The meetings service owns the rest of its schemas (below the marker) and its routes (meetings-routes.ts).
 */
const ZId = z.string().min(1);
const ZIso = z.string().datetime({ offset: true });

/** Who may see a meeting: its committee (and staff), or every signed-in user of the association. */
export const ZMeetingVisibility = z.enum(['committee', 'open']);
export type TMeetingVisibility = z.infer<typeof ZMeetingVisibility>;
/** The open-visibility value (spec section 6): only then may non-committee members be added. */
export const MEETING_VISIBILITY_OPEN = 'open' satisfies TMeetingVisibility;

/** evt.meetings.meeting.created|updated|started|ended|deleted */
export const ZMeetingEventBody = z.object({
  id: ZId,
  committee_id: ZId,
  code: z.string(),
  name: z.string(),
  status: ZMeetingStatus,
  start: ZIso,
  end: ZIso,
  actual_start: ZIso.nullable(),
  in_meeting_voting: z.boolean(),
  show_motions: z.boolean(),
  /** Events written before visibility was carried read as the narrower 'committee'. */
  visibility: ZMeetingVisibility.default('committee'),
});
export const ZMeetingEvent = z.object({ tenantId: ZId, meeting: ZMeetingEventBody });
export type TMeetingEvent = z.infer<typeof ZMeetingEvent>;

/**
 * evt.meetings.attendance.updated|deleted: an attendee's check-in state changed. The voting service keeps
 * who is checked in from these (its cast path asks the meetings service only before refusing a cast as
 * not checked in: meetings.attendance.of-member).
 */
export const ZAttendanceEvent = z.object({
  tenantId: ZId,
  meeting_id: ZId,
  committee_id: ZId,
  attendee: z.object({
    id: ZId,
    attendee_type: z.enum(['membership', 'user']),
    attendee_id: ZId,
    user_id: ZId,
    /** Set when the attendee is a committee member. */
    membership_id: ZId.nullable(),
    attending_via: ZMeetingMode.nullable(),
    checked_in: z.boolean(),
    /** Version for ordering: the attendee row's update time. */
    at: ZIso,
  }),
});
export type TAttendanceEvent = z.infer<typeof ZAttendanceEvent>;

/**
 * meetings.attendance.of-member: a member's attendance as the attendance event carries it, read afresh
 * (null: no attendee row). For the member themself or a runner; the voting service asks before refusing
 * a cast as not checked in, in case the event of a check-in is still on its way.
 */
export const ZAttendanceOfMemberInput = z.object({ meeting_id: ZId, membership_id: ZId });
export type TAttendanceOfMemberInput = z.infer<typeof ZAttendanceOfMemberInput>;
export const ZAttendanceOfMemberReply = z.object({ event: ZAttendanceEvent.nullable() });
export type TAttendanceOfMemberReply = z.infer<typeof ZAttendanceOfMemberReply>;

/**
 * meetings.attendance.of-meeting: every attendee of a meeting as attendance events carry them, read afresh.
 * For those who may start votes ('run meetings' or 'update motions'): the voting service asks before
 * refusing a vote start on attendance (quorum, chair, eligible voters) while check-in events are on their way.
 */
export const ZAttendanceOfMeetingInput = z.object({ meeting_id: ZId });
export type TAttendanceOfMeetingInput = z.infer<typeof ZAttendanceOfMeetingInput>;
export const ZAttendanceOfMeetingReply = z.object({ events: z.array(ZAttendanceEvent) });
export type TAttendanceOfMeetingReply = z.infer<typeof ZAttendanceOfMeetingReply>;

/** meetings.channel.access: may the caller join the meeting's realtime channel, and with what view. */
export const ZMeetingChannelAccessInput = z.object({
  committee_code: z.string().min(1),
  meeting_code: z.string().min(1),
});
export type TMeetingChannelAccessInput = z.infer<typeof ZMeetingChannelAccessInput>;

// ---- the meetings service's own schemas follow ----

/** The meeting page's path, `/meeting/{committeeCode}/{meetingCode}` (each code encoded once). */
export function meetingPagePath(committeeCode: string, meetingCode: string): string {
  return `/meeting/${encodeURIComponent(committeeCode)}/${encodeURIComponent(meetingCode)}`;
}

/** The code that names a meeting or an email vote in its address. */
export function addressCode(maxLength: number) {
  return z
    .string()
    .trim()
    .min(1, 'The code field is required.')
    .max(maxLength, `The code may not be greater than ${maxLength} characters.`)
    .regex(/^[A-Za-z0-9-]+$/, 'The code may only contain letters, numbers and dashes.');
}
/** A meeting's code: at most 20 characters. */
export const ZMeetingCode = addressCode(20);
/** An email vote's code: at most 50 characters. */
export const ZEmailVoteCode = addressCode(50);

/** How the join link is made: none, a Zoom meeting (server-to-server OAuth), or a fixed link. */
export const ZVideoProvider = z.enum(['none', 'zoom', 'static']);
export type TVideoProvider = z.infer<typeof ZVideoProvider>;

/** The association's time zone decides what "today" is for starting a meeting. */
export const DEFAULT_MEETING_TIME_ZONE = 'America/New_York';

/** A meeting addressed by its URL: /meeting/{committeeCode}/{meetingCode}. */
export const ZMeetingRef = z.object({
  committeeCode: z.string().min(1),
  meetingCode: z.string().min(1),
});
export type TMeetingRef = z.infer<typeof ZMeetingRef>;
/**
 * A committee as its admin page names it: a code names one committee per year (copies keep codes across
 * years) or one term-based committee. With `year` (the page's `?year=`), the committee of that year or the
 * term-based one; without, the newest with the code.
 */
export const ZCommitteeScope = z.object({ committeeCode: z.string().min(1), year: ZYearNumber.optional() });
export type TCommitteeScope = z.infer<typeof ZCommitteeScope>;
export const ZCommitteeMeetingsRef = ZCommitteeScope;
export type TCommitteeMeetingsRef = z.infer<typeof ZCommitteeMeetingsRef>;

const ZUrl = z
  .string()
  .trim()
  .max(500)
  // No spaces and no control characters (\S alone lets those through into a link we hand out).
  .regex(/^https?:\/\/[^\s\p{Cc}]+$/iu, 'The link must be a valid http or https address.');
const ZOptionalText = oneLineText().max(255).nullable().optional();

/** The editable meeting fields (spec section 3). Absent fields keep their value on edit, defaults on create. */
const ZMeetingFieldsShape = z.object({
  code: ZMeetingCode,
  name: oneLineText()
    .min(1, 'The name field is required.')
    .max(255, 'The name may not be greater than 255 characters.'),
  /** HTML; sanitised by the service before it is stored. */
  description: z.string().max(100_000).nullable().optional(),
  start: dateTimeInput('start'),
  end: dateTimeInput('end'),
  type: oneLineText().min(1).max(100).optional(),
  show_motions: z.boolean().optional(),
  allow_in_person: z.boolean().optional(),
  allow_remote: z.boolean().optional(),
  location_name: ZOptionalText,
  location_address: ZOptionalText,
  visibility: z
    .enum(ZMeetingVisibility.options, { error: 'The visibility must be committee or open.' })
    .optional(),
  in_meeting_voting: z.boolean().optional(),
  video_provider: z
    .enum(ZVideoProvider.options, { error: 'The video provider must be none, zoom or static.' })
    .optional(),
  /** Digits, as Zoom shows them (spaces or dashes between groups allowed); none: created on the first join. */
  zoom_id: z
    .string()
    .trim()
    .max(100)
    .regex(/^\d[\d -]*$/, 'The Zoom meeting ID must be a number.')
    .nullable()
    .optional(),
  zoom_registration_url: ZUrl.nullable().optional(),
  /** The join link of the 'static' provider. */
  video_url: ZUrl.nullable().optional(),
});

/** POST /api/admin/committee/{committeeCode}/meeting */
export const ZMeetingCreateInput = ZMeetingFieldsShape.extend(ZCommitteeScope.shape);
export type TMeetingCreateInput = z.infer<typeof ZMeetingCreateInput>;

/**
 * PUT /api/admin/committee/{committeeCode}/meeting/{meetingCode}: the given fields; `code` renames.
 * `updated_at`: the meeting's as the editor loaded it; when the meeting has changed since, nothing is saved
 * and the answer is a conflict (409, MEETING_CHANGED_MEANWHILE). Without it the save is not checked.
 */
export const ZMeetingUpdateInput = ZMeetingFieldsShape.partial()
  .extend(ZMeetingRef.shape)
  .extend({ updated_at: ZIso.optional() });
export type TMeetingUpdateInput = z.infer<typeof ZMeetingUpdateInput>;

/** An edit refused because someone else saved the meeting after the editor loaded it (409). */
export const MEETING_CHANGED_MEANWHILE =
  'This meeting was changed by someone else while you were editing it. Reload to see the changes.';

/** The type of a meeting created without one (the create form starts with it too). */
export const DEFAULT_MEETING_TYPE = 'Regular Meeting';

/**
 * The meeting rules beyond the schema, each with the field its message is shown under: the form checks
 * them before sending and the service again, so a refusal by either reads and sits the same.
 */
export const MEETING_RULE_ERRORS = {
  endAfterStart: { field: 'end', message: 'The end must be a date after the start.' },
  /** Neither way to attend: under the first of the two switches. */
  modeRequired: {
    field: 'allow_in_person',
    message: 'The meeting must allow attending in person, remotely or both.',
  },
  /** A meeting created already over could never start (only on its day), end, or let its committee go. */
  newEndInPast: { field: 'end', message: 'A new meeting must end in the future.' },
  /** An edit that moves a planned meeting's window entirely into the past: it could never start either. */
  plannedEndInPast: { field: 'end', message: 'A planned meeting must end in the future.' },
  /** The static video provider is offered as 'Fixed link': its link is what members join by. */
  videoUrlRequired: { field: 'video_url', message: 'The video link is required for a fixed link.' },
  /**
   * A Zoom meeting with neither its Zoom meeting ID nor a registration link, on a site without Zoom
   * credentials: no Zoom meeting can be created when the first person joins, so remote members get no link.
   */
  zoomNotConfigured: {
    field: 'zoom_id',
    message: 'Zoom is not set up on this site: enter the Zoom meeting ID or a registration link.',
  },
} as const satisfies Record<string, { field: keyof TMeetingCreateInput; message: string }>;

export const ZMeetingCounts = z.object({
  rsvp_count: z.number().int(),
  rsvp_attending_count: z.number().int(),
  rsvp_attending_in_person_count: z.number().int(),
  rsvp_attending_remote_count: z.number().int(),
  rsvp_not_attending_count: z.number().int(),
});

/** The Meeting entity (spec section 3). `video_url` only in admin replies. */
export const ZMeeting = ZMeetingCounts.extend({
  id: ZId,
  committee_id: ZId,
  committee_code: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  start: ZIso,
  end: ZIso,
  actual_start: ZIso.nullable(),
  ended_at: ZIso.nullable(),
  type: z.string(),
  status: ZMeetingStatus,
  show_motions: z.boolean(),
  allow_in_person: z.boolean(),
  allow_remote: z.boolean(),
  location_name: z.string().nullable(),
  location_address: z.string().nullable(),
  visibility: ZMeetingVisibility,
  in_meeting_voting: z.boolean(),
  slug: z.string(),
  video_provider: ZVideoProvider,
  zoom_id: z.string().nullable(),
  zoom_registration_url: z.string().nullable(),
  video_url: z.string().nullable().optional(),
  /** When the meeting was last changed: an edit sends it back (ZMeetingUpdateInput). */
  updated_at: ZIso,
  /**
   * Whether today, in the association's time zone, is one of the meeting's days: from its start's day to its
   * end's day inclusive (Start Meeting button; the service starts a meeting only then).
   */
  is_today: z.boolean(),
});
export type TMeeting = z.infer<typeof ZMeeting>;
export const ZMeetingListReply = z.array(ZMeeting);

/** The committee as the meeting and email-vote pages need it (spec section 3, Committee). */
export const ZMeetingCommittee = z.object({
  id: ZId,
  name: z.string(),
  code: z.string(),
  year: z.number().int().nullable(),
  quorum: z.number().int().nullable(),
  two_thirds_vote: z.boolean(),
  chair_position: z.string().nullable(),
  vchair_position: z.string().nullable(),
  voting_rights: z.array(z.object({ position: z.string(), is_voting: z.boolean() })),
  has_demographic: z.boolean(),
  demographic_name: z.string().nullable(),
  demographic_is_displayed: z.boolean(),
  demographic_motion_filterable: z.boolean(),
  demographic_display_prepend: z.boolean(),
  demographics: z.array(z.string()),
});
export type TMeetingCommittee = z.infer<typeof ZMeetingCommittee>;

/** GET {base}/retrieve/meeting. Resources belong to the resources service: an empty list for now. */
export const ZRetrieveMeetingReply = z.object({
  meeting: ZMeeting,
  committee: ZMeetingCommittee,
  resources: z.array(z.unknown()),
});
export type TRetrieveMeetingReply = z.infer<typeof ZRetrieveMeetingReply>;

// ---- attendance and RSVPs ----
export const ZMeetingAttendeeType = z.enum(['membership', 'user']);
export type TMeetingAttendeeType = z.infer<typeof ZMeetingAttendeeType>;

/** A user as the attendance lists show them; email, username and nrds only for staff. */
export const ZAttendanceUser = z.object({
  id: ZId,
  first_name: z.string(),
  last_name: z.string(),
  displayed_first_name: z.string(),
  name: z.string(),
  sort_name: z.string(),
  profile_display_url: z.string().nullable(),
  email: z.string().optional(),
  username: z.string().nullable().optional(),
  nrds: z.string().nullable().optional(),
});
export type TAttendanceUser = z.infer<typeof ZAttendanceUser>;

export const ZCheckIn = z.object({ created_at: ZIso, deleted_at: ZIso.nullable() });
export const ZAttendeeRecord = z.object({
  id: ZId,
  attendee_type: ZMeetingAttendeeType,
  attendee_id: ZId,
  user_id: ZId,
  membership_id: ZId.nullable(),
  attending_via: ZMeetingMode.nullable(),
  deleted_at: ZIso.nullable(),
  /** Checked in now: the last check-in range is open. */
  checked_in: z.boolean(),
  checkIns: z.array(ZCheckIn),
});
export type TAttendeeRecord = z.infer<typeof ZAttendeeRecord>;

export const ZRsvp = z.object({
  id: ZId,
  attendee_type: ZMeetingAttendeeType,
  attendee_id: ZId,
  user_id: ZId,
  attending: z.boolean(),
  attending_via: ZMeetingMode.nullable(),
});
export type TRsvp = z.infer<typeof ZRsvp>;

/** Per-member voting status on the meeting's current vote, for runners only (spec section 4). */
export const ZMemberVotingStatus = z.enum(['no_vote', 'partial', 'voted']);
export type TMemberVotingStatus = z.infer<typeof ZMemberVotingStatus>;

/** Member in attendance (spec section 3): a committee member, or a non-member added to the meeting. */
export const ZAttendanceMember = z.object({
  user_id: ZId,
  is_member: z.boolean(),
  is_voting: z.boolean(),
  membership: z
    .object({
      id: ZId,
      position: z.string(),
      demographic: z.string().nullable(),
      display_demographic: z.string().nullable(),
      search_demographic: z.string().nullable(),
    })
    .nullable(),
  attendee: ZAttendeeRecord.nullable(),
  rsvp: ZRsvp.nullable(),
  sort_name: z.string(),
  name: z.string(),
  /** Staff only. */
  nrds: z.string().nullable().optional(),
  /**
   * Runners only; null when the meeting has had no vote yet, or the voting service did not answer. On the
   * email-vote page: across the email vote's motions.
   */
  voting_status: ZMemberVotingStatus.nullable().optional(),
  /**
   * When the change that produced this copy was made (broadcasts and the answers of RSVP and attendance
   * calls; lists leave it out). Two realtime instances can deliver one member's changes out of order: a
   * client keeps the later.
   */
  changed_at: ZIso.optional(),
});
export type TAttendanceMember = z.infer<typeof ZAttendanceMember>;

/** GET {base}/retrieve/attendance */
export const ZRetrieveAttendanceReply = z.object({
  users: z.array(ZAttendanceUser),
  members: z.array(ZAttendanceMember),
  attendance: z.array(ZAttendeeRecord),
  rsvps: z.array(ZRsvp),
});
export type TRetrieveAttendanceReply = z.infer<typeof ZRetrieveAttendanceReply>;

/** A form value 'true'/'false' or a boolean. */
const ZFormBoolean = z.union(
  [z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')],
  {
    error: (issue) =>
      issue.input === undefined
        ? 'The attending field is required.'
        : 'The attending field must be true or false.',
  },
);
/** remote, in_person or empty (= none). */
const ZAttendingVia = z
  .union([ZMeetingMode, z.literal('')], {
    error: 'The attending via field must be in_person, remote or empty.',
  })
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/** POST {base}/user/{id}/planned_attendance; `id` is the user's id. */
export const ZRsvpInput = ZMeetingRef.extend({
  id: ZId,
  attending: ZFormBoolean,
  attending_via: ZAttendingVia,
});
export type TRsvpInput = z.infer<typeof ZRsvpInput>;

/** POST {base}/user/{id}/attendance; `attending: false` checks out like DELETE. */
export const ZAttendanceInput = ZMeetingRef.extend({
  id: ZId,
  attending_via: ZAttendingVia,
  attending: ZFormBoolean.optional(),
});
export type TAttendanceInput = z.infer<typeof ZAttendanceInput>;

/** DELETE {base}/user/{id}/planned_attendance and /attendance */
export const ZMeetingUserRef = ZMeetingRef.extend({ id: ZId });
export type TMeetingUserRef = z.infer<typeof ZMeetingUserRef>;

/** The answer of RSVP and attendance calls: the member as the caller may see them. */
export const ZAttendanceChangeReply = z.object({ member: ZAttendanceMember, user: ZAttendanceUser });
export type TAttendanceChangeReply = z.infer<typeof ZAttendanceChangeReply>;

// ---- realtime payloads (kinds of ZBroadcast on meetingChannel(meeting.id)) ----
/** 'meeting.state' */
export const ZMeetingStatePayload = z.object({ meeting: ZMeeting });
/**
 * 'attendee.added' | 'attendee.updated' | 'rsvp.updated' | 'rsvp.deleted': payload without email,
 * username and nrds; staff_payload with them.
 */
export const ZAttendanceBroadcastPayload = ZAttendanceChangeReply;

// ---- join link and calendar ----
/**
 * GET {meeting base}/join: the user's link. When the video provider refuses the user (its 401/404) or the
 * meeting has no video, the call answers 404, which hides the join button (spec section 4);
 * `fallback: true` means the provider failed otherwise and `join_url` is the registration URL.
 */
export const ZJoinReply = z.object({
  join_url: z.string().nullable(),
  fallback: z.boolean(),
});
export type TJoinReply = z.infer<typeof ZJoinReply>;

/** GET {meeting base}/calendar: the gateway serves `body` as a file download of `content_type`. */
export const ZCalendarReply = z.object({
  filename: z.string(),
  content_type: z.string(),
  body: z.string(),
});
export type TCalendarReply = z.infer<typeof ZCalendarReply>;

// ---- what the meetings service reads of the voting service's events ----

/**
 * evt.voting.vote.<verb> as the meetings service reads it (a subset of voting's ZVoteEvent; extra fields are
 * ignored): a subject ending in `.deleted`, or `discarded: true`, removes the vote. End Meeting is refused while a vote of the meeting is active
 * (started_at <= now < ended_at).
 */
export const ZVotingVoteEvent = z.object({
  tenantId: ZId,
  vote: z.object({
    id: ZId,
    meeting_id: ZId.nullable(),
    started_at: ZIso.nullable(),
    ended_at: ZIso.nullable(),
    /** 1 for amendment votes; defaults to 1. */
    maximum_responses: z.number().int().min(1).optional(),
    /** A revote discarded this vote: it no longer counts (removed like `.deleted`). */
    discarded: z.boolean().optional(),
  }),
});
export type TVotingVoteEvent = z.infer<typeof ZVotingVoteEvent>;
