import type { TCommittee } from '@gavel/contracts';
import type * as React from 'react';
import { Badge } from '@/components/ui/badge';

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:gap-4">
      <dt className="text-sm font-medium sm:w-48 sm:shrink-0">{term}</dt>
      <dd className="text-sm text-muted-foreground">{children}</dd>
    </div>
  );
}

const yesNo = (on: boolean) => (on ? 'Yes' : 'No');

/** The settings of a committee for someone who may see but not edit them. */
export function CommitteeSettingsSummary({ committee }: { committee: TCommittee }) {
  return (
    <dl className="flex flex-col gap-3">
      <Row term="Name">{committee.name}</Row>
      <Row term="Code">{committee.code}</Row>
      <Row term="Year">{committee.year ?? 'Term based'}</Row>
      <Row term="Quorum">{committee.quorum ?? 'None'}</Row>
      <Row term="Two-thirds vote">{yesNo(committee.two_thirds_vote)}</Row>
      <Row term="Positions with voting rights">
        {committee.voting_rights.length === 0 ? (
          'None'
        ) : (
          <ul className="flex flex-wrap gap-2">
            {committee.voting_rights.map((right) => (
              <li key={right.position}>
                <Badge variant={right.is_voting ? 'secondary' : 'outline'}>
                  {right.position} ({right.is_voting ? 'voting' : 'non-voting'})
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </Row>
      <Row term="Chair position">{committee.chair_position ?? 'None'}</Row>
      <Row term="Vice-chair position">{committee.vchair_position ?? 'None'}</Row>
      <Row term="Demographic">
        {committee.has_demographic ? (committee.demographic_name ?? 'Yes') : 'None'}
      </Row>
      {committee.has_demographic && (
        <>
          <Row term="Demographic values">
            {committee.demographics.length === 0 ? 'None' : committee.demographics.join(', ')}
          </Row>
          <Row term="Displayed">{yesNo(committee.demographic_is_displayed)}</Row>
          <Row term="Motion filterable">{yesNo(committee.demographic_motion_filterable)}</Row>
          <Row term="Display prepend">{yesNo(committee.demographic_display_prepend)}</Row>
        </>
      )}
    </dl>
  );
}
