import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CommitteeMembersPanel,
  type CommitteeMembersPanelProps,
} from '@/features/meetings/components/committee-members-panel';
import { makeAttendance, makeAttendanceMember, makeMeeting } from '@/features/meetings/test-fixtures';
import { queryKeys } from '@/lib/query-keys';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

function renderPanel(props: Partial<CommitteeMembersPanelProps>) {
  mockFetch({});
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
    await user.tab();
    expect(document.activeElement?.getAttribute('href')).toBe('/admin/users/u-1/edit');
    await user.tab();
    expect(document.activeElement).toBe(name);
    expect((await screen.findByRole('tooltip')).textContent).toBe('NRDS ID: 123456789');
  });

  it('opens the NRDS ID tooltip on a tap (phones)', async () => {
    const { user } = renderPanel({});
    await user.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('NRDS ID: 123456789');
  });

  it('shows no NRDS ID to viewers without attendance rights', () => {
    renderPanel({ canModifyAttendance: false });
    expect(screen.getByText('Ada Lovelace').tagName).toBe('P');
    expect(screen.queryByRole('button', { name: 'Ada Lovelace' })).toBeNull();
    expect(screen.queryByText(/123456789/)).toBeNull();
  });
});
