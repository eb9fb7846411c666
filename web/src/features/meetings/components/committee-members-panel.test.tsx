import type { TAttendanceMember, TMe } from '@gavel/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CommitteeMembersPanel,
  type CommitteeMembersPanelProps,
  emailVoteTotals,
} from '@/features/meetings/components/committee-members-panel';
import {
  makeAttendance,
  makeAttendanceMember,
  makeAttendanceUser,
  makeAttendee,
  makeMeeting,
  makeMeetingCommittee,
  makeRsvp,
} from '@/features/meetings/test-fixtures';
import { queryKeys } from '@/lib/query-keys';
import { captureDownload } from '@/test/capture-download';
import { mockFetch } from '@/test/fetch-mock';
import { makeEmailVote, makeMe } from '@/test/fixtures';
import { renderApp } from '@/test/render';

function renderPanel(props: Partial<CommitteeMembersPanelProps>, me: TMe = makeMe({ roles: [] })) {
  mockFetch({ 'GET /api/me': { body: me } });
  const all: CommitteeMembersPanelProps = {
    mode: 'in_progress',
    attendance: makeAttendance([makeAttendanceMember({ nrds: '123456789' })]),
    loading: false,
    error: null,
    base: '/meeting/FIN/M1',
    attendanceKey: queryKeys.meetings.attendance('FIN', 'M1'),
    meId: 'u-2',
    canModifyAttendance: true,
    canModifyRsvps: false,
    runner: false,
    meeting: makeMeeting({ status: 'in_progress' }),
    ...props,
  };
  return renderApp('/', { routes: [{ path: '/', element: <CommitteeMembersPanel {...all} /> }] });
}

/** Committee member `n` (user `u-{n}`, 'Member {n}'), sorted by `n`. */
function member(n: number | string, overrides: Partial<TAttendanceMember> = {}): TAttendanceMember {
  return makeAttendanceMember({
    user_id: `u-${n}`,
    membership: {
      id: `ms-${n}`,
      position: 'Member',
      demographic: null,
      display_demographic: null,
      search_demographic: null,
    },
    sort_name: `Member, ${n}`,
    name: `Member ${n}`,
    ...overrides,
  });
}

