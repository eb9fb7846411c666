import type { TCommittee, TMembership } from '@gavel/contracts';
import { buildCsv, type CsvColumn, csvFileName } from '@/lib/csv';

/** The committee admin page's members table as CSV: the columns shown, with the user's NRDS and names split. */
export function buildMembersCsv(
  committee: Pick<TCommittee, 'has_demographic' | 'demographic_name'>,
  members: readonly TMembership[],
): string {
  const columns: CsvColumn<TMembership>[] = [
    { header: 'NRDS', value: (m) => m.user.nrds },
    { header: 'First Name', value: (m) => m.user.first_name },
    { header: 'Last Name', value: (m) => m.user.last_name },
    { header: 'Email', value: (m) => m.user.email },
    { header: 'Position', value: (m) => m.position },
    ...(committee.has_demographic
      ? [{ header: committee.demographic_name ?? 'Demographic', value: (m: TMembership) => m.demographic }]
      : []),
    { header: 'Voting', value: (m) => (m.is_voting ? 'Yes' : 'No') },
    { header: 'Status', value: (m) => m.appointment_status },
  ];
  return buildCsv(members, columns);
}

/** '{code}-members-YYYY-MM-DD_HH-mm-ss.csv'. */
export function membersCsvFileName(committee: Pick<TCommittee, 'code'>, at: Date = new Date()): string {
  return csvFileName(`${committee.code}-members`, at);
}
