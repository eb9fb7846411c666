import { describe, expect, it } from 'vitest';
import { appointmentsCsvFileName, buildAppointmentsCsv } from '@/features/appointments/appointments-csv';
import { makeAppointment, makeAppointmentGroup } from '@/test/fixtures';

const groups = [
  makeAppointmentGroup({
    user: {
      id: 'u-1',
      nrds: '111',
      first_name: 'Augusta',
      displayed_first_name: 'Ada',
      nickname: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.org',
    },
    appointments: [
      makeAppointment({ id: 'm-1', position: 'Chair', appointment_status: 'Accepted' }),
      makeAppointment({
        id: 'm-2',
        position: 'Member',
        appointment_status: 'Declined',
        committee: { name: 'Budget, Audit', code: 'BUD' },
      }),
    ],
  }),
  makeAppointmentGroup({
    user: {
      id: 'u-2',
      nrds: null,
      first_name: 'Grace',
      nickname: null,
      last_name: 'Hopper',
      email: 'g@x.org',
    },
    appointments: [makeAppointment({ id: 'm-3' })],
  }),
];

describe('buildAppointmentsCsv', () => {
  it('writes one line per appointment with the spec columns (no Nickname without nicknames)', () => {
    expect(buildAppointmentsCsv(groups, { usesNicknames: false })).toBe(
      [
        'NRDS,First Name,Last Name,Email,Committee,Position,Status',
        '111,Augusta,Lovelace,ada@example.org,Finance Committee,Chair,Accepted',
        '111,Augusta,Lovelace,ada@example.org,"Budget, Audit",Member,Declined',
        ',Grace,Hopper,g@x.org,Finance Committee,Member,Tentative',
        '',
      ].join('\n'),
    );
  });

  it('adds Nickname after First Name when the organisation uses nicknames', () => {
    expect(buildAppointmentsCsv(groups, { usesNicknames: true })).toBe(
      [
        'NRDS,First Name,Nickname,Last Name,Email,Committee,Position,Status',
        '111,Augusta,Ada,Lovelace,ada@example.org,Finance Committee,Chair,Accepted',
        '111,Augusta,Ada,Lovelace,ada@example.org,"Budget, Audit",Member,Declined',
        ',Grace,,Hopper,g@x.org,Finance Committee,Member,Tentative',
        '',
      ].join('\n'),
    );
  });

  it('names the file PolicyAcceptance-YYYY-MM-DD_HH-mm-ss.csv (as the spec does)', () => {
    expect(appointmentsCsvFileName(new Date(2026, 0, 2, 3, 4, 5))).toBe(
      'PolicyAcceptance-2026-01-02_03-04-05.csv',
    );
    expect(appointmentsCsvFileName()).toMatch(/^PolicyAcceptance-\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.csv$/);
  });
});
