import type { TMotion, TVotingSettings } from '@gavel/contracts';
import {
  ABSTAIN_RESPONSE,
  type AttendanceMember,
  availableResponses,
  committeeQuorum,
  motionQuorum,
  STANDARD_RESPONSES,
  type VoteKind,
  votingMembersInFilter,
} from '@gavel/voting-rules';
import type { CommitteeRow } from '../scope/scope.repository.js';

export interface MemberRow {
  id: string;
  user_id: string;
  position: string;
  is_voting: boolean;
  demographic: string | null;
  checked_in: boolean;
}

/** A read-model member as the rules read a member in attendance. */
export function toAttendanceMember(m: MemberRow): AttendanceMember {
  return {
    is_voting: m.is_voting,
    membership: { position: m.position, demographic: m.demographic },
    attendee: m.checked_in ? { checkIns: [{ deleted_at: null }] } : null,
  };
}

/** The quorum a motion's vote needs (filtered quorum when a demographic filter applies). */
export function quorumFor(
  members: AttendanceMember[],
  motion: Pick<TMotion, 'motion_filter'>,
  committee: CommitteeRow,
): number {
  return motionQuorum({
    votingMembersInFilter: votingMembersInFilter(members, motion),
    generalQuorum: committeeQuorum(committee),
  });
}

/**
 * What a vote on a motion row offers: an amendment vote is a standard one-response vote. Abstain is left
 * out when the association hides it, so the cast path refuses it like any response the vote lacks.
 */
export function ballotShape(
  motion: TMotion,
  kind: VoteKind,
  settings: Pick<TVotingSettings, 'hide_abstain'>,
) {
  const offered = (responses: readonly string[]) =>
    settings.hide_abstain ? responses.filter((r) => r !== ABSTAIN_RESPONSE) : [...responses];
  if (kind === 'amendment') {
    return {
      responses: offered(STANDARD_RESPONSES),
      maximumResponses: 1,
      voteType: motion.vote_type === 'multiple' ? 'simple_majority' : motion.vote_type,
    };
  }
  return {
    responses: offered(availableResponses(motion)),
    maximumResponses: motion.maximum_responses,
    voteType: motion.vote_type,
  };
}
