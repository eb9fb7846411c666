/**
 * The voting flow and who may act when (spec section 4 "Meeting and vote phases", "Voting flow on the
 * meeting page"; section 5 "Starting a vote", "Editing a motion"; the motion conditions of section 6).
 * Permissions come in as booleans so callers can use contracts' can()/canAny() ('global admin' passes).
 */
import type { Approval } from './approval.js';
import { hasCustomResponses } from './results.js';
import type { MotionRecord, Phase } from './types.js';
import { quorumShortfall } from './validity.js';

// Flow step 1: no second.
export const NO_SECOND_TITLE = 'Failed';
export const NO_SECOND_MESSAGE = 'A second is required to continue with a vote';

// Flow step 4: a runner may add 10 seconds and may close the vote (section 9: 10 s per click).
export const VOTE_TIME_EXTENSION_SECONDS = 10;
export function secondsAddedMessage(seconds: number): string {
  return `${seconds} Seconds Added To Vote Time`;
}
export const VOTE_CLOSED_MESSAGE = 'Vote Closed';
export const CLOSE_VOTE_CONFIRM_TITLE = 'Are you sure?';
export const CLOSE_VOTE_CONFIRM_TEXT = 'Once closed, a vote cannot be reopened without a full revote.';
export const CLOSE_VOTE_CONFIRM_BUTTON = "Yes, I'm sure";

// Flow step 5: members respond after a confirmation.
export function confirmVoteTitle(responseLabel: string): string {
  return `Confirm '${responseLabel}' Vote`;
}
export const CONFIRM_VOTE_BUTTON = 'Confirmed';
export function voteRecordedMessage(responseLabel: string): string {
  return `${responseLabel} Vote Recorded`;
}

export const VOTE_STARTED_MESSAGE = 'Vote Started!';
export const UNANIMOUS_MOTION_MESSAGE = 'The motion was approved by unanimous consent.';
export const UNANIMOUS_AMENDMENT_MESSAGE = 'The motion was amended by unanimous consent.';

// Voting status messages (section 8).
export const STATUS_MEETING_NOT_IN_PROGRESS = 'Meeting not in progress';
export const STATUS_QUORUM_NOT_MET = 'Quorum not met';
export const STATUS_CHAIR_NOT_PRESENT = 'Chair/Vice Chair Not Present';
export const STATUS_VOTING_ACTIVE = 'Voting Active';
export const STATUS_AMENDMENT_NOT_VOTED_ON = 'Amendment not voted on';
export const STATUS_AMENDMENT_DEFEATED = 'Amendment defeated';
/** Not the spec's: a motion decided on its approved amendment (or its root) takes no other vote but a revote. */
export const MOTION_DECIDED_IN_TREE = 'The amended motion already has a result: revote the motion instead.';
// Not the spec's either: the other blockers, in the same words on the card and in the server's refusal.
export const ANOTHER_VOTE_ACTIVE = 'Another vote is active.';
export const NO_ELIGIBLE_VOTERS = 'No eligible voting member is checked in.';
/** The meeting's 'In-meeting voting' switch is off: no vote is started and no unanimous consent applied. */
export const IN_MEETING_VOTING_OFF = 'In-meeting voting is off for this meeting.';
/** A root motion whose amendment was approved: its vote is held on the amendment's row. */
export const AMENDED_NOTE = 'This motion was amended: the vote is held on its approved amendment.';

/**
 * The quorum message "says how many more voting members are needed (pluralised)"; the exact words are
 * not in the spec, so this wording is ours.
 */
export function quorumNeededMessage(more: number): string {
  return `${more} more voting ${more === 1 ? 'member' : 'members'} needed`;
}

/**
 * 'Quorum not met' with how many more voting members are needed, as the voting status line shows it and
 * as the voting service refuses a start: 'Quorum not met: 2 more voting members needed'.
 */
export function quorumNotMetMessage(opts: { present: number; quorum: number }): string {
  return `${STATUS_QUORUM_NOT_MET}: ${quorumNeededMessage(quorumShortfall(opts))}`;
}

/** A runner starts a meeting only if it is planned and today (the confirmation is the UI's job). */
export function canStartMeeting(opts: { status: Phase; is_today: boolean }): boolean {
  return opts.status === 'planned' && opts.is_today;
}

/** A runner ends an in-progress meeting; the end button is disabled during an active vote. */
export function canEndMeeting(opts: { status: Phase; has_active_vote: boolean }): boolean {
  return opts.status === 'in_progress' && !opts.has_active_vote;
}

/**
 * Unanimous consent is offered for standard motions and amendments, not for custom-response motions. The
 * amendment question of a row (adopt this amendment or not) is always a standard vote, whatever responses
 * its motion vote will offer.
 */
