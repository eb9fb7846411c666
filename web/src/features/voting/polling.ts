/**
 * Motions polling intervals (spec section 9, "Polling intervals" and "Meeting polling without
 * realtime"). The motions list follows the meeting polling row: it is what changes with the vote.
 */
import type { Phase } from '@gavel/voting-rules';

/** Realtime connected: a slow safety net. */
export const POLL_CONNECTED_RUNNER_MS = 300_000;
export const POLL_CONNECTED_OTHER_MS = 600_000;
/** Without realtime. */
export const POLL_PLANNED_MS = 90_000;
export const POLL_RUNNER_ACTIVE_VOTE_MS = 2_000;
export const POLL_RUNNER_MS = 5_000;
export const POLL_VOTING_MEMBER_MS = 5_000;
export const POLL_OTHER_ACTIVE_VOTE_MS = 10_000;
export const POLL_OTHER_MS = 60_000;
export const POLL_OTHERWISE_MS = 600_000;

export interface PollingInput {
  /** The realtime socket is connected. */
  live: boolean;
  phase: Phase;
  /** Holds 'run meetings'. */
  isRunner: boolean;
  /** A voting member of the committee. */
  isVotingMember: boolean;
  /** A vote is active now. */
  hasActiveVote: boolean;
}

/** The motions refetch interval in milliseconds for this viewer and moment. */
export function motionsPollInterval(input: PollingInput): number {
  if (input.live) return input.isRunner ? POLL_CONNECTED_RUNNER_MS : POLL_CONNECTED_OTHER_MS;
  if (input.phase === 'planned') return POLL_PLANNED_MS;
  if (input.phase === 'in_progress') {
    if (input.isRunner) return input.hasActiveVote ? POLL_RUNNER_ACTIVE_VOTE_MS : POLL_RUNNER_MS;
    if (input.isVotingMember) return POLL_VOTING_MEMBER_MS;
    return input.hasActiveVote ? POLL_OTHER_ACTIVE_VOTE_MS : POLL_OTHER_MS;
  }
  return POLL_OTHERWISE_MS;
}
