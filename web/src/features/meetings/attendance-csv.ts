import type { TAttendanceMember, TAttendanceUser, TMeetingCommittee } from '@gavel/contracts';
import { MEMBER_VOTING_STATUS_LABELS } from '@gavel/voting-rules';
import {
  checkInRanges,
  checkInValue,
  formatRangeTimes,
  type MembersPanelMode,
  memberVotingStatusOf,
  rsvpValue,
  VIA_LABEL,
} from '@/features/meetings/meeting-rules';
import { buildCsv, type CsvColumn, csvFileName } from '@/lib/csv';

/** An RSVP's or a check-in's select value as the list shows it ('' is none). */
const CHOICE_LABEL = { ...VIA_LABEL, not_attending: 'Not Attending', '': '' } as const;
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * The Committee Members panel as CSV, for attendance staff: everyone on the list with their NRDS, names and
 * email, position, demographic and voting, then what the meeting's phase is about: the RSVP before it,
 * who is checked in (and how) during it, and afterwards each member's check-in times and minutes present.
 * An email vote's list is its voting members. Where the list carries voting statuses (a runner's, on the
 * current vote or across an email vote's motions), a Vote column says who has voted.
 */
export function buildAttendanceCsv(opts: {
  mode: MembersPanelMode;
  members: readonly TAttendanceMember[];
  users: ReadonlyMap<string, TAttendanceUser>;
  committee: Pick<TMeetingCommittee, 'has_demographic' | 'demographic_name'>;
  /** When the meeting ended: where a check-in still open at the end stops counting. */
  meetingEnd: Date | null;
}): string {
  const { mode, users, committee, meetingEnd } = opts;
  const user = (m: TAttendanceMember) => users.get(m.user_id);
  const ranges = (m: TAttendanceMember) => checkInRanges(m.attendee, meetingEnd);
  const columns: CsvColumn<TAttendanceMember>[] = [
    { header: 'NRDS', value: (m) => m.nrds ?? user(m)?.nrds },
    { header: 'First Name', value: (m) => user(m)?.first_name },
    { header: 'Last Name', value: (m) => user(m)?.last_name },
    { header: 'Email', value: (m) => user(m)?.email },
    { header: 'Committee Member', value: (m) => yesNo(m.is_member) },
    { header: 'Position', value: (m) => m.membership?.position },
    ...(committee.has_demographic
      ? [
          {
            header: committee.demographic_name || 'Demographic',
            value: (m: TAttendanceMember) => m.membership?.display_demographic ?? m.membership?.demographic,
          },
        ]
      : []),
    { header: 'Voting', value: (m) => yesNo(m.is_voting) },
    ...(mode === 'planned'
      ? [{ header: 'RSVP', value: (m: TAttendanceMember) => CHOICE_LABEL[rsvpValue(m)] }]
      : []),
    ...(mode === 'in_progress'
      ? [{ header: 'Checked In', value: (m: TAttendanceMember) => CHOICE_LABEL[checkInValue(m)] }]
      : []),
    ...(mode === 'ended'
      ? [
          {
            header: 'Attended',
            value: (m: TAttendanceMember) =>
              ranges(m).length > 0 ? VIA_LABEL[m.attendee?.attending_via ?? 'in_person'] : '',
          },
          {
            header: 'Check-ins',
            value: (m: TAttendanceMember) => ranges(m).map(formatRangeTimes).join('; '),
          },
          {
            header: 'Minutes',
            value: (m: TAttendanceMember) => ranges(m).reduce((sum, r) => sum + r.minutes, 0),
          },
        ]
      : []),
    ...(opts.members.some((m) => memberVotingStatusOf(m) !== undefined)
      ? [
          {
            header: 'Vote',
            value: (m: TAttendanceMember) => {
              const status = memberVotingStatusOf(m);
              return m.is_voting && status ? MEMBER_VOTING_STATUS_LABELS[status] : '';
            },
          },
        ]
      : []),
  ];
  return buildCsv(opts.members, columns);
}

/** '{committee}-{meeting}-attendance-…csv', or for an email vote '{committee}-{vote}-voters-…csv'. */
export function attendanceCsvFileName(
  committeeCode: string,
  code: string,
  mode: MembersPanelMode,
  at: Date = new Date(),
): string {
  return csvFileName(`${committeeCode}-${code}-${mode === 'email_vote' ? 'voters' : 'attendance'}`, at);
}
