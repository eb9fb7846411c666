import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MeetingHeader } from '@/features/meetings/components/meeting-header';
import {
  at,
  makeAttendanceMember,
  makeMeeting,
  makeMeetingCommittee,
} from '@/features/meetings/test-fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

function renderHeader(props: Partial<Parameters<typeof MeetingHeader>[0]>) {
  mockFetch({});
  const element = (
    <MeetingHeader
      meeting={makeMeeting()}
      committee={makeMeetingCommittee()}
      canUpdateMeetings={false}
      me={null}
      now={new Date(at(2026, 11, 24, 8, 0)).getTime()}
      {...props}
    />
  );
  return renderApp('/', { routes: [{ path: '/', element }] });
}

describe('MeetingHeader', () => {
  it('shows the scheduled date text and the time to the start', () => {
    renderHeader({});
    expect(screen.getByText('Meeting scheduled for:')).toBeTruthy();
    expect(screen.getByTestId('meeting-date-text').textContent).toBe('November 24, 2026 at 9:00 AM');
    expect(screen.getByText('1:00:00')).toBeTruthy();
  });

  it('shows the started text while in progress and the took-place range once ended', () => {
    const view = renderHeader({
      meeting: makeMeeting({ status: 'in_progress', actual_start: at(2026, 11, 24, 9, 2) }),
    });
    expect(screen.getByText('Meeting started:')).toBeTruthy();
    expect(screen.getByTestId('meeting-date-text').textContent).toBe('November 24, 2026 at 9:02 AM');
    view.unmount();
    renderHeader({
      meeting: makeMeeting({
        status: 'ended',
        actual_start: at(2026, 11, 24, 9, 2),
        ended_at: at(2026, 11, 24, 10, 0),
      }),
    });
    expect(screen.getByText('Meeting took place on:')).toBeTruthy();
    expect(screen.getByTestId('meeting-date-text').textContent).toBe(
      'Tuesday, November 24, 2026 at 9:02 AM - 10:00 AM',
    );
  });

  it('links Edit Meeting and Committee Admin for meeting editors, and RSVP Now when not yet answered', () => {
    renderHeader({ canUpdateMeetings: true, me: makeAttendanceMember() });
    expect(screen.getByRole('link', { name: /Edit Meeting/ }).getAttribute('href')).toBe(
      '/admin/committee/FIN/meeting/M1/edit',
    );
    expect(screen.getByRole('link', { name: /Committee Admin/ }).getAttribute('href')).toBe(
      '/admin/committee/FIN?year=2026',
    );
    expect(screen.getByRole('link', { name: 'RSVP Now' }).getAttribute('href')).toBe('/meeting/FIN/M1/rsvp');
  });

  it('hides Edit Meeting once ended, and the location when in person is not allowed', () => {
    renderHeader({
      canUpdateMeetings: true,
      meeting: makeMeeting({ status: 'ended', allow_in_person: false }),
    });
    expect(screen.queryByRole('link', { name: /Edit Meeting/ })).toBeNull();
    expect(screen.queryByText(/Board Room/)).toBeNull();
  });

  it("shows the description when motions are shown, else 'No additional details'", () => {
    const view = renderHeader({
      meeting: makeMeeting({ show_motions: true, description: '<p>Budget day</p>' }),
    });
    expect(screen.getByText('Budget day').tagName).toBe('P');
    expect(screen.queryByText('No additional details')).toBeNull();
    view.unmount();
    renderHeader({ meeting: makeMeeting({ show_motions: true, description: ' ' }) });
    expect(screen.getByText('No additional details')).toBeTruthy();
  });

  it('shows no description block when motions are not shown (the meeting-info panel has it)', () => {
    renderHeader({ meeting: makeMeeting({ show_motions: false, description: null }) });
    expect(screen.queryByText('No additional details')).toBeNull();
  });

  it("links Add to Calendar to the meeting's .ics download, {meeting base}/calendar under the API", () => {
    renderHeader({});
    const link = screen.getByRole('link', { name: 'Add to Calendar' });
    expect(link.getAttribute('href')).toBe('/api/meeting/FIN/M1/calendar');
    expect(link.hasAttribute('download')).toBe(true);
  });
});
