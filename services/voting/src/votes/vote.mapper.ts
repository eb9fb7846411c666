import type { TResultVisibility, TVoteEvent, TVoteKind, TVoteType, TVoteView } from '@gavel/contracts';
import {
  hasCustomBallot,
  hasVoteEnded,
  isResultPassed,
  isVoteActive,
  isVoteValid,
  resultView,
  type Tally,
  type VoteRecord,
  validityMessage,
  voteResult,
} from '@gavel/voting-rules';
import type { VoteRow } from './vote.repository.js';

/** Counts of one vote: per response, distinct respondents, eligible voters. */
export interface VoteCounts {
  tallies: Map<string, number>;
  respondents: number;
  eligible: number;
}

export const EMPTY_COUNTS: VoteCounts = { tallies: new Map(), respondents: 0, eligible: 0 };

/** The outcome in the vote's response order, zero counts included. */
export function outcomeOf(vote: Pick<VoteRow, 'responses'>, counts: VoteCounts): Tally[] {
  const out: Tally[] = vote.responses.map((response) => ({
    response,
    count: counts.tallies.get(response) ?? 0,
  }));
  for (const [response, count] of counts.tallies) {
    if (!vote.responses.includes(response)) out.push({ response, count });
  }
  return out;
}

/** The vote as the rules read it (approval, active amendment, has result). */
export function toVoteRecord(vote: VoteRow, counts: VoteCounts): VoteRecord {
  return {
    id: vote.id,
    type: vote.type as TVoteKind,
    vote_type: vote.voteType as TVoteType,
    started_at: vote.startedAt,
    ended_at: vote.endedAt,
    respondents_count: counts.respondents,
    quorum: vote.quorum,
    outcome: outcomeOf(vote, counts),
    is_finalized: vote.isFinalized,
    finalized_quorum: vote.isFinalized ? vote.quorum : null,
  };
}

/**
 * A vote as one viewer may see it. Runners see everything. Others: while the vote runs, its progress only
 * (respondents and expected counts); once it has ended, the summary (result, passed, validity,
 * respondents) when the motion's visibility shows it and the breakdown (outcome) when it shows that.
 */
export function toVoteView(
  vote: VoteRow,
  motion: { result_visibility: TResultVisibility },
  counts: VoteCounts,
  opts: { isRunner: boolean; now: Date },
): TVoteView {
  const ended = hasVoteEnded({ ended_at: vote.endedAt }, opts.now);
  const active = isVoteActive({ started_at: vote.startedAt, ended_at: vote.endedAt }, opts.now);
  const outcome = outcomeOf(vote, counts);
  const isAmendment = vote.type === 'amendment';
  const result = voteResult(outcome, {
    voteType: vote.voteType as TVoteType,
    isAmendment,
    maximumResponses: vote.maximumResponses,
  });
  const valid = isVoteValid({ quorum: vote.quorum, received: counts.respondents });
  const passed = isAmendment
    ? result === 'in_favor'
    : isResultPassed(result, hasCustomBallot(vote.responses));
  const view = resultView({ result_visibility: motion.result_visibility, is_runner: opts.isRunner });
  const summary = ended ? view.summary : opts.isRunner;
  const breakdown = ended ? view.breakdown : opts.isRunner;
  return {
    id: vote.id,
    motion_id: vote.motionId,
    meeting_id: vote.meetingId,
    email_vote_id: vote.emailVoteId,
    type: vote.type as TVoteKind,
    vote_type: vote.voteType as TVoteType,
    responses: vote.responses,
    maximum_responses: vote.maximumResponses,
    started_at: vote.startedAt.toISOString(),
    ended_at: vote.endedAt.toISOString(),
    is_active: active,
    is_finalized: vote.isFinalized,
    quorum: vote.quorum,
    finalized_quorum: vote.isFinalized ? vote.quorum : null,
    expected_count: counts.eligible * Math.max(1, isAmendment ? 1 : vote.maximumResponses),
    respondents_count: summary || !ended ? counts.respondents : null,
    outcome: breakdown ? outcome : null,
    result: summary && ended ? result : null,
    passed: summary && ended ? passed : null,
    valid: summary && ended ? valid : null,
    validity_message:
      summary && ended ? validityMessage({ quorum: vote.quorum, received: counts.respondents }) : null,
    summary_visible: summary,
    breakdown_visible: breakdown,
  };
}

export function toVoteEvent(tenantId: string, vote: VoteRow): TVoteEvent {
  return {
    tenantId,
    vote: {
      id: vote.id,
      meeting_id: vote.meetingId,
      email_vote_id: vote.emailVoteId,
      motion_id: vote.motionId,
      type: vote.type as TVoteKind,
      started_at: vote.startedAt.toISOString(),
      ended_at: vote.endedAt.toISOString(),
      is_finalized: vote.isFinalized,
      discarded: vote.discardedAt !== null,
      maximum_responses: Math.max(1, vote.maximumResponses),
    },
  };
}
