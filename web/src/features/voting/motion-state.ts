/**
 * What the Motions panel shows of each motion, derived with the shared rules of @gavel/voting-rules
 * (no rule is repeated here): approvals, the active vote and amendment, the status text, who may edit,
 * delete, amend, re-sort, start a vote or revote, and whether the viewer may respond.
 */
import {
  can,
  type Principal,
  type TAttendanceMember,
  type TMeetingCommittee,
  type TMotion,
  type TVoteResponseRow,
  type TVoteView,
} from '@gavel/contracts';
import {
  ABSTAIN_RESPONSE,
  AMENDED_NOTE,
  type Approval,
  type ApprovalContext,
  activeAmendment,
  amendmentApproval,
  amendmentsOf,
  ballotMotionOf,
  canAmendMotion,
  canCreateMotion,
  canDeleteMotion,
  canEditMotion,
  canReorderMotions,
  canRevote,
  committeeQuorum,
  eligibleVoters,
  findActiveVote,
  generalQuorum,
  hasCustomResponses,
  hasVoteEnded,
  hasVoteResult,
  isAmendment,
  isChairOrViceChairPresent,
  isCheckedIn,
  isMotionDecidedInTree,
  isSiblingVoteActive,
  isVoteValid,
  type MotionChangeInput,
  motionApproval,
  motionHasResult,
  motionStatusText,
  type Phase,
  presentVotingMembers,
  quorumNotMetMessage,
  type RespondBlocker,
  respondBlocker,
  resultList,
  rootMotionOf,
  STATUS_AMENDMENT_NOT_VOTED_ON,
  STATUS_QUORUM_NOT_MET,
  STATUS_TEXT_CONCLUDED,
  type StartVoteBlocker,
  startVoteBlockerMessage,
  startVoteBlockers,
  type VoteKind,
  type VoteRecord,
  voteResult,
  votingStatusMessage,
} from '@gavel/voting-rules';
import { membershipOf } from '@/features/meetings/meeting-rules';
import { plainText } from '@/features/voting/wording';
import type { PageScope } from '@/lib/page-scope';

export interface VotingInputs {
  scope: PageScope;
  phase: Phase;
  committee: TMeetingCommittee;
  motions: readonly TMotion[];
  votes: readonly TVoteView[];
  /** The viewer's own responses. */
  responses: readonly TVoteResponseRow[];
  /** Members in attendance (empty while attendance loads). */
  members: readonly TAttendanceMember[];
  /**
   * false while attendance is still loading: the reasons a vote cannot start that come from attendance
   * (quorum, chair, eligible voters) are then not given yet. Omitted: loaded.
   */
  attendanceLoaded?: boolean;
  principal: Principal;
  /** Epoch milliseconds of the page clock. */
  now: number;
  /** The page clock's tick count: no vote is active before the clock has ticked (spec section 4). */
  timeKey: number;
  /** vote.can_modify of an email vote; meetings pass true. */
  canModify: boolean;
  /** The meeting's 'In-meeting voting' switch (off: no vote is started); email votes omit it. */
  inMeetingVoting?: boolean;
}

/**
 * A vote view as the rules read it. A viewer who may not see the breakdown gets no outcome but may get
 * the result: the outcome is then rebuilt from the result (one count per winner) so the rules give the
 * server's answer (which responses won, not their rank: see shownWinners). With neither, the outcome is
 * empty (a decided vote whose result is hidden).
 */
export function toVoteRecord(view: TVoteView): VoteRecord {
  if (view.outcome !== null) return view;
  const winners = resultList(view.result);
  return {
    ...view,
    vote_type: winners.length > 1 ? 'multiple' : view.vote_type,
    outcome: winners.map((response) => ({ response, count: 1 })),
  };
}

/**
 * The winners as the results show them, ranked as the server ranks them (by count, ties included). From
 * the breakdown when the viewer has it, picking up to the vote's own maximum (a motion vote shown on the
 * amendment it was held on is the root motion's ballot, not the amendment's); otherwise the server's result
 * as it came, in its order: rebuilt through toVoteRecord, the equal counts would put the winners in
 * alphabetical order instead.
 */
