import { describe, expect, it } from 'vitest';
import {
  attendancePanelMode,
  checkInRanges,
  formatHms,
  formatRange,
  isVotingMember,
  isVotingMemberNotCheckedIn,
  joinUrlOf,
  listedMembers,
  liveTitle,
  meetingBanner,
  meetingDateText,
  meetingTimer,
  memberOf,
  membershipOf,
  ownRowFirst,
} from '@/features/meetings/meeting-rules';
import { at, makeAttendanceMember, makeAttendee, makeMeeting } from '@/features/meetings/test-fixtures';
import { makeMember } from '@/features/voting/test-fixtures';
import { ApiError } from '@/lib/api-client';

describe('attendancePanelMode', () => {
  it('planned shows the RSVP panel only to those who may modify meeting rsvps', () => {
    expect(attendancePanelMode('planned', true)).toBe('planned');
    expect(attendancePanelMode('planned', false)).toBeNull();
  });
  it('in progress and ended show their panels to everyone', () => {
    expect(attendancePanelMode('in_progress', false)).toBe('in_progress');
    expect(attendancePanelMode('ended', true)).toBe('ended');
  });
});

describe('meetingDateText', () => {
  it("planned: 'Meeting scheduled for:' with 'MMMM D, YYYY at h:mm A'", () => {
    expect(meetingDateText(makeMeeting())).toEqual({
      label: 'Meeting scheduled for:',
      text: 'November 24, 2026 at 9:00 AM',
    });
  });
  it("in progress: 'Meeting started:' with the actual start", () => {
    const meeting = makeMeeting({ status: 'in_progress', actual_start: at(2026, 11, 24, 9, 7) });
    expect(meetingDateText(meeting)).toEqual({
      label: 'Meeting started:',
      text: 'November 24, 2026 at 9:07 AM',
    });
  });
  it("ended on one day: 'Meeting took place on:' with the weekday, date and a time range", () => {
    const meeting = makeMeeting({
      status: 'ended',
      actual_start: at(2026, 11, 24, 9, 5),
      ended_at: at(2026, 11, 24, 10, 40),
    });
    expect(meetingDateText(meeting)).toEqual({
      label: 'Meeting took place on:',
      text: 'Tuesday, November 24, 2026 at 9:05 AM - 10:40 AM',
    });
  });
  it('ended over more than one day: start and end dates and times', () => {
    const meeting = makeMeeting({
      status: 'ended',
      actual_start: at(2026, 11, 24, 21, 0),
      ended_at: at(2026, 11, 25, 1, 30),
    });
    expect(meetingDateText(meeting).text).toBe('November 24, 2026 at 9:00 PM - November 25, 2026 at 1:30 AM');
  });
});

describe('meeting banner, title and timer', () => {
  it('chooses In Progress, Ended, or Not Checked In for a voting member who is not', () => {
    expect(meetingBanner('planned', true)).toBeNull();
    expect(meetingBanner('in_progress', false)).toBe('Meeting In Progress');
    expect(meetingBanner('in_progress', true)).toBe('Not Checked In');
    expect(meetingBanner('ended', true)).toBe('Meeting Ended');
  });
  it("prefixes '-- LIVE --' on even ticks while live", () => {
    expect(liveTitle('M', 2, true)).toBe('-- LIVE -- M');
    expect(liveTitle('M', 3, true)).toBe('M');
    expect(liveTitle('M', 2, false)).toBe('M');
  });
  it('counts down to the start, then how late a planned meeting is, then the time elapsed', () => {
    const start = at(2026, 11, 24, 10, 0);
    const meeting = { start, end: at(2026, 11, 24, 12, 0), actual_start: null, ended_at: null };
    const t = Date.parse(start);
    expect(meetingTimer({ ...meeting, status: 'planned' }, t - 90_000)).toEqual({
      label: 'Starts in',
      value: '0:01:30',
    });
    expect(meetingTimer({ ...meeting, status: 'planned' }, t + 90_000)).toEqual({
      label: 'Start delayed by',
      value: '0:01:30',
    });
    expect(meetingTimer({ ...meeting, status: 'in_progress', actual_start: start }, t + 90_000)).toEqual({
      label: 'Elapsed',
      value: '0:01:30',
    });
  });
  it('formats hours, minutes and seconds', () => {
    expect(formatHms(3_723_000)).toBe('1:02:03');
    expect(formatHms(-5)).toBe('0:00:00');
  });
});