export function isUnanimousConsentOffered(
  motion: Pick<MotionRecord, 'motion_responses'>,
  kind: 'motion' | 'amendment' = 'motion',
): boolean {
  return kind === 'amendment' || !hasCustomResponses(motion);
}

export type StartVoteBlocker =
  | 'no_permission'
  | 'meeting_not_in_progress'
  | 'in_meeting_voting_off'
  | 'active_vote'
  | 'active_amendment'
  | 'quorum_not_met'
  | 'chair_not_present'
  | 'no_eligible_voters'
  | 'not_an_amendment'
  | 'amendment_not_voted_on'
  | 'amendment_defeated'
  | 'motion_decided';

export interface StartVoteInput {
  can_run_meetings: boolean;
  can_update_motions: boolean;
  /** Meeting status, or for an email vote its clock phase. */
  phase: Phase;
  /**
   * The meeting's 'In-meeting voting' switch; absent counts as on (email votes pass nothing). Off, no vote
   * is started and no unanimous consent applied in the meeting.
   */
  in_meeting_voting?: boolean;
  /** Any vote of the meeting / email vote currently active. */
  has_active_vote: boolean;
  /** activeAmendment(motion) is not null for the motion row the vote is started on. */
  has_active_amendment: boolean;
  /** Checked-in voting members (meetings) compared with the quorum. */
  present_voting_members: number;
  quorum: number;
  chair_present: boolean;
  eligible_voters: number;
  /**
   * Optional: what is voted on. 'amendment' needs the row to be an amendment; 'motion' needs the row's
   * amendment approval to be true (a root motion always is), since an amendment must be approved before
   * the motion vote can start and a defeated amendment leaves the motion inactive.
   */
  kind?: 'motion' | 'amendment';
  is_amendment?: boolean;
  amendment_approval?: Approval;
  /** isMotionDecidedInTree(row, ..., { excludingRow: true }): the motion was decided on another row. */
  motion_decided_elsewhere?: boolean;
}

/**
 * Every unmet precondition of starting a vote, in the spec's order (empty means it may start):
 * 'run meetings' or 'update motions', meeting in progress, in-meeting voting on, no active vote, no
 * active amendment, quorum met, chair or vice chair present, at least one eligible voter.
 */
export function startVoteBlockers(input: StartVoteInput): StartVoteBlocker[] {
  const blockers: StartVoteBlocker[] = [];
  if (!input.can_run_meetings && !input.can_update_motions) blockers.push('no_permission');
  if (input.phase !== 'in_progress') blockers.push('meeting_not_in_progress');
  if (input.in_meeting_voting === false) blockers.push('in_meeting_voting_off');
  if (input.has_active_vote) blockers.push('active_vote');
  if (input.has_active_amendment) blockers.push('active_amendment');
  if (input.present_voting_members < input.quorum) blockers.push('quorum_not_met');
  if (!input.chair_present) blockers.push('chair_not_present');
  if (!(input.eligible_voters > 0)) blockers.push('no_eligible_voters');
  if (input.kind === 'amendment' && input.is_amendment === false) blockers.push('not_an_amendment');
  if (
    input.kind === 'motion' &&
    input.amendment_approval !== undefined &&
    input.amendment_approval !== true
  ) {
    blockers.push(input.amendment_approval === null ? 'amendment_not_voted_on' : 'amendment_defeated');
  }
  if (input.motion_decided_elsewhere) blockers.push('motion_decided');
  return blockers;
}

export function canStartVote(input: StartVoteInput): boolean {
  return startVoteBlockers(input).length === 0;
}

/** The message of a blocker: the spec's status message where it has one, else ours; null for none. */
export function startVoteBlockerMessage(blocker: StartVoteBlocker): string | null {
  switch (blocker) {
    case 'active_vote':
      return ANOTHER_VOTE_ACTIVE;
    case 'no_eligible_voters':
      return NO_ELIGIBLE_VOTERS;
    case 'not_an_amendment':
      return 'Only an amendment has an amendment vote.';
    case 'meeting_not_in_progress':
      return STATUS_MEETING_NOT_IN_PROGRESS;
    case 'in_meeting_voting_off':
      return IN_MEETING_VOTING_OFF;
    case 'quorum_not_met':
      return STATUS_QUORUM_NOT_MET;
    case 'chair_not_present':
      return STATUS_CHAIR_NOT_PRESENT;
    case 'amendment_not_voted_on':
      return STATUS_AMENDMENT_NOT_VOTED_ON;
    case 'amendment_defeated':
      return STATUS_AMENDMENT_DEFEATED;
    case 'motion_decided':
      return MOTION_DECIDED_IN_TREE;
    default:
      return null;
  }
}

