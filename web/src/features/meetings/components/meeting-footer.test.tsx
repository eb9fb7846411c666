import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { END_BLOCKED_BY_VOTE, MeetingFooter } from '@/features/meetings/components/meeting-footer';
import { MEETING_TEXT } from '@/features/meetings/meeting-rules';
import { makeMeeting } from '@/features/meetings/test-fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

function renderFooter(
  hasActiveVote: boolean,
  { runner = true, notCheckedIn = false, routes = {} as Parameters<typeof mockFetch>[0] } = {},
) {
  const fetchMock = mockFetch(routes);
  const meeting = makeMeeting({ status: 'in_progress', actual_start: new Date().toISOString() });
  const view = renderApp('/', {
    routes: [
      {
        path: '/',
        element: (
          <MeetingFooter
            meeting={meeting}
            committeeCode="FIN"
            runner={runner}
            notCheckedIn={notCheckedIn}
            hasActiveVote={hasActiveVote}
          />
        ),
      },
    ],
  });
  return { ...view, fetchMock };
}

describe('MeetingFooter End Meeting', () => {
  it('says in visible text, tied to the disabled button, that a vote is active', () => {
    renderFooter(true);
    const end = screen.getByRole('button', { name: 'End Meeting' }) as HTMLButtonElement;
    expect(end.disabled).toBe(true);
    // Visible (not only a title, which keyboard and touch users cannot reach) and the button's description.
    const reason = screen.getByText(END_BLOCKED_BY_VOTE);
    expect(end.getAttribute('aria-describedby')).toBe(reason.id);
    expect(reason.id).toBeTruthy();
    expect(end.getAttribute('title')).toBeNull();
  });

  it('shows no reason while End Meeting is allowed', () => {
    renderFooter(false);
    const end = screen.getByRole('button', { name: 'End Meeting' }) as HTMLButtonElement;
    expect(end.disabled).toBe(false);
    expect(end.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText(END_BLOCKED_BY_VOTE)).toBeNull();
  });
});

describe('MeetingFooter End Meeting failure', () => {
  const END = 'PUT /api/admin/committee/FIN/meeting/M1/end';

  it.each([
    ["the server's text", { message: 'The meeting has already ended.' }, 'The meeting has already ended.'],
    ['the fallback when the server gives none', { message: '' }, 'Unknown Error... Please try again.'],
  ])("says 'Error Ending Meeting!' with %s", async (_, body, text) => {
    const { fetchMock, user } = renderFooter(false, { routes: { [END]: { status: 422, body } } });
    await user.click(screen.getByRole('button', { name: 'End Meeting' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'End Meeting' });
    expect(within(confirm).getByText('Are you sure you want to end this meeting?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'End Meeting' }));
    const error = await screen.findByRole('alertdialog', { name: 'Error Ending Meeting!' });
    expect(within(error).getByText(text)).toBeTruthy();
    expect(fetchMock.requestsTo(END)).toHaveLength(1);
    expect(screen.queryByText('Meeting Ended!')).toBeNull();
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'End Meeting' })).toBeTruthy();
  });
});

describe('MeetingFooter Not Checked In banner', () => {
  it('is a button named by its text, inside the live region rather than around one', () => {
    renderFooter(false, { runner: false, notCheckedIn: true });
    // Chromium names a button whose content is a live region with nothing ("button"), so the status
    // region must hold the button, not the other way round.
    const banner = screen.getByRole('button', { name: MEETING_TEXT.notCheckedIn });
    expect(within(banner).queryByRole('status')).toBeNull();
    expect(screen.getByRole('status').contains(banner)).toBe(true);
    const description = document.getElementById(banner.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe(
      "Voting is not active while you're not checked in. Please see a staff member to correct.",
    );
  });
});
