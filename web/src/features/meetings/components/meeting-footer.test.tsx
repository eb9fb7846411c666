import type { TMeeting } from '@gavel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { END_BLOCKED_BY_VOTE, MeetingFooter } from '@/features/meetings/components/meeting-footer';
import { MEETING_TEXT } from '@/features/meetings/meeting-rules';
import { useMeetingPage } from '@/features/meetings/queries';
import { makeMeeting, makeMeetingCommittee } from '@/features/meetings/test-fixtures';
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
    // Named as the vote card's button is: Close Vote.
    expect(reason.textContent).toBe('A vote is active: close it before ending the meeting.');
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

/** The footer as the meeting page shows it: of the meeting its query holds, which Start and End update. */
function FooterOfPage() {
  const page = useMeetingPage('FIN', 'M1', false);
  if (!page.data) return null;
  return (
    <>
      <h1>November Meeting</h1>
      <MeetingFooter
        meeting={page.data.meeting}
        committeeCode="FIN"
        runner
        notCheckedIn={false}
        hasActiveVote={false}
      />
    </>
  );
}

describe('MeetingFooter moves focus without scrolling the page', () => {
  const START = 'PUT /api/admin/committee/FIN/meeting/M1/start';
  const END = 'PUT /api/admin/committee/FIN/meeting/M1/end';
  // The footer is sticky: a browser scrolls a focused element in it to where it would be without
  // sticking, the page's end, so every focus the footer places must say preventScroll.
  let focus: MockInstance<HTMLElement['focus']>;
  beforeEach(() => {
    focus = vi.spyOn(HTMLElement.prototype, 'focus');
  });

  /** The options of each focus() call on `element`. */
  function focusCallsOn(element: Element): unknown[] {
    return focus.mock.contexts.flatMap((target, i) => (target === element ? [focus.mock.calls[i]?.[0]] : []));
  }

  function renderPage(meeting: TMeeting, routes: Parameters<typeof mockFetch>[0] = {}) {
    const fetchMock = mockFetch({
      'GET /api/meeting/FIN/M1/retrieve/meeting': {
        body: { meeting, committee: makeMeetingCommittee(), resources: [] },
      },
      ...routes,
    });
    return { ...renderApp('/', { routes: [{ path: '/', element: <FooterOfPage /> }] }), fetchMock };
  }

  const planned = makeMeeting({ status: 'planned', is_today: true });
  const started = makeMeeting({
    status: 'in_progress',
    is_today: true,
    actual_start: new Date().toISOString(),
  });

  it.each([
    ['start', planned, 'Start Meeting', { [START]: { body: started } }, 'Meeting In Progress'],
    [
      'end',
      started,
      'End Meeting',
      { [END]: { body: { ...started, status: 'ended', end: new Date().toISOString() } } },
      'Meeting Ended',
    ],
  ] as const)(
    'puts focus on the banner once the meeting has (%s)ed',
    async (_, meeting, label, routes, banner) => {
      const { user } = renderPage(meeting, routes);
      await user.click(await screen.findByRole('button', { name: label }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: label }));
      await waitFor(() => expect(document.activeElement?.textContent).toBe(banner));
      const calls = focusCallsOn(document.activeElement as Element);
      expect(calls.length).toBeGreaterThan(0);
      for (const options of calls) expect(options).toEqual({ preventScroll: true });
    },
  );

  it('gives focus back to Start Meeting when its confirmation is cancelled', async () => {
    const { user } = renderPage(planned);
    const startButton = await screen.findByRole('button', { name: 'Start Meeting' });
    await user.click(startButton);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(startButton);
    focus.mockClear();
    // Radix returned focus to its own trigger with preventScroll; the dialog's own return does the same.
    await user.click(startButton);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(focusCallsOn(startButton).at(-1)).toEqual({ preventScroll: true });
  });

  it('gives focus back to Start Meeting after its error is dismissed', async () => {
    const { user } = renderPage(planned, { [START]: { status: 422, body: { message: '' } } });
    const startButton = await screen.findByRole('button', { name: 'Start Meeting' });
    await user.click(startButton);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Start Meeting' }),
    );
    const error = await screen.findByRole('alertdialog', { name: 'Error Starting Meeting!' });
    focus.mockClear();
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(document.activeElement).toBe(startButton));
    expect(focusCallsOn(startButton).at(-1)).toEqual({ preventScroll: true });
  });
});