/**
 * The voting status line: the first of 'Meeting not in progress', 'In-meeting voting is off for this
 * meeting.' (the meeting's switch is off; absent counts as on), 'Quorum not met', 'Chair/Vice Chair Not
 * Present', else 'Voting Active'.
 */
export function votingStatusMessage(opts: {
  phase: Phase;
  in_meeting_voting?: boolean;
  present_voting_members: number;
  quorum: number;
  chair_present: boolean;
}): string {
  if (opts.phase !== 'in_progress') return STATUS_MEETING_NOT_IN_PROGRESS;
  if (opts.in_meeting_voting === false) return IN_MEETING_VOTING_OFF;
  if (opts.present_voting_members < opts.quorum) return STATUS_QUORUM_NOT_MET;
  if (!opts.chair_present) return STATUS_CHAIR_NOT_PRESENT;
  return STATUS_VOTING_ACTIVE;
}

/** A phase in which motions may be created, edited, deleted or re-sorted. */
export function isMotionPhase(phase: Phase): boolean {
  return phase === 'planned' || phase === 'in_progress';
}

export interface MotionChangeInput {
  phase: Phase;
  /** vote.can_modify of the meeting's or email vote's vote; pass true where there is none. */
  can_modify: boolean;
  /** Any vote of the meeting / email vote currently active. */
  has_active_vote: boolean;
  /** activeAmendment(motion) is not null. */
  has_active_amendment: boolean;
  /** motionHasResult(motion, ...). */
  has_result: boolean;
  can_run_meetings: boolean;
  can_update_motions: boolean;
  can_delete_motions?: boolean;
}

/**
 * Editing a motion: section 5 (planned or in progress, no active vote or amendment, no result yet)
 * plus section 6 (vote.can_modify, and 'run meetings' or 'update motions').
 */
export function canEditMotion(input: MotionChangeInput): boolean {
  return (
    isMotionPhase(input.phase) &&
    input.can_modify &&
    !input.has_active_vote &&
    !input.has_active_amendment &&
    !input.has_result &&
    (input.can_run_meetings || input.can_update_motions)
  );
}

/** Deleting: only where editing is allowed, plus 'delete motions'. */
export function canDeleteMotion(input: MotionChangeInput): boolean {
  return canEditMotion(input) && input.can_delete_motions === true;
}

/** Creating: 'create motions', planned or in progress, vote.can_modify, and no vote active. */
export function canCreateMotion(opts: {
  phase: Phase;
  can_modify: boolean;
  has_active_vote: boolean;
  can_create_motions: boolean;
}): boolean {
  return opts.can_create_motions && isMotionPhase(opts.phase) && opts.can_modify && !opts.has_active_vote;
}

/** Re-sorting: 'create motions' and planned or in progress; a single card also needs vote.can_modify. */
export function canReorderMotions(opts: {
  phase: Phase;
  can_create_motions: boolean;
  single_card?: boolean;
  can_modify?: boolean;
}): boolean {
  if (!opts.can_create_motions || !isMotionPhase(opts.phase)) return false;
  return opts.single_card ? opts.can_modify === true : true;
}

export type AmendBlocker = 'motion_decided' | 'amendment_defeated';

export interface AmendInput {
  /**
   * isMotionDecidedInTree(row, ...): a motion vote has a result (or unanimous consent) on a row of the
   * row's tree, the root or the approved amendment the motion vote was held on.
   */
  motion_decided: boolean;
  /** amendmentApproval(row, ...): true for a root motion; false for a defeated amendment. */
  amendment_approval: Approval;
}

/**
 * Why a motion row may not take a new amendment now, or null when it may (spec section 4, "Amendments"
 * and "Approval rules"). An amendment changes the text its motion is voted on with, so none once the
 * motion is decided (only a revote follows, and it replaces a result on the text it was taken on), and
 * none under a defeated amendment, which leaves that text inactive. An approved amendment may be amended
 * further (the active amendment is found depth first), as may one not voted on yet. Who may create, the
 * phase, vote.can_modify and no active vote are canCreateMotion's; only meetings hold amendments.
 */
export function amendBlocker(input: AmendInput): AmendBlocker | null {
  if (input.motion_decided) return 'motion_decided';
  if (input.amendment_approval === false) return 'amendment_defeated';
  return null;
}

export function canAmendMotion(input: AmendInput): boolean {
  return amendBlocker(input) === null;
}

/**
 * Revote on a motion or on the latest amendment, once a result exists (previous results are lost). An
 * amendment is no longer revoted once its motion has a result: that result would stand on changed text.
 */
export function canRevote(opts: {
  has_result: boolean;
  is_amendment: boolean;
  is_latest_amendment: boolean;
  motion_has_result?: boolean;
}): boolean {
  if (!opts.has_result) return false;
  if (!opts.is_amendment) return true;
  return opts.is_latest_amendment && !opts.motion_has_result;
}
