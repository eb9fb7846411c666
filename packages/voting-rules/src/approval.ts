/** Approval rules and the active amendment (spec section 4, "Approval rules"). */
import { APPROVE_RESPONSE, hasCustomResponses, resultList, resultOfVote } from './results.js';
import { findActiveVote, hasVoteEnded, toMillis } from './time.js';
import type { Id, Instant, MotionRecord, VoteKind, VoteRecord, VoteType } from './types.js';
import { generalQuorum, isVoteValid } from './validity.js';

/** true approved, false defeated, null undecided / pending. */
export type Approval = boolean | null;

export interface ApprovalContext {
  /** Votes of the meeting or email vote (looked up by amendment_vote_id / motion_vote_id). */
  votes: readonly VoteRecord[];
  now: Instant;
  /** The active vote's id; when omitted it is derived from `votes` and `now` (first active vote). */
  activeVoteId?: Id | null;
}

function activeId(ctx: ApprovalContext): Id | null {
  if (ctx.activeVoteId !== undefined) return ctx.activeVoteId;
  return findActiveVote(ctx.votes, ctx.now)?.id ?? null;
}

function voteById(ctx: ApprovalContext, id: Id | null | undefined): VoteRecord | null {
  if (id == null) return null;
  return ctx.votes.find((v) => v.id === id) ?? null;
}

export function isAmendment(motion: Pick<MotionRecord, 'amendment_parent_id'>): boolean {
  return motion.amendment_parent_id != null;
}

/**
 * Approval of a motion row as an amendment. A root motion counts as approved. An amendment uses its
 * explicit amendment_approved boolean if set; otherwise undecided if it has no vote (no
 * amendment_vote_id, or the vote is not among `votes`) or its vote is the active vote; otherwise
 * approved when the vote result equals in_favor. The rule does not wait for ended_at (the spec says so
 * only of motions), so a vote that is not active is read as decided. A vote below its quorum is invalid
 * and has no result (the motion card says 'No result'), so it approves nothing: the amendment is defeated
 * (and may be revoted), never adopted by a handful of votes. Respondents a viewer may not see (null) leave
 * the validity unknown, and the result alone decides.
 */
export function amendmentApproval(
  motion: Pick<
    MotionRecord,
    'amendment_parent_id' | 'amendment_approved' | 'amendment_vote_id' | 'maximum_responses'
  >,
  ctx: ApprovalContext,
): Approval {
  if (!isAmendment(motion)) return true;
  if (typeof motion.amendment_approved === 'boolean') return motion.amendment_approved;
  const vote = voteById(ctx, motion.amendment_vote_id);
  if (!vote || vote.id === activeId(ctx)) return null;
  const received = vote.respondents_count;
  if (typeof received === 'number' && !isVoteValid({ quorum: generalQuorum(vote), received })) return false;
  // An amendment vote picks at most one response (cap 1), whatever the vote record says.
  return resultOfVote({ ...vote, type: 'amendment' }, motion) === APPROVE_RESPONSE;
}

/**
 * Approval of a motion row as a motion. Uses motion_approved if set; otherwise pending until its vote
 * has ended (read as: now at or after ended_at, the spec's own stated reading); then with custom
 * responses approved when any result exists, else approved when the result equals in_favor.
 */
export function motionApproval(
  motion: Pick<
    MotionRecord,
    'motion_approved' | 'motion_vote_id' | 'motion_responses' | 'maximum_responses' | 'amendment_parent_id'
  >,
  ctx: ApprovalContext,
): Approval {
  if (typeof motion.motion_approved === 'boolean') return motion.motion_approved;
  const vote = voteById(ctx, motion.motion_vote_id);
  if (!vote || !hasVoteEnded(vote, ctx.now)) return null;
  const result = resultOfVote({ ...vote, type: 'motion' }, motion);
  if (hasCustomResponses(motion)) return resultList(result).length > 0;
  return result === APPROVE_RESPONSE;
}

/** Direct amendments of a motion, in list order: sort, then created_at, then input order. */
export function amendmentsOf<
  M extends Pick<MotionRecord, 'id' | 'amendment_parent_id' | 'sort' | 'created_at'>,
>(motion: Pick<MotionRecord, 'id'>, motions: readonly M[]): M[] {
  return motions
    .filter((m) => m.amendment_parent_id != null && m.amendment_parent_id === motion.id)
    .map((m, i) => ({ m, i }))
    .sort(
      (a, b) =>
        (a.m.sort ?? 0) - (b.m.sort ?? 0) ||
        (toMillis(a.m.created_at) ?? 0) - (toMillis(b.m.created_at) ?? 0) ||
        a.i - b.i,
    )
    .map(({ m }) => m);
}

/**
 * The active amendment of a motion, found depth first: for each direct amendment in order, that
 * amendment's own active amendment wins; otherwise the first direct amendment whose approval is
 * undecided or true. null when none. Followed literally: the search also descends into defeated
 * amendments.
 */
export function activeAmendment<M extends MotionRecord>(
  motion: Pick<MotionRecord, 'id'>,
  motions: readonly M[],
  ctx: ApprovalContext,
): M | null {
  const fixed: ApprovalContext = { ...ctx, activeVoteId: activeId(ctx) };
  const search = (parent: Pick<MotionRecord, 'id'>, seen: Set<Id>): M | null => {
    if (seen.has(parent.id)) return null; // guard against a malformed cycle
    seen.add(parent.id);
    const children = amendmentsOf(parent, motions);
    for (const child of children) {
      const deeper = search(child, seen);
      if (deeper) return deeper;
    }
    return children.find((c) => amendmentApproval(c, fixed) !== false) ?? null;
  };
  return search(motion, new Set());
}

