import type { TAttendanceMember } from '@gavel/contracts';
import { describe, expect, it } from 'vitest';
import { attendanceCsvFileName, buildAttendanceCsv } from '@/features/meetings/attendance-csv';
import {
  makeAttendanceMember,
  makeAttendanceUser,
  makeAttendee,
  makeMeetingCommittee,
  makeRsvp,
} from '@/features/meetings/test-fixtures';

const at = (h: number, m: number) => new Date(2026, 10, 24, h, m).toISOString();

const chair = makeAttendanceMember({
  user_id: 'u-1',
  nrds: '123456789',
  membership: {
    id: 'ms-1',
    position: 'Chair',
    demographic: 'North',
    display_demographic: 'North',
    search_demographic: 'North',
  },
  rsvp: makeRsvp({ attending_via: 'remote' }),
  attendee: {
    // Checked in again at 3:10 PM, after a break.
    ...makeAttendee(at(15, 10)),
    attending_via: 'in_person',
    checkIns: [
      { created_at: at(14, 0), deleted_at: at(14, 50) },
      { created_at: at(15, 10), deleted_at: null },
    ],
  },
});
// Added to the meeting, not on the committee: no position, does not vote, declined the invitation.
const guest = makeAttendanceMember({
  user_id: 'u-2',
  is_member: false,
  is_voting: false,
  membership: null,
  rsvp: {
    id: 'r-2',
    attendee_type: 'user',
    attendee_id: 'u-2',
    user_id: 'u-2',
    attending: false,
    attending_via: null,
  },
  name: '=Grace Hopper',
  sort_name: 'Hopper, Grace',
});
const members: TAttendanceMember[] = [chair, guest];
const users = new Map([
  ['u-1', makeAttendanceUser({ id: 'u-1', email: 'ada@example.org' })],
  [
    'u-2',
    makeAttendanceUser({ id: 'u-2', first_name: '=Grace', last_name: 'Hopper', email: 'grace@example.org' }),
  ],
]);
const committee = makeMeetingCommittee({ has_demographic: true, demographic_name: 'Region' });
const base = { members, users, committee, meetingEnd: new Date(at(16, 0)) };
const common = 'NRDS,First Name,Last Name,Email,Committee Member,Position,Region,Voting';

describe('buildAttendanceCsv', () => {
  it('lists the RSVPs before the meeting', () => {
    expect(buildAttendanceCsv({ ...base, mode: 'planned' }).split('\n')).toEqual([
      `${common},RSVP`,
      '123456789,Ada,Lovelace,ada@example.org,Yes,Chair,North,Yes,Remote',
      ",'=Grace,Hopper,grace@example.org,No,,,No,Not Attending",
      '',
    ]);
  });

  it('lists who is checked in, and how, during the meeting', () => {
    expect(buildAttendanceCsv({ ...base, mode: 'in_progress' }).split('\n')).toEqual([
      `${common},Checked In`,
      '123456789,Ada,Lovelace,ada@example.org,Yes,Chair,North,Yes,In Person',
      ",'=Grace,Hopper,grace@example.org,No,,,No,",
      '',
    ]);
  });

  it('lists each check-in range and the minutes present once it has ended, counting to its end', () => {
    expect(buildAttendanceCsv({ ...base, mode: 'ended' }).split('\n')).toEqual([
      `${common},Attended,Check-ins,Minutes`,
      '123456789,Ada,Lovelace,ada@example.org,Yes,Chair,North,Yes,In Person,2:00 PM - 2:50 PM; 3:10 PM - 4:00 PM,100',
      ",'=Grace,Hopper,grace@example.org,No,,,No,,,0",
      '',
    ]);
  });

  it('has no demographic column for a committee without one', () => {
    const csv = buildAttendanceCsv({
      ...base,
      mode: 'planned',
      committee: makeMeetingCommittee({ has_demographic: false }),
    });
    expect(csv.split('\n')[0]).toBe('NRDS,First Name,Last Name,Email,Committee Member,Position,Voting,RSVP');
  });

  it('names the file after the committee and the meeting', () => {
    expect(attendanceCsvFileName('FIN', 'M1', 'ended', new Date(2026, 10, 24, 16, 5, 9))).toBe(
      'FIN-M1-attendance-2026-11-24_16-05-09.csv',
    );
  });

  it("lists an email vote's voters with who has voted, when the list carries voting statuses", () => {
    const voters = [
      { ...chair, voting_status: 'voted' as const },
      makeAttendanceMember({ user_id: 'u-3', voting_status: 'partial' }),
      makeAttendanceMember({ user_id: 'u-4', voting_status: 'no_vote' }),
    ];
    const rows = buildAttendanceCsv({ ...base, mode: 'email_vote', members: voters }).split('\n');
    expect(rows[0]).toBe(`${common},Vote`);
    expect(rows.slice(1, 4).map((r) => r.split(',').at(-1))).toEqual(['voted', 'partial vote', 'no vote']);
    expect(attendanceCsvFileName('FIN', 'EV1', 'email_vote', new Date(2026, 10, 24, 16, 5, 9))).toBe(
      'FIN-EV1-voters-2026-11-24_16-05-09.csv',
    );
    // Without statuses (a viewer who is not a runner) there is no Vote column.
    expect(buildAttendanceCsv({ ...base, mode: 'email_vote' }).split('\n')[0]).toBe(common);
  });
});
