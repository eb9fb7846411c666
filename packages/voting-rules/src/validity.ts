/** Quorum and validity (spec section 4, "Vote results", validity bullet). */
import type { VoteRecord } from './types.js';

/**
 * Quorum of a motion. With a demographic filter (votingMembersInFilter not null) it is the number of
 * voting members in the filter divided by 2, rounded, plus one if that count is even. "Rounded" is
 * read as rounding half up (Math.round), which makes it floor(n / 2) + 1 for every n: a strict
 * majority of the filtered voters, the same as the simple-majority threshold. Without a filter the
 * vote's general quorum is used.
 */
export function motionQuorum(opts: { votingMembersInFilter: number | null; generalQuorum: number }): number {
  const n = opts.votingMembersInFilter;
  if (n == null) return opts.generalQuorum; // undefined from a JS caller also means no filter
  const count = Math.max(0, Math.floor(n));
  return Math.round(count / 2) + (count % 2 === 0 ? 1 : 0);
}

/**
 * The vote's general quorum. Reading: once a vote is finalized its finalized_quorum (the quorum frozen
 * at finalization) is authoritative; otherwise the live quorum; 0 when neither is known.
 */
export function generalQuorum(
  vote: Pick<VoteRecord, 'quorum' | 'is_finalized' | 'finalized_quorum'>,
): number {
  if (vote.is_finalized && vote.finalized_quorum != null) return vote.finalized_quorum;
  return vote.quorum ?? 0;
}

/**
 * A committee's general quorum, the number of present voting members a vote needs to start and the
 * quorum of a vote without a demographic filter: its configured quorum; none configured means no minimum.
 */
export function committeeQuorum(committee: { quorum?: number | null }): number {
  return committee.quorum ?? 0;
}

/** The vote is invalid when respondents_count is below the quorum. */
export function isVoteValid(opts: { quorum: number; received: number }): boolean {
  return !(opts.received < opts.quorum);
}

/**
 * null when valid, else 'A minimum of {quorum} members are required to validate the vote, only {n}
 * received', with 'only' omitted when zero were received (spec wording kept verbatim, including
 * "members are" for a quorum of 1).
 */
export function validityMessage(opts: { quorum: number; received: number }): string | null {
  if (isVoteValid(opts)) return null;
  const only = opts.received === 0 ? '' : 'only ';
  return `A minimum of ${opts.quorum} members are required to validate the vote, ${only}${opts.received} received`;
}

/** How many more present voting members are needed to reach `quorum` (0 when met). */
export function quorumShortfall(opts: { present: number; quorum: number }): number {
  return Math.max(0, opts.quorum - opts.present);
}
