/**
 * Shared types. Field names follow the spec's entities (section 3, snake_case) so a NestJS service
 * can pass rows/contracts and the React app can pass API payloads without mapping.
 * Every input interface lists only the fields a rule reads, so wider objects are accepted.
 */

export type VoteType = 'simple_majority' | 'two_thirds' | 'multiple';

/** One line of a vote outcome (Vote.outcome). 'abstained' is the abstain response. */
export interface Tally {
  response: string;
  count: number;
}

/** Standard vote responses (section 3 enumerations). */
export type StandardResponse = 'in_favor' | 'opposed' | 'abstained';

/** Pass rules listed in section 3; 'majority' has no rule of its own in section 4 (see thresholdRuleFor). */
export type PassRule = 'two_thirds' | 'majority' | 'simple_majority';

/** Meeting status and vote phase (section 4, "Meeting and vote phases"). */
export type Phase = 'planned' | 'in_progress' | 'ended';

/** Motion.result_visibility: show, hide breakdown, hide. */
export type ResultVisibility = 'show_all' | 'hide_breakdown' | 'hide_all';

/** Vote.type: a vote on adopting an amendment, or on the motion itself. */
export type VoteKind = 'motion' | 'amendment';

/** A point in time as the server (Date) or the web app (ISO string from JSON, epoch ms) holds it. */
export type Instant = Date | string | number;

export type Id = string | number;

/** The Vote fields the rules read (section 3, Vote). */
export interface VoteRecord {
  id: Id;
  type?: VoteKind | null;
  vote_type: VoteType;
  started_at?: Instant | null;
  ended_at?: Instant | null;
  respondents_count?: number | null;
  quorum?: number | null;
  outcome?: readonly Tally[] | null;
  is_finalized?: boolean | null;
  finalized_quorum?: number | null;
}

/** The Motion fields the rules read (section 3, Motion). */
export interface MotionRecord {
  id: Id;
  amendment_parent_id?: Id | null;
  amendment_approved?: boolean | null;
  motion_approved?: boolean | null;
  amendment_vote_id?: Id | null;
  motion_vote_id?: Id | null;
  motion_responses?: readonly string[] | null;
  motion_filter?: readonly (string | null)[] | null;
  maximum_responses?: number | null;
  result_visibility?: ResultVisibility | null;
  sort?: number | null;
  created_at?: Instant | null;
}

/** Attendee record of a member in attendance (section 3). checkIns is the list of check-in records. */
export interface AttendeeRecord {
  deleted_at?: Instant | null;
  attending_via?: 'in_person' | 'remote' | null;
  checkIns?: readonly { created_at?: Instant | null; deleted_at?: Instant | null }[] | null;
}

/** Member in attendance (section 3), only the fields the rules read. */
export interface AttendanceMember {
  is_voting: boolean;
  membership?: { position?: Id | null; demographic?: string | null } | null;
  attendee?: AttendeeRecord | null;
}