export function shownWinners(view: TVoteView): string[] {
  if (view.outcome === null) return resultList(view.result);
  return resultList(
    voteResult(view.outcome, {
      voteType: view.vote_type,
      isAmendment: view.type === 'amendment',
      maximumResponses: view.maximum_responses,
    }),
  );
}

/**
 * A decided vote whose result this viewer may not see at all (hide all: no outcome, no result, no
 * summary). What it decided is unknown to them: it is read neither as approved nor as defeated.
 */
export function isResultHidden(view: TVoteView, now: number): boolean {
  return (
    view.outcome === null &&
    view.result === null &&
    !view.summary_visible &&
    !view.is_active &&
    hasVoteEnded(view, now)
  );
}

/** The vote was active when fetched and has ended since, and this viewer got no breakdown. */
export function isAwaitingResult(view: TVoteView, now: number): boolean {
  return view.outcome === null && view.is_active && hasVoteEnded(view, now);
}

/** Votes fetched while active that have ended since: their results need a fetch. */
export function endedSinceFetch(votes: readonly TVoteView[], now: number): TVoteView[] {
  return votes.filter((v) => v.is_active && hasVoteEnded(v, now));
}

export interface Permissions {
  runMeetings: boolean;
  updateMotions: boolean;
  createMotions: boolean;
  deleteMotions: boolean;
}

export function permissionsOf(principal: Principal): Permissions {
  return {
    runMeetings: can(principal, 'run meetings'),
    updateMotions: can(principal, 'update motions'),
    createMotions: can(principal, 'create motions'),
    deleteMotions: can(principal, 'delete motions'),
  };
}

export interface VotingState {
  inputs: VotingInputs;
  perms: Permissions;
  /** Meetings: the one active vote. Email votes run side by side: null. */
  activeVote: TVoteView | null;
  /** Approvals as this viewer can know them: a vote whose result is hidden from them is left out. */
  approval: ApprovalContext;
  /** Whether a question has a result (its vote has ended), hidden or not. */
  results: ApprovalContext;
  /** The viewer as a committee member in attendance, if they are one. */
  me: TAttendanceMember | null;
  presentVotingMembers: number;
  quorum: number;
  chairPresent: boolean;
  canCreate: boolean;
  canReorder: boolean;
  roots: TMotion[];
}

const VIRTUAL_ROOT = '\u0000root';

/**
 * Root motions in list order, ordered exactly like amendments (sort, then created_at): the rules'
 * amendmentsOf applied under a virtual root.
 */
export function rootMotions(motions: readonly TMotion[]): TMotion[] {
  const byId = new Map(motions.map((m) => [m.id, m]));
  const roots = motions
    .filter((m) => m.amendment_parent_id === null)
    .map((m) => ({ ...m, amendment_parent_id: VIRTUAL_ROOT }));
  return amendmentsOf({ id: VIRTUAL_ROOT }, roots).map((m) => byId.get(m.id) as TMotion);
}

export function votingState(inputs: VotingInputs): VotingState {
  const perms = permissionsOf(inputs.principal);
  // A vote fetched while it ran and ended since: a viewer without its breakdown cannot know the result
  // until the next fetch, so it counts as undecided meanwhile (the panel refetches at once).
  const known = inputs.votes.filter((v) => !isAwaitingResult(v, inputs.now));
  // A vote whose result is hidden from this viewer has a result, but not one they may read an approval from.
  const records = known.filter((v) => !isResultHidden(v, inputs.now)).map(toVoteRecord);
  const activeVote =
    inputs.scope.kind === 'meeting' ? findActiveVote(inputs.votes, inputs.now, inputs.timeKey) : null;
  const activeVoteId = activeVote?.id ?? null;
  const approval: ApprovalContext = { votes: records, now: inputs.now, activeVoteId };
  const results: ApprovalContext = { votes: known.map(toVoteRecord), now: inputs.now, activeVoteId };
  const members = inputs.members;
  return {
    inputs,
    perms,
    activeVote,
    approval,
    results,
    // The row the 'Not Checked In' banner reads too: a voting membership first.
    me: membershipOf(members, inputs.principal.userId),
    presentVotingMembers: presentVotingMembers(members),
    // The committee's general quorum, as the voting service reads it.
    quorum: committeeQuorum(inputs.committee),
    chairPresent: isChairOrViceChairPresent(members, inputs.committee),
    canCreate: canCreateMotion({
      phase: inputs.phase,
      can_modify: inputs.canModify,
      has_active_vote: activeVote !== null,
      can_create_motions: perms.createMotions,
    }),
    canReorder: canReorderMotions({ phase: inputs.phase, can_create_motions: perms.createMotions }),
    roots: rootMotions(inputs.motions),
  };
}

