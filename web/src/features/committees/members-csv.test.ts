import { describe, expect, it } from 'vitest';
import { buildMembersCsv, membersCsvFileName } from '@/features/committees/members-csv';
import { makeMembership } from '@/test/fixtures';

describe('members CSV', () => {
  const members = [makeMembership({ position: 'Chair', is_voting: true, appointment_status: 'Accepted' })];

  it('leaves the demographic column out when the committee has none', () => {
    expect(buildMembersCsv({ has_demographic: false, demographic_name: null }, members)).toBe(
      'NRDS,First Name,Last Name,Email,Position,Voting,Status\n123456789,Ada,Lovelace,ada@example.org,Chair,Yes,Accepted\n',
    );
  });

  it("heads the demographic column with the committee's name for it, else 'Demographic'", () => {
    const csv = buildMembersCsv({ has_demographic: true, demographic_name: null }, members);
    expect(csv.split('\n')[0]).toBe('NRDS,First Name,Last Name,Email,Position,Demographic,Voting,Status');
  });

  it('names the file after the committee code and the time', () => {
    expect(membersCsvFileName({ code: 'FIN' }, new Date(2026, 10, 23, 9, 5, 7))).toBe(
      'FIN-members-2026-11-23_09-05-07.csv',
    );
  });
});
