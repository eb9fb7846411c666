/** Who may vote (spec section 5, "Voting"; section 6 on check-in; section 4 "Attendance"). */
import { ABSTAIN_RESPONSE, hasCustomResponses, maximumResponsesFor, STANDARD_RESPONSES } from './results.js';
import type { AttendanceMember, Id, MotionRecord } from './types.js';

/** Spec label of the null entry of a motion filter. */
export const NO_VALUE_LABEL = 'No Value';
/** Footer banner and tooltip for a voting member who is not checked in (section 2). */
export const NOT_CHECKED_IN = 'Not Checked In';
export const NOT_CHECKED_IN_TOOLTIP =
  "Voting is not active while you're not checked in. Please see a staff member to correct.";

/** A motion filter exists when motion_filter is a non-empty list; absent, null or empty means everyone. */
export function hasMotionFilter(motion: Pick<MotionRecord, 'motion_filter'>): boolean {
  return Array.isArray(motion.motion_filter) && motion.motion_filter.length > 0;
}

/**
 * Whether a demographic passes a motion filter. A null filter entry means 'No Value' and matches a
 * member without a demographic (null, undefined or empty string). Comparison is exact.
 */
export function matchesMotionFilter(
  demographic: string | null | undefined,
  motionFilter: readonly (string | null)[] | null | undefined,
): boolean {
  if (!motionFilter || motionFilter.length === 0) return true;
  const value = demographic === undefined || demographic === '' ? null : demographic;
  return motionFilter.some((entry) => (entry === '' ? null : entry) === value);
}

/** Checked in: an attendee record that is not deleted and holds a check-in that is not deleted. */
export function isCheckedIn(member: Pick<AttendanceMember, 'attendee'>): boolean {
  const a = member.attendee;
  if (!a || a.deleted_at != null) return false;
  return (a.checkIns ?? []).some((c) => c.deleted_at == null);
}

/**
 * Number of voting members in a motion's filter, or null when the motion has no filter, which is
 * what motionQuorum expects. Counted over all voting members given (not only those present),
 * because the quorum states how many must respond.
 */
export function votingMembersInFilter(
  members: readonly AttendanceMember[],
  motion: Pick<MotionRecord, 'motion_filter'>,
): number | null {
  if (!hasMotionFilter(motion)) return null;
  return members.filter(
    (m) => m.is_voting && matchesMotionFilter(m.membership?.demographic, motion.motion_filter),
  ).length;
}

/**
 * Members who could vote on the motion now: voting members in the filter, and, when check-in is
 * required (a vote during a meeting, not an email vote), checked in.
 */
export function eligibleVoters<M extends AttendanceMember>(
  members: readonly M[],
  opts: { motion_filter?: readonly (string | null)[] | null; require_check_in: boolean },
): M[] {
  return members.filter(
    (m) =>
      m.is_voting &&
      matchesMotionFilter(m.membership?.demographic, opts.motion_filter) &&
      (!opts.require_check_in || isCheckedIn(m)),
  );
}

/** Present (checked-in) voting members, the count compared with the quorum before starting a vote. */
export function presentVotingMembers(members: readonly AttendanceMember[]): number {
  return members.filter((m) => m.is_voting && isCheckedIn(m)).length;
}

/** True when a checked-in member holds the committee's chair or vice chair position. */
export function isChairOrViceChairPresent(
  members: readonly AttendanceMember[],
  committee: { chair_position?: Id | null; vchair_position?: Id | null },
): boolean {
  const positions = [committee.chair_position, committee.vchair_position].filter((p) => p != null);
  return members.some((m) => {
    const position = m.membership?.position;
    return position != null && positions.includes(position) && isCheckedIn(m);
  });
}

/**
 * Responses a member can choose: the motion's custom responses (trimmed, non-empty) or the standard
 * in_favor/opposed, plus the fixed abstain response.
 */
export function availableResponses(motion: Pick<MotionRecord, 'motion_responses'>): string[] {
  if (!hasCustomResponses(motion)) return [...STANDARD_RESPONSES];
  const custom = (motion.motion_responses ?? []).map((r) => r.trim()).filter((r) => r.length > 0);
  return [...custom, ABSTAIN_RESPONSE];
}

export type RespondBlocker =
  | 'not_voting_member'
  | 'not_checked_in'
  | 'vote_not_active'
  | 'not_in_filter'
  | 'maximum_reached'
  | 'unknown_response'
  | 'already_chosen';

export interface RespondInput {
  member: Pick<AttendanceMember, 'is_voting' | 'membership'>;
  /** true/false during a meeting; null when check-in does not apply (email vote). */
  checked_in: boolean | null;
  vote_active: boolean;
  is_amendment_vote: boolean;
  motion: Pick<MotionRecord, 'maximum_responses' | 'motion_filter' | 'motion_responses'>;
  /** Responses this member already cast in this vote. */
  member_responses: readonly string[];
  /** The response about to be sent; omit to ask whether the member may respond at all. */
  response?: string;
  /**
   * The responses the vote itself offers, when known (its ballot may leave abstain out); otherwise those
   * of the motion.
   */
  offered?: readonly string[];
}

/**
 * Why a member may not respond, or null when they may (spec section 5, "Voting"): only a voting
 * member, only while the vote is active, only below the maximum responses (1 for amendment votes),
 * only within the motion filter; section 6: voting members not checked in cannot vote. Reading: a
 * member cannot pick the same response twice (each response counts once towards the maximum), and
 * the response must be one the motion offers.
 */
export function respondBlocker(input: RespondInput): RespondBlocker | null {
  if (!input.member.is_voting) return 'not_voting_member';
  if (input.checked_in === false) return 'not_checked_in';
  if (!input.vote_active) return 'vote_not_active';
  if (!matchesMotionFilter(input.member.membership?.demographic, input.motion.motion_filter)) {
    return 'not_in_filter';
  }
  const max = maximumResponsesFor(input.motion.maximum_responses, input.is_amendment_vote);
  if (input.member_responses.length >= max) return 'maximum_reached';
  if (input.response !== undefined) {
    const offered = input.offered ?? availableResponses(input.motion);
    if (!offered.includes(input.response)) return 'unknown_response';
    if (input.member_responses.includes(input.response)) return 'already_chosen';
  }
  return null;
}

export function canRespond(input: RespondInput): boolean {
  return respondBlocker(input) === null;
}

/** Per-member voting status shown to runners (section 4, "Attendance"): no vote, partial vote, voted. */
export type MemberVotingStatus = 'no_vote' | 'partial_vote' | 'voted';
export const MEMBER_VOTING_STATUS_LABELS: Readonly<Record<MemberVotingStatus, string>> = {
  no_vote: 'no vote',
  partial_vote: 'partial vote',
  voted: 'voted',
};

export function memberVotingStatus(opts: {
  responses_cast: number;
  maximum_responses: number;
}): MemberVotingStatus {
  if (opts.responses_cast <= 0) return 'no_vote';
  return opts.responses_cast < Math.max(1, opts.maximum_responses) ? 'partial_vote' : 'voted';
}