/** Whether a vote is active now: the meeting's one active vote, or (email votes) its own window. */
export function isActive(state: VotingState, vote: TVoteView | null): boolean {
  if (!vote) return false;
  if (state.inputs.scope.kind === 'meeting') return state.activeVote?.id === vote.id;
  // Its own window, by the shared active-vote rule (nothing is active before the clock has ticked).
  return findActiveVote([vote], state.inputs.now, state.inputs.timeKey) !== null;
}

export interface MotionView {
  motion: TMotion;
  isAmendment: boolean;
  amendments: TMotion[];
  amendmentVote: TVoteView | null;
  motionVote: TVoteView | null;
  amendmentApproval: Approval;
  motionApproval: Approval;
  /** The row's vote that is active now, if any. */
  activeVote: TVoteView | null;
  /** Another motion under the same parent has the active vote. */
  siblingVoteActive: boolean;
  /** Shown inactive: a sibling's vote is active, or this amendment was defeated (as far as the viewer knows). */
  inactive: boolean;
  activeAmendment: TMotion | null;
  /** The active amendment is approved: the motion vote is held on that amendment's row. */
  amendedBy: TMotion | null;
  /**
   * A root motion decided as amended: the amendment row its motion vote (or unanimous consent) was held
   * on. The root then shows that row's status.
   */
  decidedOn: TMotion | null;
  hasResult: boolean;
  statusText: string;
  /**
   * On an amendment the motion vote was held on (whose statusText is then the motion's decision): the
   * amendment's own status, from its own vote. Null on every other row.
   */
  amendmentStatusText: string | null;
  canEdit: boolean;
  canDelete: boolean;
  canAmend: boolean;
  /** This card may be dragged (reorder needs can_modify for a single card). */
  canDrag: boolean;
  /** The vote the runner would hold next on this row. */
  nextVoteKind: VoteKind;
  /** The row as that vote's ballot sees it: an amended motion keeps its root's responses and filter. */
  ballot: TMotion;
  /** The row already has a result for nextVoteKind (a new vote is then a revote). */
  nextKindHasResult: boolean;
  /** The runner's flow is offered on this card at all (meetings, runner, in progress). */
  runnerFlowShown: boolean;
  startBlockers: StartVoteBlocker[];
  /** Revote of the kind whose result exists (null: no revote possible). */
  revoteKind: VoteKind | null;
  /** The row as the revote's ballot sees it (null with no revote). */
  revoteBallot: TMotion | null;
  /** What stops that revote now (a revote needs what a first vote needs). */
  revoteBlockers: StartVoteBlocker[];
}

function voteById(state: VotingState, id: string | null): TVoteView | null {
  if (!id) return null;
  return state.inputs.votes.find((v) => v.id === id) ?? null;
}

/** Validity of a decided vote as this viewer can tell (true when no count is visible). */
export function voteValidity(vote: TVoteView | null): boolean {
  if (!vote) return true;
  if (vote.respondents_count === null) return vote.valid ?? true;
  return isVoteValid({ quorum: generalQuorum(vote), received: vote.respondents_count });
}

