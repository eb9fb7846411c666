import type { TMe } from '@gavel/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CommitteeMembersPanel,
  type CommitteeMembersPanelProps,
} from '@/features/meetings/components/committee-members-panel';
import {
  makeAttendance,
  makeAttendanceMember,
  makeAttendanceUser,
  makeAttendee,
  makeMeeting,
  makeMeetingCommittee,
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

describe('CommitteeMembersPanel', () => {
  it('exports the list as CSV for attendance staff only', async () => {
    const download = captureDownload();
    const committee = makeMeetingCommittee({ code: 'FIN', has_demographic: false });
    const { user } = renderPanel({ committee, meeting: makeMeeting({ code: 'M1', status: 'in_progress' }) });
    await user.click(await screen.findByRole('button', { name: 'CSV Export' }));
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
      return makeAttendanceMember({
        user_id: `u-${n}`,
        membership: {
          id: `ms-${n}`,
          position: 'Member',
          demographic: null,
          display_demographic: null,
          search_demographic: null,
        },
        sort_name: `Delegate, ${n}`,
        name: `Delegate ${n}`,
      });
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
      expect(screen.getByText(/of 1 member|1 attending|no response/)).toBeTruthy();
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
