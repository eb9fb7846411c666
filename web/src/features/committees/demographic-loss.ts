import type { TCommittee, TMembership } from '@gavel/contracts';
import { type CommitteeFormValues, toCreateBody } from '@/features/committees/committee-form';

export const DEMOGRAPHIC_LOSS_TITLE = 'Clear member values?';
export const DEMOGRAPHIC_LOSS_CONFIRM = 'Save and Clear';

const LIST = new Intl.ListFormat('en', { type: 'conjunction' });

/**
 * What a settings save costs the members, as a question to ask first; null when nobody loses anything.
 * The service clears each member's demographic value the saved settings no longer offer (a value renamed
 * or removed, or 'Has demographic' turned off): unlike a held position, it does not refuse. Members not
 * known (their list failed to load): the values the save drops are named, without a count.
 */
export function demographicLoss(
  values: CommitteeFormValues,
  committee: TCommittee,
  members: readonly TMembership[] | undefined,
): string | null {
  // The values as they will be saved (trimmed; none without a demographic), matched exactly as the service does.
  const offered = new Set(toCreateBody(values).demographics);
  const name = committee.demographic_name || 'demographic';
  const turnedOff = committee.has_demographic && !values.has_demographic;

  if (members === undefined) {
    const dropped = committee.demographics.filter((value) => !offered.has(value));
    if (dropped.length === 0) return null;
    return turnedOff
      ? `With "Has demographic" turned off, every member's ${name} (${LIST.format(dropped)}) will be cleared.`
      : `This save removes ${LIST.format(dropped)}: the members who hold ${dropped.length === 1 ? 'it' : 'one of them'} will have their ${name} cleared.`;
  }

  const held = new Map<string, number>();
  for (const member of members) {
    if (member.demographic !== null && !offered.has(member.demographic)) {
      held.set(member.demographic, (held.get(member.demographic) ?? 0) + 1);
    }
  }
  if (held.size === 0) return null;
  const total = [...held.values()].reduce((sum, n) => sum + n, 0);
  const who = total === 1 ? '1 member holds' : `${total} members hold`;
  // One value as is; several with the count of each.
  const which =
    held.size === 1 ? [...held.keys()].join('') : LIST.format([...held].map(([v, n]) => `${v} (${n})`));
  return turnedOff
    ? `${who} ${which}; with "Has demographic" turned off, their ${name} will be cleared.`
    : `${who} ${which}, which this save removes: their ${name} will be cleared.`;
}
