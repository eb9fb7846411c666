import { z } from 'zod';
import { ZMeetingMode } from './enums.js';
import { ZMeeting } from './meetings.js';

/**
 * The member home's lists of the signed-in user's own things: `GET /api/me/meetings` (meetings service)
 * and `GET /api/me/votes` (voting service). Both take no input and answer only the caller's data.
 */
const ZId = z.string().min(1);
const ZIso = z.string().datetime({ offset: true });

/** The committee a home-page row belongs to, enough to name it and build its links. */
export const ZMyCommitteeRef = z.object({
  id: ZId,
  code: z.string(),
  name: z.string(),
  year: z.number().int().nullable(),
});
export type TMyCommitteeRef = z.infer<typeof ZMyCommitteeRef>;

/**
 * One upcoming meeting of the signed-in user: planned or in progress, starting today or later in the
 * association's time zone (a meeting in progress is listed whatever its start day), of a committee they are
 * a member of (appointment not declined) or one they were added to as a non-member.
 */
export const ZMyMeeting = z.object({
  /** The Meeting entity as members see it (no admin-only settings). */
  meeting: ZMeeting,
  committee: ZMyCommitteeRef,
  /** False when the user was added to the meeting without being a member of its committee. */
  is_member: z.boolean(),
  /** The user's own RSVP, or null when they have not answered. */
  rsvp: z.object({ attending: z.boolean(), attending_via: ZMeetingMode.nullable() }).nullable(),
});
export type TMyMeeting = z.infer<typeof ZMyMeeting>;
/** Soonest first. */
export const ZMyMeetingsReply = z.array(ZMyMeeting);
export type TMyMeetingsReply = z.infer<typeof ZMyMeetingsReply>;

/**
 * One open email vote of the signed-in user: of a committee they are a member of (appointment not declined),
 * whose window is open now or opens later.
 */
export const ZMyVote = z.object({
  id: ZId,
  code: z.string(),
  name: z.string(),
  start: ZIso,
  end: ZIso,
  /** Never 'ended': ended votes are not listed. */
  phase: z.enum(['planned', 'in_progress']),
  committee: ZMyCommitteeRef,
  /** Whether the user's position votes in the committee. */
  is_voting: z.boolean(),
  /** The vote's motions the user may vote on (eligible ballots; none while they do not vote). */
  motions_count: z.number().int().min(0),
  /** Of those, the ones the user has not answered yet. */
  motions_to_vote_count: z.number().int().min(0),
});
export type TMyVote = z.infer<typeof ZMyVote>;
/** By start (open windows before those that open later), then end. */
export const ZMyVotesReply = z.array(ZMyVote);
export type TMyVotesReply = z.infer<typeof ZMyVotesReply>;
