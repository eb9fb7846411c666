/** Vote results (spec section 4, "Vote results") and result figures (section 9). */
import type { MotionRecord, PassRule, Tally, VoteRecord, VoteType } from './types.js';

/** The abstain response; excluded from valid totals and never a winner. */
export const ABSTAIN_RESPONSE = 'abstained';
/** The approve value of standard motions and amendments. */
export const APPROVE_RESPONSE = 'in_favor';
export const OPPOSE_RESPONSE = 'opposed';
/** Standard responses in display order (In Favor shown as 'Approve', Oppose as 'Not Approve'). */
export const STANDARD_RESPONSES = [APPROVE_RESPONSE, OPPOSE_RESPONSE, ABSTAIN_RESPONSE] as const;
export const STANDARD_RESPONSE_LABELS: Readonly<Record<string, string>> = {
  in_favor: 'Approve',
  opposed: 'Not Approve',
  abstained: 'Abstain',
};

/** Result of voteResult: one winner, several (ties / multiple choice), or none. */
export type VoteResult = string | string[] | null;

/**
 * Minimum count a response needs among `validTotal` non-abstain votes (spec: simple majority is
 * half plus one when even, the ceiling of half when odd; two-thirds is the ceiling of two thirds).
 * Integer arithmetic avoids floating-point surprises. Zero votes gives 1 and 0 respectively,
 * exactly as the formulas say; voteResult separately requires a count above zero.
 */
export function passThreshold(validTotal: number, rule: 'simple_majority' | 'two_thirds'): number {
  const n = Math.max(0, Math.floor(validTotal));
  if (rule === 'two_thirds') return Math.ceil((2 * n) / 3);
  return n % 2 === 0 ? n / 2 + 1 : (n + 1) / 2;
}

/**
 * The threshold rule for a committee pass rule. Section 3 lists 'majority' but section 4 defines only
 * simple majority and two-thirds, so 'majority' is read as simple majority.
 */
export function thresholdRuleFor(rule: PassRule): 'simple_majority' | 'two_thirds' {
  return rule === 'two_thirds' ? 'two_thirds' : 'simple_majority';
}

/** Sum of non-abstain counts: abstain is excluded from valid totals. */
export function validTotal(outcome: readonly Tally[]): number {
  return outcome.reduce((sum, t) => (t.response === ABSTAIN_RESPONSE ? sum : sum + Math.max(0, t.count)), 0);
}

/** Sum of all counts, abstentions included. */
export function totalVotes(outcome: readonly Tally[]): number {
  return outcome.reduce((sum, t) => sum + Math.max(0, t.count), 0);
}

/** String order by UTF-16 code units: identical on server and browser, unlike localeCompare. */
function ascending(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Winning response(s) (spec section 4, "Vote results").
 * - simple_majority / two_thirds: the first response (in outcome order) whose count reaches
 *   passThreshold of the valid total wins. Abstain never wins (it is not part of the valid total) and
 *   a zero count never wins (so two-thirds of zero votes, threshold 0, has no winner).
 * - multiple: non-abstain responses with a count above zero, ordered by count descending then
 *   response ascending; the first `cap` are picked, where cap is 1 for amendments and
 *   maximumResponses otherwise (missing or below 1 means 1); responses tied with the last picked one
 *   are included too ("ties are included"), so a tie can yield more than cap winners.
 * One winner gives a string, several a string[], none null.
 */
export function voteResult(
  outcome: Tally[] | readonly Tally[],
  opts: { voteType: VoteType; isAmendment: boolean; maximumResponses?: number },
): VoteResult {
  const candidates = outcome.filter((t) => t.response !== ABSTAIN_RESPONSE && t.count > 0);
  if (opts.voteType !== 'multiple') {
    const threshold = passThreshold(validTotal(outcome), opts.voteType);
    return candidates.find((t) => t.count >= threshold)?.response ?? null;
  }
  const cap = opts.isAmendment ? 1 : Math.max(1, Math.floor(opts.maximumResponses ?? 1) || 1);
  const ordered = [...candidates].sort((a, b) => b.count - a.count || ascending(a.response, b.response));
  const last = ordered[cap - 1] ?? ordered[ordered.length - 1];
  if (!last) return null;
  const winners = ordered.filter((t, i) => i < cap || t.count === last.count).map((t) => t.response);
  return winners.length === 1 ? (winners[0] as string) : winners;
}

/** The winners as a list (empty when none), for callers that do not care about the shape. */
export function resultList(result: VoteResult): string[] {
  if (result === null) return [];
  return typeof result === 'string' ? [result] : result;
}

/** Custom responses are on when motion_responses is a non-empty list (absent/null/empty: standard wording). */
export function hasCustomResponses(motion: Pick<MotionRecord, 'motion_responses'>): boolean {
  return Array.isArray(motion.motion_responses) && motion.motion_responses.length > 0;
}

/**
 * Whether a vote's own ballot has custom responses: it offers a response outside the standard three. The
 * vote's record is what members voted on, whichever row it is held on.
 */
export function hasCustomBallot(responses: readonly string[]): boolean {
  const standard: readonly string[] = STANDARD_RESPONSES;
  return responses.some((r) => !standard.includes(r));
}

/**
 * Motion result passed/failed (spec section 4): with custom responses, passed means there is a
 * winning response (or a tie); with standard responses, passed means the outcome is in_favor (a tie
 * list containing in_favor is not "the outcome is in_favor").
 */
export function isResultPassed(result: VoteResult, customResponses: boolean): boolean {
  if (customResponses) return resultList(result).length > 0;
  return result === APPROVE_RESPONSE;
}

/** Cap on responses per member: 1 for amendment votes, else the motion's maximum_responses (min 1). */
export function maximumResponsesFor(
  maximumResponses: number | null | undefined,
  isAmendmentVote: boolean,
): number {
  if (isAmendmentVote) return 1;
  const n = Math.floor(maximumResponses ?? 1);
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

/**
 * The result of a vote on a motion row: the amendment cap applies when the vote is of type
 * 'amendment', or, when the vote's type is unknown, when the motion is an amendment.
 */
export function resultOfVote(
  vote: Pick<VoteRecord, 'vote_type' | 'outcome' | 'type'>,
  motion: Pick<MotionRecord, 'maximum_responses' | 'amendment_parent_id'>,
): VoteResult {
  const isAmendment = vote.type ? vote.type === 'amendment' : motion.amendment_parent_id != null;
  return voteResult(vote.outcome ?? [], {
    voteType: vote.vote_type,
    isAmendment,
    maximumResponses: motion.maximum_responses ?? undefined,
  });
}

/** Expected total votes (section 9): eligible voting members times maximum responses. */
export function expectedTotalVotes(eligibleVotingMembers: number, maximumResponses: number): number {
  return Math.max(0, eligibleVotingMembers) * Math.max(1, maximumResponses);
}

/** Whole-number percentage, floored (section 9); 0 when the total is 0. */
export function percentOf(count: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.floor((Math.max(0, count) * 100) / total);
}

export interface BreakdownRow extends Tally {
  /** Floored percentage of the valid (non-abstain) total; null for the abstain row, which is not part of it. */
  percent: number | null;
}

/**
 * Breakdown rows with floored percentages. Percentages are of the valid total because abstain is
 * excluded from valid totals and from the chart; the abstain row keeps its count with no percentage.
 */
export function resultBreakdown(outcome: readonly Tally[]): BreakdownRow[] {
  const total = validTotal(outcome);
  return outcome.map((t) => ({
    response: t.response,
    count: t.count,
    percent: t.response === ABSTAIN_RESPONSE ? null : percentOf(t.count, total),
  }));
}
