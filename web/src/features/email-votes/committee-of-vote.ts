import type { TCommittee, TEmailVote, TMeetingCommittee } from '@gavel/contracts';

/** The committee fields the motions panel uses, from the admin committee answer. */
export function toMeetingCommittee(c: TCommittee): TMeetingCommittee {
  return {
    id: c.id,
    name: c.name,
    code: c.code,
    year: c.year,
    quorum: c.quorum,
    two_thirds_vote: c.two_thirds_vote,
    chair_position: c.chair_position,
    vchair_position: c.vchair_position,
    voting_rights: c.voting_rights,
    has_demographic: c.has_demographic,
    demographic_name: c.demographic_name,
    demographic_is_displayed: c.demographic_is_displayed,
    demographic_motion_filterable: c.demographic_motion_filterable,
    demographic_display_prepend: c.demographic_display_prepend,
    demographics: c.demographics,
  };
}

/**
 * What is known of the committee when its admin answer cannot be read (retrieve/vote names only the
 * committee id): its code stands in for its name, and the committee rules are neutral.
 */
export function minimalCommittee(code: string, vote: TEmailVote | undefined): TMeetingCommittee {
  return {
    id: vote?.committee_id ?? code,
    name: code,
    code,
    year: null,
    quorum: null,
    two_thirds_vote: false,
    chair_position: null,
    vchair_position: null,
    voting_rights: [],
    has_demographic: false,
    demographic_name: null,
    demographic_is_displayed: false,
    demographic_motion_filterable: false,
    demographic_display_prepend: false,
    demographics: [],
  };
}
