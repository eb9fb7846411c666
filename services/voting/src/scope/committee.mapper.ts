import { type TMeetingCommittee, ZVotingRight } from '@gavel/contracts';
import { z } from 'zod';
import type { CommitteeRow } from './scope.repository.js';

const ZVotingRights = z.array(ZVotingRight);

/** The committee as the email-vote page shows it (the shape of retrieve/meeting's), from the read model. */
export function toVoteCommittee(c: CommitteeRow): TMeetingCommittee {
  const rights = ZVotingRights.safeParse(c.votingRights);
  return {
    id: c.id,
    name: c.name,
    code: c.code,
    year: c.year,
    quorum: c.quorum,
    two_thirds_vote: c.twoThirdsVote,
    chair_position: c.chairPosition,
    vchair_position: c.vchairPosition,
    voting_rights: rights.success ? rights.data : [],
    has_demographic: c.hasDemographic,
    demographic_name: c.demographicName,
    demographic_is_displayed: c.demographicIsDisplayed,
    demographic_motion_filterable: c.demographicMotionFilterable,
    demographic_display_prepend: c.demographicDisplayPrepend,
    demographics: c.demographics,
  };
}
