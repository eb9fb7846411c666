import type { TCommittee, TCommitteeEvent } from '@gavel/contracts';
import type { CommitteeRow } from './committee.repository.js';

/** A committee row as the API shows it; an explicit pick, so a new column never leaks. */
export function toCommittee(row: CommitteeRow, membersByPosition: ReadonlyMap<string, number>): TCommittee {
  const body = toCommitteeEventBody(row);
  const voting = new Set(row.positions.filter((p) => p.isVoting).map((p) => p.position));
  let members = 0;
  let votingCount = 0;
  for (const [position, n] of membersByPosition) {
    members += n;
    if (voting.has(position)) votingCount += n;
  }
  return {
    ...body,
    guid: row.guid,
    positions: row.positions.map((p) => p.position),
    members_count: members,
    voting_members_count: votingCount,
    non_voting_members_count: members - votingCount,
  };
}

/** What meetings and voting keep of a committee. */
export function toCommitteeEventBody(row: CommitteeRow): TCommitteeEvent['committee'] {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    year: row.year,
    quorum: row.quorum,
    two_thirds_vote: row.twoThirdsVote,
    chair_position: row.chairPosition,
    vchair_position: row.vchairPosition,
    voting_rights: row.positions.map((p) => ({ position: p.position, is_voting: p.isVoting })),
    has_demographic: row.hasDemographic,
    demographic_name: row.demographicName,
    demographic_is_displayed: row.demographicIsDisplayed,
    demographic_motion_filterable: row.demographicMotionFilterable,
    demographic_display_prepend: row.demographicDisplayPrepend,
    demographics: row.demographics.map((d) => d.value),
  };
}
