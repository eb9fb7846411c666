import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { END_BLOCKED_BY_VOTE, MeetingFooter } from '@/features/meetings/components/meeting-footer';
import { MEETING_TEXT } from '@/features/meetings/meeting-rules';
import { makeMeeting } from '@/features/meetings/test-fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

function renderFooter(hasActiveVote: boolean, { runner = true, notCheckedIn = false } = {}) {
  mockFetch({});
  const meeting = makeMeeting({ status: 'in_progress', actual_start: new Date().toISOString() });
  return renderApp('/', {
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