describe('joinUrlOf', () => {
  const live = makeMeeting({
    status: 'in_progress',
    allow_remote: true,
    zoom_registration_url: 'https://reg.example',
  });
  it('offers nothing unless remote is allowed and the meeting is in progress', () => {
    const data = { join_url: 'https://join' };
    expect(joinUrlOf({ ...live, allow_remote: false }, { data, error: null, failed: false })).toBeNull();
    expect(joinUrlOf({ ...live, status: 'planned' }, { data, error: null, failed: false })).toBeNull();
    expect(joinUrlOf(live, { data, error: null, failed: false })).toBe('https://join');
  });
  it('hides the button after 401/404 and falls back to the registration URL otherwise', () => {
    expect(joinUrlOf(live, { error: new ApiError(404, ''), failed: true })).toBeNull();
    expect(joinUrlOf(live, { error: new ApiError(401, ''), failed: true })).toBeNull();
    expect(joinUrlOf(live, { error: new ApiError(502, ''), failed: true })).toBe('https://reg.example');
  });
});

describe('checkInRanges', () => {
  it('lists ranges with minutes; an open range runs to the meeting end', () => {
    const ranges = checkInRanges(
      {
        id: 'a-1',
        attendee_type: 'membership',
        attendee_id: 'ms-1',
        user_id: 'u-1',
        membership_id: 'ms-1',
        attending_via: 'in_person',
        deleted_at: null,
        checked_in: true,
        checkIns: [
          { created_at: at(2026, 11, 24, 10, 0), deleted_at: null },
          { created_at: at(2026, 11, 24, 9, 0), deleted_at: at(2026, 11, 24, 9, 45) },
        ],
      },
      new Date(at(2026, 11, 24, 11, 0)),
    );
    expect(ranges.map(formatRange)).toEqual([
      '9:00 AM - 9:45 AM (45 minutes)',
      '10:00 AM - 11:00 AM (60 minutes)',
    ]);
  });
});

describe('isVotingMember', () => {
  it('is true only for a committee member whose position votes', () => {
    const members = [
      makeMember({ user_id: 'u-voter' }),
      makeMember({ user_id: 'u-advisor', is_voting: false }),
      makeMember({ user_id: 'u-guest', is_member: false, is_voting: true }),
    ];
    expect(isVotingMember(members, 'u-voter')).toBe(true);
    expect(isVotingMember(members, 'u-advisor')).toBe(false);
    expect(isVotingMember(members, 'u-guest')).toBe(false);
    expect(isVotingMember(members, 'u-stranger')).toBe(false);
    expect(isVotingMember(undefined, 'u-voter')).toBe(false);
    expect(isVotingMember(members, null)).toBe(false);
  });

  it("flags 'Not Checked In' only for a committee member whose position votes and who is not checked in", () => {
    expect(isVotingMemberNotCheckedIn(makeAttendanceMember({ user_id: 'out' }))).toBe(true);
    const checkedIn = makeAttendanceMember({ user_id: 'in', attendee: makeAttendee(at(2026, 11, 24, 9, 0)) });
    expect(isVotingMemberNotCheckedIn(checkedIn)).toBe(false);
    expect(isVotingMemberNotCheckedIn(makeAttendanceMember({ user_id: 'adv', is_voting: false }))).toBe(
      false,
    );
    const guest = makeAttendanceMember({ user_id: 'guest', is_member: false, is_voting: true });
    expect(isVotingMemberNotCheckedIn(guest)).toBe(false);
    expect(isVotingMemberNotCheckedIn(null)).toBe(false);
  });
});