/**
 * The status text of a row: its motion decision when there is one (or a motion vote), else its amendment
 * decision ('amendment' asks for the latter whatever the row holds). A decided question whose result is
 * hidden from this viewer reads 'voting closed'.
 */
function rowStatusText(state: VotingState, motion: TMotion, question: 'row' | 'amendment' = 'row'): string {
  const { inputs, perms, approval, results } = state;
  const motionVote = voteById(state, motion.motion_vote_id);
  const decidesMotion = question === 'row' && rowDecidesMotion(motion, motionVote);
  const kind: VoteKind = decidesMotion ? 'motion' : 'amendment';
  // The motion vote on an approved amendment keeps the root motion's ballot (responses, filter).
  const motionBallot = ballotMotionOf(motion, 'motion', inputs.motions);
  const approved = decidesMotion
    ? motionApproval(motionBallot, approval)
    : amendmentApproval(motion, approval);
  if (approved === null && hasVoteResult(motion, kind, results)) return STATUS_TEXT_CONCLUDED;
  const decidingVote = decidesMotion ? motionVote : voteById(state, motion.amendment_vote_id);
  const explicit = decidesMotion ? motion.motion_approved : motion.amendment_approved;
  return motionStatusText({
    approved,
    valid: typeof explicit === 'boolean' ? true : voteValidity(decidingVote),
    is_runner: perms.runMeetings,
    result_visibility: motion.result_visibility,
    has_custom_responses: decidesMotion && hasCustomResponses(motionBallot),
  });
}

/** Whether a row's status is its motion decision: a root motion, or an amendment the motion vote was held on. */
function rowDecidesMotion(motion: TMotion, motionVote: TVoteView | null): boolean {
  return typeof motion.motion_approved === 'boolean' || motionVote !== null || !isAmendment(motion);
}