const rowTexts = () =>
  within(screen.getByRole('list', { name: 'Members' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');

describe('CommitteeMembersPanel', () => {
  it('exports the list as CSV for attendance staff only', async () => {
    const download = captureDownload();
    const committee = makeMeetingCommittee({ code: 'FIN', has_demographic: false });
    const { user } = renderPanel({ committee, meeting: makeMeeting({ code: 'M1', status: 'in_progress' }) });
    const exportButton = await screen.findByRole('button', { name: 'CSV Export' });
    // A 44 px touch target on phones, the small button's 32 px from the sm breakpoint.
    expect(exportButton.className.split(/\s+/)).toEqual(expect.arrayContaining(['min-h-11', 'sm:min-h-8']));
    await user.click(exportButton);
    await waitFor(() => expect(download.names).toHaveLength(1));
    expect(download.names[0]).toMatch(/^FIN-M1-attendance-\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.csv$/);
    expect((await download.text()).split('\n').slice(0, 2)).toEqual([
      'NRDS,First Name,Last Name,Email,Committee Member,Position,Voting,Checked In',
      '123456789,Ada,Lovelace,,Yes,Chair,Yes,',
    ]);
    cleanup();
    // An email vote's list: its voters.
    renderPanel({
      committee,
      mode: 'email_vote',
      meeting: undefined,
      emailVote: makeEmailVote({ code: 'EV1' }),
    });
    await user.click(await screen.findByRole('button', { name: 'CSV Export' }));
    await waitFor(() => expect(download.names).toHaveLength(2));
    expect(download.names[1]).toMatch(/^FIN-EV1-voters-\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.csv$/);
    cleanup();
    renderPanel({ committee, canModifyAttendance: false });
    expect(await screen.findByText('Nobody is checked in yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'CSV Export' })).toBeNull();
  });

  // Renders a few hundred rows in jsdom: seconds on a loaded machine.
  it('renders a hall a page at a time, the viewer first, and a search from its first page', async () => {
    const hall = Array.from({ length: 130 }, (_, i) => {
      const n = String(i + 1).padStart(3, '0');
      return member(n, { sort_name: `Delegate, ${n}`, name: `Delegate ${n}` });
    });
    const rows = () => within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem');
    // A member's view (light rows): the whole committee before the meeting.
    const { user } = renderPanel({
      mode: 'planned',
      canModifyAttendance: false,
      attendance: makeAttendance(hall),
      meId: 'u-130',
    });
    await screen.findByRole('list', { name: 'Members' });
    expect(rows()).toHaveLength(100);
    // The viewer's own row, last by name, comes first: where they RSVP or check in.
    expect(rows()[0]?.textContent).toContain('Delegate 130');
    expect(rows()[1]?.textContent).toContain('Delegate 001');
    expect(screen.getByText('Showing 100 of 130 members')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show more members' }));
    expect(rows()).toHaveLength(130);
    expect(screen.queryByRole('button', { name: 'Show more members' })).toBeNull();
    cleanup();

    // Attendance staff (heavier rows): a search starts again from its first page.
    const staff = renderPanel({ attendance: makeAttendance(hall), meId: 'u-130' });
    const search = await screen.findByRole('searchbox', { name: 'Search members' });
    await staff.user.click(screen.getByRole('button', { name: 'Show more members' }));
    expect(rows()).toHaveLength(130);
    await staff.user.click(search);
    await staff.user.paste('Delegate');
    expect(rows()).toHaveLength(100);
  }, 20_000);

  it.each(['in_progress', 'ended', 'planned'] as const)(
    'shows no totals while the attendance is loading (%s)',
    (mode) => {
      renderPanel({ mode, attendance: undefined, loading: true, canModifyRsvps: true });
      expect(screen.getByText('Loading…')).toBeTruthy();
      expect(screen.queryByText(/0 of 0|attending|attended/)).toBeNull();
      cleanup();
      renderPanel({ mode, canModifyRsvps: true });
      const loaded = {
        in_progress: '0 of 1 member checked in, 0 of 1 voting',
        ended: '0 of 1 member attended',
        planned: '0 attending (0 in person, 0 remote), 0 not attending, 1 no response',
      };
      expect(screen.getByText(loaded[mode])).toBeTruthy();
    },
  );

  it('gives attendance staff the NRDS ID as a tooltip on the member, reachable by keyboard', async () => {
    const { user } = renderPanel({});
    const name = screen.getByRole('button', { name: 'Ada Lovelace' });
    expect(name.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'NRDS ID: 123456789',
    );
    // Not inline in the member's details.
    expect(screen.queryByText(/NRDS 123456789/)).toBeNull();
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search members' }));
    // No avatar link in between: only admins may open the user edit page.
    await user.tab();
    expect(document.activeElement).toBe(name);
    expect((await screen.findByRole('tooltip')).textContent).toBe('NRDS ID: 123456789');
  });

  it('opens the NRDS ID tooltip on a tap (phones)', async () => {
    const { user } = renderPanel({});
    await user.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('NRDS ID: 123456789');
  });

  it("tells runners each voting member's voting status, read out with what it is", () => {
    renderPanel({
      runner: true,
      attendance: makeAttendance([
        makeAttendanceMember({ voting_status: 'partial', attendee: makeAttendee(new Date().toISOString()) }),
      ]),
    });
    const badge = screen.getByText('partial vote', { exact: false });
    expect(badge.textContent).toBe('Voting status: partial vote');
    expect(badge.getAttribute('aria-label')).toBeNull();
  });

  it('shows no NRDS ID to viewers without attendance rights', () => {
    renderPanel({
      canModifyAttendance: false,
      attendance: makeAttendance([
        makeAttendanceMember({ nrds: '123456789', attendee: makeAttendee(new Date().toISOString()) }),
      ]),
    });
    expect(screen.getByText('Ada Lovelace').tagName).toBe('P');
    expect(screen.queryByRole('button', { name: 'Ada Lovelace' })).toBeNull();
    expect(screen.queryByText(/123456789/)).toBeNull();
  });

  it('keeps the not-present list for attendance staff: others see who is here and their own row', () => {
    const members = [
      makeAttendanceMember({
        user_id: 'u-1',
        name: 'Ada Lovelace',
        attendee: makeAttendee(new Date().toISOString()),
      }),
      makeAttendanceMember({ user_id: 'u-2', name: 'Me Myself', sort_name: 'Myself, Me' }),
      makeAttendanceMember({ user_id: 'u-3', name: 'Absent Member', sort_name: 'Member, Absent' }),
    ];
    renderPanel({ canModifyAttendance: false, attendance: makeAttendance(members) });
    const names = within(screen.getByRole('list', { name: 'Members' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    expect(names.map((n) => n.includes('Ada Lovelace') || n.includes('Me Myself'))).toEqual([true, true]);
    expect(screen.queryByText('Absent Member')).toBeNull();
    // The totals still count the whole committee.
    expect(screen.getByText(/^1 of 3 members checked in/)).toBeTruthy();
    cleanup();
    renderPanel({ canModifyAttendance: true, attendance: makeAttendance(members) });
    expect(screen.getByText('Absent Member')).toBeTruthy();
  });

  it('tells a viewer without the not-present list that nobody is here yet', () => {
    renderPanel({ canModifyAttendance: false, meId: 'someone-else' });
    expect(screen.getByText('Nobody is checked in yet')).toBeTruthy();
    expect(screen.queryByText('Ada Lovelace')).toBeNull();
  });

  it('links the avatars to the user edit page only for admins (others may not open it)', async () => {
    const { queryClient } = renderPanel({ canModifyAttendance: false, mode: 'planned', meId: 'u-1' });
    // Wait for /api/me: it decides the links.
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.me)?.status).toBe('success'));
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /edit user/ })).toBeNull();
    cleanup();
    renderPanel({ canModifyAttendance: false, mode: 'planned', meId: 'u-1' }, makeMe());
    const link = await screen.findByRole('link', { name: 'Ada Lovelace (edit user, opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('/admin/users/u-1/edit');
  });

  it('gives phones 44 px touch targets for the member name and the check-in and RSVP selects', () => {
    const classes = (el: HTMLElement) => el.className.split(/\s+/);
    renderPanel({});
    // 44 px on phones (the phone layout's size), at least 24 px from the sm breakpoint.
    expect(classes(screen.getByRole('button', { name: 'Ada Lovelace' }))).toEqual(
      expect.arrayContaining(['min-h-11', 'sm:min-h-6']),
    );
    expect(classes(screen.getByRole('combobox', { name: 'Check-in for Ada Lovelace' }))).toEqual(
      expect.arrayContaining(['min-h-11', 'sm:min-h-9']),
    );
    cleanup();
    renderPanel({ mode: 'planned', canModifyRsvps: true });
    expect(classes(screen.getByRole('combobox', { name: 'RSVP for Ada Lovelace' }))).toEqual(
      expect.arrayContaining(['min-h-11', 'sm:min-h-9']),
    );
  });
});

describe('CommitteeMembersPanel focus after a change', () => {
  /**
   * The select has closed by the time the server answers; a browser then drops focus from its control,
   * disabled while the change saves (happy-dom does not).
   */
  const dropFocus = async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    (document.activeElement as HTMLElement | null)?.blur();
  };
  const checkedIn = makeAttendanceMember({ attendee: makeAttendee(new Date().toISOString()) });

  it('goes back to the check-in control a desk used, once it is enabled again', async () => {
    const { user } = renderPanel({});
    const fetchMock = mockFetch({
      'GET /api/me': { body: makeMe({ roles: [] }) },
      'POST /api/meeting/FIN/M1/user/u-1/attendance': async () => {
        await dropFocus();
        return { body: { member: checkedIn, user: makeAttendanceUser() } };
      },
    });
    const control = screen.getByRole('combobox', { name: 'Check-in for Ada Lovelace' });
    await user.click(control);
    await user.click(await screen.findByRole('option', { name: 'In Person' }));
    expect(await screen.findByText('Ada Lovelace Attendance Set')).toBeTruthy();
    expect(fetchMock.requestsTo('POST /api/meeting/FIN/M1/user/u-1/attendance')).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(control));
    expect((control as HTMLButtonElement).disabled).toBe(false);
  });

  it('goes back to the RSVP control after a failed change is acknowledged', async () => {
    const { user } = renderPanel({ mode: 'planned', canModifyRsvps: true });
    mockFetch({
      'GET /api/me': { body: makeMe({ roles: [] }) },
      'POST /api/meeting/FIN/M1/user/u-1/planned_attendance': async () => {
        await dropFocus();
        return { status: 500, body: {} };
      },
    });
    const control = screen.getByRole('combobox', { name: 'RSVP for Ada Lovelace' });
    await user.click(control);
    await user.click(await screen.findByRole('option', { name: 'Not Attending' }));
    const error = await screen.findByRole('alertdialog', { name: 'Error Saving' });
    expect(within(error).getByText('Unknown Save Error... Please try again.')).toBeTruthy();
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(document.activeElement).toBe(control));
  });
});

describe('CommitteeMembersPanel totals', () => {
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
  const halfHourAgo = new Date(Date.now() - 1_800_000).toISOString();

  it('counts the RSVPs: attending in person (the default way) and remote, not attending, no response', () => {
    renderPanel({
      mode: 'planned',
      canModifyRsvps: true,
      meeting: makeMeeting({ status: 'planned', allow_remote: true }),
      attendance: makeAttendance([
        member(1, { rsvp: makeRsvp({ user_id: 'u-1', attending_via: 'in_person' }) }),
        member(2, { rsvp: makeRsvp({ user_id: 'u-2', attending_via: null }) }),
        member(3, { rsvp: makeRsvp({ user_id: 'u-3', attending_via: 'remote' }) }),
        member(4, { rsvp: makeRsvp({ user_id: 'u-4', attending: false, attending_via: null }) }),
        member(5),
        member(6),
        member(7),
        member(8),
      ]),
    });
    expect(
      screen.getByText('3 attending (2 in person, 1 remote), 1 not attending, 4 no response'),
    ).toBeTruthy();
  });

  it('counts who is checked in now, and of them the voting members', () => {
    renderPanel({
      attendance: makeAttendance([
        member(1, { attendee: makeAttendee(hourAgo) }),
        member(2, { is_voting: false, attendee: makeAttendee(hourAgo) }),
        member(3, { attendee: makeAttendee(hourAgo, halfHourAgo) }),
        member(4, { is_voting: false }),
      ]),
    });
    expect(screen.getByText('2 of 4 members checked in, 1 of 2 voting')).toBeTruthy();
  });

  it('counts who checked in at all once the meeting has ended, checked out since or not', () => {
    const withoutRanges = { ...makeAttendee(hourAgo, halfHourAgo), checkIns: [] };
    renderPanel({
      mode: 'ended',
      meeting: makeMeeting({ status: 'ended' }),
      attendance: makeAttendance([
        member(1, { attendee: makeAttendee(hourAgo, halfHourAgo) }),
        member(2, { attendee: makeAttendee(hourAgo) }),
        member(3, { attendee: withoutRanges }),
        member(4),
      ]),
    });
    expect(screen.getByText('2 of 4 members attended')).toBeTruthy();
  });
});

describe('CommitteeMembersPanel RSVP choices', () => {
  it.each([
    [{ allow_in_person: true, allow_remote: true }, ['No Response', 'In Person', 'Remote', 'Not Attending']],
    [{ allow_in_person: true, allow_remote: false }, ['No Response', 'In Person', 'Not Attending']],
    [{ allow_in_person: false, allow_remote: true }, ['No Response', 'Remote', 'Not Attending']],
  ])("offers the meeting's ways of attending (%o)", async (allowed, choices) => {
    const { user } = renderPanel({
      mode: 'planned',
      canModifyRsvps: true,
      meeting: makeMeeting({ status: 'planned', ...allowed }),
    });
    await user.click(screen.getByRole('combobox', { name: 'RSVP for Ada Lovelace' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(choices);
  });
});

describe('CommitteeMembersPanel email vote', () => {
  const voters = [
    member(1, { voting_status: 'voted' }),
    member(2, { voting_status: 'partial' }),
    member(3, { voting_status: 'no_vote' }),
    member(4, { is_voting: false, voting_status: null, name: 'Non Voter', sort_name: 'Member, 4' }),
  ];
  const emailVoteProps = {
    mode: 'email_vote' as const,
    meeting: undefined,
    emailVote: makeEmailVote(),
    attendance: makeAttendance(voters),
    // Someone else's view: no own row first.
    meId: 'u-9',
  };

  it.each([
    [
      'every member with a motion to answer',
      [2, 1, 2, 5],
      '2 voted, 1 partially voted, 2 not started of 5 voting members',
    ],
    [
      'some filtered out of every motion',
      [1, 0, 2, 5],
      '1 voted, 0 partially voted, 2 not started, 2 with no motion to vote on of 5 voting members',
    ],
    ['no motions yet', [0, 0, 0, 5], '5 voting members, none with a motion to vote on yet'],
  ])('totals add up to the voting members: %s', (_case, [complete, incomplete, notStarted, total], text) => {
    const vote = makeEmailVote({
      voting_members_complete_count: complete,
      voting_members_incomplete_count: incomplete,
      voting_members_not_started_count: notStarted,
      voting_members_count: total,
    });
    expect(emailVoteTotals(vote)).toBe(text);
  });

  it('lists the voting members, with their voting status for runners', () => {
    renderPanel({ ...emailVoteProps, runner: true });
    expect(screen.getByText('2 voted, 1 partially voted, 2 not started of 5 voting members')).toBeTruthy();
    const rows = rowTexts();
    expect(rows).toHaveLength(3);
    expect(rows.some((r) => r.includes('Non Voter'))).toBe(false);
    expect(rows.map((r) => r.match(/Voting status: ([a-z ]+)$/)?.[1])).toEqual([
      'voted',
      'partial vote',
      'no vote',
    ]);
    // Nothing to RSVP or check in to.
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('shows no voting status to others', () => {
    renderPanel({ ...emailVoteProps, runner: false });
    expect(rowTexts()).toHaveLength(3);
    expect(screen.queryByText(/Voting status/)).toBeNull();
  });
});

describe('CommitteeMembersPanel own check-in', () => {
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
  const halfHourAgo = new Date(Date.now() - 1_800_000).toISOString();
  /** The signed-in member's view (no attendance rights) of their own row. */
  const ownRow = (overrides: Partial<TAttendanceMember>) =>
    renderPanel({
      canModifyAttendance: false,
      meId: 'u-1',
      attendance: makeAttendance([makeAttendanceMember(overrides)]),
    });

  it('offers members their own check-in until they have an attendee row', () => {
    ownRow({ attendee: null });
    expect(screen.getByRole('combobox', { name: 'Check-in for Ada Lovelace' })).toBeTruthy();
  });

  it('shows a member checked out by staff as Not Present, not a check-in the service refuses', () => {
    // Their attendee row stays: 'Please see a staff member to change your check-in.'
    ownRow({ attendee: makeAttendee(hourAgo, halfHourAgo) });
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Members' })).getByText('Not Present')).toBeTruthy();
  });

  it('shows a checked-in member how, for staff to switch', () => {
    ownRow({ attendee: makeAttendee(hourAgo) });
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Members' })).getByText('Remote')).toBeTruthy();
  });

  it('offers no own check-in to a non-committee member: staff check them in', () => {
    ownRow({ is_member: false, is_voting: false, membership: null });
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Members' })).getByText('Not Present')).toBeTruthy();
  });
});

describe('CommitteeMembersPanel removals', () => {
  const changed = (m: TAttendanceMember) => ({ body: { member: m, user: makeAttendanceUser() } });

  it("says '{name} RSVP Response Removed' once an RSVP is removed", async () => {
    const { user } = renderPanel({
      mode: 'planned',
      canModifyRsvps: true,
      attendance: makeAttendance([makeAttendanceMember({ rsvp: makeRsvp() })]),
    });
    const route = 'DELETE /api/meeting/FIN/M1/user/u-1/planned_attendance';
    const fetchMock = mockFetch({
      'GET /api/me': { body: makeMe({ roles: [] }) },
      [route]: changed(makeAttendanceMember()),
    });
    await user.click(screen.getByRole('combobox', { name: 'RSVP for Ada Lovelace' }));
    await user.click(await screen.findByRole('option', { name: 'No Response' }));
    expect(await screen.findByText('Ada Lovelace RSVP Response Removed')).toBeTruthy();
    expect(fetchMock.requestsTo(route)).toHaveLength(1);
  });

  it("says '{name} Attendance Removed' once staff check a member out", async () => {
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const { user } = renderPanel({
      attendance: makeAttendance([makeAttendanceMember({ attendee: makeAttendee(hourAgo) })]),
    });
    const route = 'DELETE /api/meeting/FIN/M1/user/u-1/attendance';
    const fetchMock = mockFetch({
      'GET /api/me': { body: makeMe({ roles: [] }) },
      [route]: changed(makeAttendanceMember({ attendee: makeAttendee(hourAgo, new Date().toISOString()) })),
    });
    await user.click(screen.getByRole('combobox', { name: 'Check-in for Ada Lovelace' }));
    await user.click(await screen.findByRole('option', { name: 'Not Present' }));
    expect(await screen.findByText('Ada Lovelace Attendance Removed')).toBeTruthy();
    expect(fetchMock.requestsTo(route)).toHaveLength(1);
  });
});