describe('the viewer’s own row (memberOf)', () => {
  // One user, two memberships: a non-voting position listed first, and a voting one they are not
  // checked in on. The banner and the vote buttons must both read the voting membership.
  const advisor = makeAttendanceMember({
    user_id: 'u-2rows',
    is_voting: false,
    membership: {
      id: 'ms-adv',
      position: 'Advisor',
      demographic: null,
      display_demographic: null,
      search_demographic: null,
    },
    attendee: makeAttendee(at(2026, 11, 24, 9, 0)),
  });
  const voter = makeAttendanceMember({
    user_id: 'u-2rows',
    membership: {
      id: 'ms-vote',
      position: 'Member',
      demographic: null,
      display_demographic: null,
      search_demographic: null,
    },
  });
  const other = makeAttendanceMember({ user_id: 'u-other' });

  it.each([
    ['non-voting row first', [other, advisor, voter]],
    ['voting row first', [other, voter, advisor]],
  ])('prefers the voting membership (%s)', (_order, members) => {
    expect(memberOf(members, 'u-2rows')).toBe(voter);
    expect(membershipOf(members, 'u-2rows')).toBe(voter);
    expect(isVotingMember(members, 'u-2rows')).toBe(true);
    expect(isVotingMemberNotCheckedIn(memberOf(members, 'u-2rows'))).toBe(true);
    expect(ownRowFirst(members, 'u-2rows')[0]).toBe(voter);
  });

  it('falls back to another membership, then to a non-committee row', () => {
    const guest = makeAttendanceMember({
      user_id: 'u-2rows',
      is_member: false,
      is_voting: true,
      membership: null,
    });
    expect(memberOf([guest, advisor], 'u-2rows')).toBe(advisor);
    expect(membershipOf([guest, advisor], 'u-2rows')).toBe(advisor);
    expect(isVotingMember([guest, advisor], 'u-2rows')).toBe(false);
    // A non-committee attendee has a row (to RSVP or check in) but no membership: never a voter.
    expect(memberOf([guest], 'u-2rows')).toBe(guest);
    expect(membershipOf([guest], 'u-2rows')).toBeNull();
    expect(memberOf([guest], null)).toBeNull();
    expect(memberOf(undefined, 'u-2rows')).toBeNull();
  });
});

describe('listedMembers', () => {
  const here = makeAttendanceMember({
    user_id: 'here',
    attendee: makeAttendee(at(2026, 11, 24, 9, 0)),
  });
  const left = makeAttendanceMember({
    user_id: 'left',
    attendee: makeAttendee(at(2026, 11, 24, 9, 0), at(2026, 11, 24, 9, 30)),
  });
  const absent = makeAttendanceMember({ user_id: 'absent', is_voting: false });
  const me = makeAttendanceMember({ user_id: 'me' });
  const all = [here, left, absent, me];
  const ids = (mode: 'planned' | 'in_progress' | 'ended' | 'email_vote', staff: boolean) =>
    listedMembers(all, { mode, canModifyAttendance: staff, meId: 'me' }).map((m) => m.user_id);

  it('shows attendance staff everyone, present or not', () => {
    expect(ids('in_progress', true)).toEqual(['here', 'left', 'absent', 'me']);
    expect(ids('ended', true)).toEqual(['here', 'left', 'absent', 'me']);
  });

  it('shows anyone else who is present, or who attended once ended, and their own row', () => {
    expect(ids('in_progress', false)).toEqual(['here', 'me']);
    expect(ids('ended', false)).toEqual(['here', 'left', 'me']);
    expect(ids('planned', false)).toEqual(['here', 'left', 'absent', 'me']);
  });

  it('lists the voting members of an email vote', () => {
    expect(ids('email_vote', false)).toEqual(['here', 'left', 'me']);
  });
});