export function motionView(state: VotingState, motion: TMotion): MotionView {
  const { inputs, perms, approval, results } = state;
  const amendment = isAmendment(motion);
  const amendmentVote = voteById(state, motion.amendment_vote_id);
  const motionVote = voteById(state, motion.motion_vote_id);
  const amendApproval = amendmentApproval(motion, approval);
  const motApproval = motionApproval(ballotMotionOf(motion, 'motion', inputs.motions), approval);
  const ownActive = [amendmentVote, motionVote].find((v) => isActive(state, v)) ?? null;
  const activeVoteMotion = state.activeVote
    ? inputs.motions.find((m) => m.id === state.activeVote?.motion_id)
    : undefined;
  const siblingVoteActive = isSiblingVoteActive(motion, activeVoteMotion);
  const pendingAmendment = activeAmendment(motion, inputs.motions, approval);
  const ownMotionResult = hasVoteResult(motion, 'motion', results);
  // A root motion whose vote was held on its amendment: that row's motion question has a result (it could
  // only be put once the amendment was approved, so this holds even when that approval is hidden).
  const decidedOn =
    !amendment && !ownMotionResult && pendingAmendment && hasVoteResult(pendingAmendment, 'motion', results)
      ? pendingAmendment
      : null;
  const hasResult = motionHasResult(motion, results) || decidedOn !== null;
  const statusText = rowStatusText(state, decidedOn ?? motion);
  // An amendment the motion vote was held on shows the motion's decision, and beside it its own.
  const amendmentStatusText =
    amendment && rowDecidesMotion(motion, motionVote) ? rowStatusText(state, motion, 'amendment') : null;

  const change: MotionChangeInput = {
    phase: inputs.phase,
    can_modify: inputs.canModify,
    has_active_vote: state.activeVote !== null,
    has_active_amendment: pendingAmendment !== null,
    has_result: hasResult,
    can_run_meetings: perms.runMeetings,
    can_update_motions: perms.updateMotions,
    can_delete_motions: perms.deleteMotions,
  };

  const nextVoteKind: VoteKind = amendment && amendApproval !== true ? 'amendment' : 'motion';
  const nextKindHasResult = hasVoteResult(motion, nextVoteKind, results);
  // What stops a vote of `kind` on this row now; the server checks the same for a first vote and a revote.
  const decidedElsewhere = isMotionDecidedInTree(motion, inputs.motions, results, { excludingRow: true });
  const blockersFor = (kind: VoteKind, revote: boolean) =>
    startVoteBlockers({
      can_run_meetings: perms.runMeetings,
      can_update_motions: perms.updateMotions,
      phase: inputs.phase,
      in_meeting_voting: inputs.inMeetingVoting,
      has_active_vote: state.activeVote !== null,
      has_active_amendment: pendingAmendment !== null,
      present_voting_members: state.presentVotingMembers,
      quorum: state.quorum,
      chair_present: state.chairPresent,
      eligible_voters: eligibleVoters(inputs.members, {
        motion_filter: ballotMotionOf(motion, kind, inputs.motions).motion_filter,
        require_check_in: true,
      }).length,
      kind,
      is_amendment: amendment,
      amendment_approval: kind === 'motion' ? amendApproval : undefined,
      motion_decided_elsewhere: !revote && decidedElsewhere,
    });
  const startBlockers = blockersFor(nextVoteKind, false);

  // Revote: the motion's result when it has one, else the amendment's (latest amendment only).
  const siblings = motion.amendment_parent_id
    ? amendmentsOf({ id: motion.amendment_parent_id }, inputs.motions)
    : [];
  const isLatest = siblings[siblings.length - 1]?.id === motion.id;
  const revoteCandidate: VoteKind | null = ownMotionResult
    ? 'motion'
    : amendment && hasVoteResult(motion, 'amendment', results)
      ? 'amendment'
      : null;
  const revoteKind =
    revoteCandidate &&
    canRevote({
      has_result: true,
      is_amendment: revoteCandidate === 'amendment',
      is_latest_amendment: isLatest,
      motion_has_result: amendment && isMotionDecidedInTree(motion, inputs.motions, results),
    })
      ? revoteCandidate
      : null;
  const revoteBlockers = revoteKind ? blockersFor(revoteKind, true) : [];

  return {
    motion,
    isAmendment: amendment,
    amendments: amendmentsOf(motion, inputs.motions),
    amendmentVote,
    motionVote,
    amendmentApproval: amendApproval,
    motionApproval: motApproval,
    activeVote: ownActive,
    siblingVoteActive,
    inactive: siblingVoteActive || (amendment && amendApproval === false),
    activeAmendment: pendingAmendment,
    amendedBy:
      pendingAmendment && amendmentApproval(pendingAmendment, approval) === true ? pendingAmendment : null,
    decidedOn,
    hasResult,
    statusText,
    amendmentStatusText,
    canEdit: canEditMotion(change),
    canDelete: canDeleteMotion(change),
    // Meetings only, for who may create now; where the shared amend rule allows an amendment (a motion
    // not yet decided on any row of its tree, not a defeated amendment), as the voting service checks it.
    canAmend:
      inputs.scope.kind === 'meeting' &&
      state.canCreate &&
      canAmendMotion({
        motion_decided: isMotionDecidedInTree(motion, inputs.motions, results),
        amendment_approval: amendApproval,
      }),
    canDrag: canReorderMotions({
      phase: inputs.phase,
      can_create_motions: perms.createMotions,
      single_card: true,
      can_modify: inputs.canModify,
    }),
    nextVoteKind,
    nextKindHasResult,
    runnerFlowShown:
      inputs.scope.kind === 'meeting' &&
      (perms.runMeetings || perms.updateMotions) &&
      inputs.phase === 'in_progress',
    startBlockers,
    ballot: ballotMotionOf(motion, nextVoteKind, inputs.motions),
    revoteKind,
    revoteBallot: revoteKind ? ballotMotionOf(motion, revoteKind, inputs.motions) : null,
    revoteBlockers,
  };
}

/**
 * What a vote decides, in plain text: the row's name, or for the motion vote held on an approved
 * amendment, the motion as amended (members would otherwise read it as a second vote on the amendment).
 */
