import { PERMISSIONS, SESSION_EXPIRED_MESSAGE } from '@gavel/contracts';
import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import * as React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '@/features/auth/components/require-auth';
import {
  SESSION_ENDED_READ_TEXT,
  SESSION_ENDED_TEXT,
  SESSION_ENDED_TITLE,
} from '@/features/auth/components/session-ended-dialog';
import { makeMeeting } from '@/features/meetings/test-fixtures';
import { openSessionEndedDialog } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { json, mockFetch } from '@/test/fetch-mock';
import { makeCommittee, makeMe, makeYears } from '@/test/fixtures';
import { renderApp } from '@/test/render';

describe('RequireAuth', () => {
  it('shows a loading state while /api/me answers', async () => {
    const pending: ((response: Response) => void)[] = [];
    mockFetch({ 'GET /api/me': () => new Promise<Response>((resolve) => pending.push(resolve)) });
    renderApp('/admin');
    // The page's chunk loads first (a lazy route), then /api/me is asked.
    await waitFor(() => expect(pending).toHaveLength(1));
    expect(screen.getByRole('status').textContent).toContain('Loading');
    pending[0]?.(json(200, makeMe()));
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeTruthy();
  });

  it('sends a visitor who is not signed in to /login?next=<the page>', async () => {
    mockFetch({ 'GET /api/me': { status: 401, body: { message: 'Unauthenticated.' } } });
    const { router } = renderApp('/admin/users/7/edit?tab=roles');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/admin/users/7/edit?tab=roles')}`);
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    // Nobody was signed in here: no session of theirs expired.
    expect(screen.queryByText(SESSION_EXPIRED_MESSAGE)).toBeNull();
  });

  it('shows the page to a signed-in user', async () => {
    mockFetch({ 'GET /api/me': { body: makeMe() }, 'GET /api/me/committees': { body: [] } });
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('offers a retry when /api/me fails for another reason', async () => {
    const fetchMock = mockFetch({ 'GET /api/me': { status: 500, body: { message: '' } } });
    const { user } = renderApp('/admin');
    expect(await screen.findByText('Unknown Retrieve Error... Please try again.')).toBeTruthy();
    fetchMock.on('GET /api/me', { body: makeMe() });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeTruthy();
  });
});

describe('A session that ends while a page is open', () => {
  const admin = makeMe({ permissions: [...PERMISSIONS] });

  /** The signed-in admin's answers, while the session lasts. */
  function signedIn() {
    return mockFetch({
      'GET /api/me': { body: admin },
      'GET /api/admin/years': { body: makeYears() },
      'GET /api/admin/2026/committees': { body: [makeCommittee()] },
      'GET /api/admin/committee/FIN': { body: makeCommittee() },
      'GET /api/admin/committee/FIN/members': { body: [] },
      'GET /api/admin/committee/FIN/meetings': { body: [makeMeeting()] },
      'GET /api/admin/committee/FIN/votes': { body: [] },
    });
  }

  /** The session expires (its Redis key goes): every call, /api/me's too, answers 401 from now on. */
  function endSession() {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json(401, { message: 'Unauthenticated.' })),
    );
  }

  // Each page reads useCurrentUser: its own query's 401 must not find the user gone and fail into the
  // error page (QA's three ways in). The new page stays, under the sign-in-again dialog.
  it.each([
    { from: '/admin', link: 'Finance Committee', to: '/admin/committee/FIN?year=2026' },
    { from: '/admin', link: 'Appointments', to: '/admin/appointments/2026' },
    { from: '/admin/committee/FIN?year=2026', link: 'November Meeting', to: '/meeting/FIN/M1' },
  ])(
    'takes the user from $from via $link to $to under the sign-in-again dialog, not the error page',
    async ({ from, link, to }) => {
      signedIn();
      const { user, router } = renderApp(from);
      // The page has loaded: its committees, or its meetings.
      await screen.findByRole('link', {
        name: from === '/admin' ? /^Finance Committee/ : /^November Meeting/,
      });
      const nav = document.getElementById('app-sidebar') as HTMLElement;
      const target =
        link === 'Appointments'
          ? within(nav).getByRole('link', { name: link })
          : screen.getByRole('link', { name: new RegExp(`^${link}`) });
      endSession();
      await user.click(target);

      const dialog = await screen.findByRole('dialog', { name: SESSION_ENDED_TITLE });
      expect(within(dialog).getByText(SESSION_ENDED_READ_TEXT)).toBeTruthy();
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(to);
      expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
    },
  );

  describe('when a read in the background finds the session ended', () => {
    const MEETINGS = 'GET /api/admin/committee/FIN/meetings';
    const expired = { status: 401, body: { message: SESSION_EXPIRED_MESSAGE } };

    afterEach(() => focusManager.setFocused(undefined));

    it.each([
      { read: 'the meetings list', route: MEETINGS, key: queryKeys.meetings.all },
      { read: '/api/me', route: 'GET /api/me', key: queryKeys.me },
    ])(
      '($read) opens the sign-in-again dialog over the form, which keeps its unsaved changes',
      async ({ route, key }) => {
        const fetchMock = signedIn();
        const { user, router, queryClient } = renderApp('/admin/committee/FIN?year=2026');
        const quorum = await screen.findByLabelText('Quorum');
        await user.clear(quorum);
        await user.type(quorum, '9');

        fetchMock.on(route, expired);
        await act(() => queryClient.invalidateQueries({ queryKey: key }));
        const dialog = await screen.findByRole('dialog', { name: SESSION_ENDED_TITLE });
        expect(within(dialog).getByText(SESSION_ENDED_READ_TEXT)).toBeTruthy();
        expect(router.state.location.pathname).toBe('/admin/committee/FIN');
        expect((screen.getByLabelText('Quorum') as HTMLInputElement).value).toBe('9');
        expect(screen.queryByRole('alertdialog')).toBeNull();

        // Nothing is read while the dialog is open: the list that refetches on focus waits.
        const asked = fetchMock.requestsTo(MEETINGS).length;
        act(() => {
          focusManager.setFocused(false);
          focusManager.setFocused(true);
        });
        await new Promise((resolve) => setTimeout(resolve, 0));
        expect(fetchMock.requestsTo(MEETINGS)).toHaveLength(asked);

        // Signed in again, the page's answers are read anew, and the form still holds what was typed.
        fetchMock.on(route, route === MEETINGS ? { body: [makeMeeting()] } : { body: admin });
        fetchMock.on('POST /api/auth/login', { body: admin });
        await user.type(within(dialog).getByLabelText('Password'), 'secret');
        await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
        await waitFor(() => expect(screen.queryByRole('dialog', { name: SESSION_ENDED_TITLE })).toBeNull());
        await waitFor(() => expect(fetchMock.requestsTo(MEETINGS).length).toBeGreaterThan(asked));
        expect((screen.getByLabelText('Quorum') as HTMLInputElement).value).toBe('9');
        // And the user carries on where they were: in the field they were typing in.
        expect(document.activeElement).toBe(screen.getByLabelText('Quorum'));
      },
    );
  });

  it("puts focus on the page's title after signing in again when what had focus has gone meanwhile", async () => {
    const fetchMock = mockFetch({ 'GET /api/me': { body: admin }, 'POST /api/auth/login': { body: admin } });
    let hide = () => {};
    function Page() {
      const [shown, setShown] = React.useState(true);
      hide = () => setShown(false);
      return (
        <main>
          <h1>Somewhere</h1>
          {shown && <button type="button">Soon gone</button>}
          <button type="button">Stays</button>
        </main>
      );
    }
    const { user, queryClient } = renderApp('/', {
      routes: [
        {
          path: '/',
          element: (
            <RequireAuth>
              <Page />
            </RequireAuth>
          ),
        },
      ],
    });
    (await screen.findByRole('button', { name: 'Soon gone' })).focus();
    act(() => void openSessionEndedDialog(queryClient, 'read'));
    const dialog = await screen.findByRole('dialog', { name: SESSION_ENDED_TITLE });
    // A live update takes it away while the dialog is open.
    act(() => hide());
    await user.type(within(dialog).getByLabelText('Password'), 'secret');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: SESSION_ENDED_TITLE })).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Somewhere' })),
    );
    expect(fetchMock.requestsTo('POST /api/auth/login')).toHaveLength(1);
  });

  describe('when a change is refused because the session ended', () => {
    const PUT = 'PUT /api/admin/committee/FIN';
    const expired = { status: 401, body: { message: SESSION_EXPIRED_MESSAGE } };

    /** The committee page with an unsaved quorum of 9, whose save the server refuses: the session ended. */
    async function saveAfterSessionEnded(refusal: { status: number; body: unknown } = expired) {
      const fetchMock = signedIn();
      fetchMock.on(PUT, refusal);
      const rendered = renderApp('/admin/committee/FIN?year=2026');
      const quorum = await screen.findByLabelText('Quorum');
      await rendered.user.clear(quorum);
      await rendered.user.type(quorum, '9');
      await rendered.user.click(screen.getByRole('button', { name: 'Save' }));
      const dialog = await screen.findByRole('dialog', { name: SESSION_ENDED_TITLE });
      return { ...rendered, fetchMock, dialog };
    }

    it('asks the user to sign in again over the page, which keeps what was typed, and then saves', async () => {
      const { user, router, fetchMock, dialog } = await saveAfterSessionEnded();
      expect(within(dialog).getByText(SESSION_ENDED_TEXT)).toBeTruthy();
      // Only this dialog: the form's own error dialog does not stack the same news on top.
      expect(screen.queryByRole('alertdialog')).toBeNull();
      await user.keyboard('{Escape}');
      expect(screen.getByRole('dialog', { name: SESSION_ENDED_TITLE })).toBeTruthy();
      expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe(admin.user.email);

      fetchMock.on('POST /api/auth/login', { body: admin });
      fetchMock.on(PUT, { body: makeCommittee({ quorum: 9 }) });
      await user.type(within(dialog).getByLabelText('Password'), 'secret');
      await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: SESSION_ENDED_TITLE })).toBeNull());
      expect(router.state.location.pathname).toBe('/admin/committee/FIN');
      expect((screen.getByLabelText('Quorum') as HTMLInputElement).value).toBe('9');
      // Focus is back on Save, which the user pressed, to save again.
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' })));

      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Saved')).toBeTruthy();
      expect(fetchMock.requestsTo(PUT).at(-1)?.body).toMatchObject({ quorum: 9 });
    });

    it("shows only the sign-in-again dialog when the cookie is gone ('Unauthenticated.')", async () => {
      await saveAfterSessionEnded({ status: 401, body: { message: 'Unauthenticated.' } });
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(screen.queryByText('Unauthenticated.')).toBeNull();
      expect(screen.getByRole('dialog', { name: SESSION_ENDED_TITLE })).toBeTruthy();
    });

    it('says on the sign-in page, once, that the session expired', async () => {
      const { user, router, dialog } = await saveAfterSessionEnded();
      await user.click(within(dialog).getByRole('button', { name: 'Go to the sign-in page' }));
      expect(await screen.findByText(SESSION_EXPIRED_MESSAGE)).toBeTruthy();
      expect(router.state.location.pathname).toBe('/login');
      expect(router.state.location.search).toBe(
        `?next=${encodeURIComponent('/admin/committee/FIN?year=2026')}`,
      );
      // Said once: a reload of the sign-in page does not say it again.
      await waitFor(() => expect(router.state.location.state).toBeNull());
    });

    // Last in the file: the page is then leaving for good (no leave prompt asks any more).
    it("leaves for the sign-in page when asked, and another user's sign-in starts afresh at home", async () => {
      const first = await saveAfterSessionEnded();
      await first.user.click(within(first.dialog).getByRole('button', { name: 'Go to the sign-in page' }));
      await waitFor(() => expect(first.router.state.location.pathname).toBe('/login'));
      expect(first.router.state.location.search).toBe(
        `?next=${encodeURIComponent('/admin/committee/FIN?year=2026')}`,
      );
      first.unmount();

      const second = await saveAfterSessionEnded();
      const other = makeMe({ user: { ...admin.user, id: 'u-other', email: 'other@example.test' } });
      second.fetchMock.on('POST /api/auth/login', { body: other });
      second.fetchMock.on('GET /api/me/committees', { body: [] });
      const email = within(second.dialog).getByLabelText('Email');
      await second.user.clear(email);
      await second.user.type(email, 'other@example.test');
      await second.user.type(within(second.dialog).getByLabelText('Password'), 'secret');
      // What the browser would do as the page goes: ask 'Leave site?' if the page cancels beforeunload.
      const leaving: { asked: boolean; dialogOpen: unknown }[] = [];
      const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        leaving.push({
          asked: event.defaultPrevented,
          dialogOpen: second.queryClient.getQueryData(queryKeys.sessionEnded),
        });
      });
      await second.user.click(within(second.dialog).getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
      // The unsaved quorum does not hold the page (staying would keep it under the new user's session),
      // and the dialog stays over it while it goes.
      expect(leaving).toEqual([{ asked: false, dialogOpen: 'change' }]);
      expect(screen.getByRole('dialog', { name: SESSION_ENDED_TITLE })).toBeTruthy();
    });
  });
});