/**
 * Whether one question of a motion row is decided: its explicit approval is set (amendment_approved for
 * the amendment question, which only an amendment has; motion_approved), or its vote
 * (amendment_vote_id, motion_vote_id) has ended. A decided question is revoted, not voted again.
 */
export function hasVoteResult(
  motion: Pick<
    MotionRecord,
    'amendment_parent_id' | 'amendment_approved' | 'motion_approved' | 'amendment_vote_id' | 'motion_vote_id'
  >,
  kind: VoteKind,
  ctx: Pick<ApprovalContext, 'votes' | 'now'>,
): boolean {
  if (kind === 'amendment' && !isAmendment(motion)) return false;
  const explicit = kind === 'amendment' ? motion.amendment_approved : motion.motion_approved;
  if (typeof explicit === 'boolean') return true;
  const vote = voteById(
    { ...ctx, activeVoteId: null },
    kind === 'amendment' ? motion.amendment_vote_id : motion.motion_vote_id,
  );
  return vote !== null && hasVoteEnded(vote, ctx.now);
}

/**
 * Whether a motion row has a result yet (editing is allowed only before; revote only after): either of
 * its questions is decided (hasVoteResult).
 */
export function motionHasResult(
  motion: Pick<
    MotionRecord,
    'amendment_parent_id' | 'amendment_approved' | 'motion_approved' | 'amendment_vote_id' | 'motion_vote_id'
  >,
  ctx: Pick<ApprovalContext, 'votes' | 'now'>,
): boolean {
  return hasVoteResult(motion, 'motion', ctx) || hasVoteResult(motion, 'amendment', ctx);
}

/** The root motion of a row: itself, or the motion at the top of its amendment chain. */
export function rootMotionOf<M extends Pick<MotionRecord, 'id' | 'amendment_parent_id'>>(
  row: M,
  motions: readonly M[],
): M {
  const byId = new Map(motions.map((m) => [m.id, m]));
  const seen = new Set<Id>();
  let root = row;
  while (root.amendment_parent_id != null && !seen.has(root.id)) {
    seen.add(root.id);
    const parent = byId.get(root.amendment_parent_id);
    if (!parent) break;
    root = parent;
  }
  return root;
}

type TreeRow = Pick<
  MotionRecord,
  | 'id'
  | 'amendment_parent_id'
  | 'sort'
  | 'created_at'
  | 'amendment_approved'
  | 'motion_approved'
  | 'amendment_vote_id'
  | 'motion_vote_id'
>;

/** The root motion of a row and every amendment under it, root first. */
export function motionTreeOf<M extends TreeRow>(row: M, motions: readonly M[]): M[] {
  const tree = [rootMotionOf(row, motions)];
  for (let i = 0; i < tree.length; i++) {
    const parent = tree[i];
    if (parent) tree.push(...amendmentsOf(parent, motions).filter((m) => !tree.includes(m)));
  }
  return tree;
}

/**
 * Whether the motion a row belongs to has been decided: a motion vote has a result on a row of its tree
 * (the root, or the approved amendment the vote was held on). Such a motion takes no new amendment, and
 * no other amendment or motion vote, only a revote of that result. `excludingRow`: on another row than
 * this one.
 */
export function isMotionDecidedInTree<M extends TreeRow>(
  row: M,
  motions: readonly M[],
  ctx: Pick<ApprovalContext, 'votes' | 'now'>,
  opts: { excludingRow?: boolean } = {},
): boolean {
  return motionTreeOf(row, motions).some(
    (m) => !(opts.excludingRow && m.id === row.id) && hasVoteResult(m, 'motion', ctx),
  );
}

/**
 * The row as the ballot of a `kind` vote on it sees it. The motion vote held on an approved amendment
 * decides the root motion as amended, so it keeps the root's responses, maximum responses, vote type
 * and demographic filter (the amendment form offers neither a filter nor several responses). Any other
 * vote follows its own row.
 */
export function ballotMotionOf<M extends MotionRecord & { vote_type?: VoteType | null }>(
  row: M,
  kind: VoteKind,
  motions: readonly M[],
): M {
  if (kind !== 'motion' || !isAmendment(row)) return row;
  const root = rootMotionOf(row, motions);
  return {
    ...row,
    motion_responses: root.motion_responses,
    maximum_responses: root.maximum_responses,
    motion_filter: root.motion_filter,
    ...(root.vote_type !== undefined ? { vote_type: root.vote_type } : {}),
  };
}

/**
 * A motion is shown inactive while a sibling's vote is active (section 2): the motion holding the active
 * vote is another one under the same parent (or another root motion).
 */
export function isSiblingVoteActive(
  motion: Pick<MotionRecord, 'id' | 'amendment_parent_id'>,
  activeVoteMotion: Pick<MotionRecord, 'id' | 'amendment_parent_id'> | null | undefined,
): boolean {
  if (!activeVoteMotion || activeVoteMotion.id === motion.id) return false;
  return (activeVoteMotion.amendment_parent_id ?? null) === (motion.amendment_parent_id ?? null);
}