export function voteSubject(
  motion: TMotion,
  voteType: 'amendment' | 'motion',
  motions: readonly TMotion[],
): string {
  const name = plainText(motion.name);
  if (voteType === 'amendment') return `the amendment ${name}`;
  if (!isAmendment(motion)) return name;
  return `${plainText(rootMotionOf(motion, motions).name)}, as amended by ${name}`;
}

/** The note on a root motion decided on its amendment's row (whose status it shows). */
export function decidedAsAmendedNote(amendmentName: string): string {
  return `Decided as amended: see the amendment '${amendmentName}'.`;
}

/** 'Quorum not met' with how many more voting members are needed (pluralised), as the server says it. */
function quorumNotMetText(state: VotingState): string {
  return quorumNotMetMessage({ present: state.presentVotingMembers, quorum: state.quorum });
}

/**
 * The meeting's voting status line (spec section 8), the shared votingStatusMessage: 'Meeting not in
 * progress', (ours) 'In-meeting voting is off for this meeting.', 'Quorum not met' (with how many more are
 * needed), 'Chair/Vice Chair Not Present', else 'Voting Active'.
 */
export function votingStatusText(state: VotingState): string {
  const status = votingStatusMessage({
    phase: state.inputs.phase,
    in_meeting_voting: state.inputs.inMeetingVoting,
    present_voting_members: state.presentVotingMembers,
    quorum: state.quorum,
    chair_present: state.chairPresent,
  });
  return status === STATUS_QUORUM_NOT_MET ? quorumNotMetText(state) : status;
}

/** The text of a start-vote blocker: the spec's status message where it has one, else ours. */
export function startBlockerText(
  state: VotingState,
  view: MotionView,
  blocker: StartVoteBlocker,
): string | null {
  // Who is present is not known before attendance has loaded: no reason is drawn from it meanwhile.
  const attendanceLoaded = state.inputs.attendanceLoaded !== false;
  switch (blocker) {
    case 'no_permission':
      return null;
    case 'quorum_not_met':
      return attendanceLoaded ? quorumNotMetText(state) : null;
    case 'chair_not_present':
      return attendanceLoaded ? startVoteBlockerMessage(blocker) : null;
    case 'active_amendment':
      return view.amendedBy ? AMENDED_NOTE : STATUS_AMENDMENT_NOT_VOTED_ON;
    case 'active_vote':
      // The vote runs on another motion ('Voting Active' would read as if this one could be voted on).
      return startVoteBlockerMessage(blocker);
    case 'no_eligible_voters':
      return attendanceLoaded ? startVoteBlockerMessage(blocker) : null;
    case 'not_an_amendment':
      return null;
    default:
      return startVoteBlockerMessage(blocker);
  }
}

/** The viewer's responses in one vote. */
export function myResponses(state: VotingState, vote: TVoteView): string[] {
  return state.inputs.responses.filter((r) => r.vote_id === vote.id).map((r) => r.response);
}

/** Why the viewer may not give `response` (or respond at all), or null when they may. */
export function viewerRespondBlocker(
  state: VotingState,
  motion: TMotion,
  vote: TVoteView,
  response?: string,
): RespondBlocker | null {
  const me = state.me;
  return respondBlocker({
    member: me ? { is_voting: me.is_voting, membership: me.membership } : { is_voting: false },
    checked_in: state.inputs.scope.kind === 'meeting' ? (me ? isCheckedIn(me) : false) : null,
    vote_active: isActive(state, vote),
    is_amendment_vote: vote.type === 'amendment',
    // The vote's own responses (an amendment vote is a standard one), as the voting service checks them.
    motion: {
      maximum_responses: vote.maximum_responses,
      motion_filter: ballotMotionOf(motion, vote.type, state.inputs.motions).motion_filter,
      motion_responses: vote.responses.filter((r) => r !== ABSTAIN_RESPONSE),
    },
    member_responses: myResponses(state, vote),
    ...(response !== undefined ? { response } : {}),
  });
}
