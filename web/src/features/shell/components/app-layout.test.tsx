import { PERMISSIONS } from '@gavel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import * as React from 'react';
import type { NonIndexRouteObject, RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SIGN_OUT_FAILED } from '@/features/auth/pages/login-page';
import { makeMeeting } from '@/features/meetings/test-fixtures';
import { currentNavItem } from '@/features/shell/components/app-sidebar';
import { SIDEBAR_STORAGE_KEY } from '@/features/shell/use-sidebar';
import { queryKeys } from '@/lib/query-keys';
import { DISCARD_CHANGES, KEEP_EDITING, UNSAVED_TITLE } from '@/lib/use-unsaved-changes';
import { routes } from '@/routes';
import { mockFetch } from '@/test/fetch-mock';
import { makeCommittee, makeMe, makeYears } from '@/test/fixtures';
import { renderApp } from '@/test/render';

async function openAdmin(me = makeMe()) {
  const fetchMock = mockFetch({ 'GET /api/me': { body: me } });
  const app = renderApp('/admin');
  await screen.findByRole('heading', { name: 'Admin' });
  return { ...app, fetchMock };
}

function sidebar(): HTMLElement {
  return document.getElementById('app-sidebar') as HTMLElement;
}

describe('AppLayout', () => {
  it("offers 'Skip to content' as the first Tab stop, which moves focus to the page past the sidebar and top bar", async () => {
    const { user } = await openAdmin();
    const main = screen.getByRole('main');
    expect(document.activeElement).toBe(document.body);

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    expect(skip.getAttribute('href')).toBe(`#${main.id}`);
    // Visually hidden until focused.
    expect(skip.className).toMatch(/(^| )sr-only( |$)/);
    expect(skip.className).toContain('focus:not-sr-only');

    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(main);
    // The page is focused, not reachable by Tab itself; the next Tab goes on from it into the page.
    expect(main.getAttribute('tabindex')).toBe('-1');
    await user.tab();
    expect(main.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(main);
  });

  it('toggles the sidebar and remembers the choice in localStorage', async () => {
    const { user, unmount } = await openAdmin();
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    expect(sidebar().hidden).toBe(false);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    await user.click(toggle);
    expect(sidebar().hidden).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(window.localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('false');

    unmount();
    await openAdmin();
    expect(sidebar().hidden).toBe(true);
  });

  it("shows the user's avatar linking to their edit page in a new tab", async () => {
    await openAdmin(makeMe({ user: { id: 'u-5', name: 'Ada Lovelace' } }));
    const link = screen.getByRole('link', { name: 'Ada Lovelace (edit user, opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('/admin/users/u-5/edit');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(link).getByText('AL')).toBeTruthy();
    // Named by its text, not by an aria-label that would leave out what it shows (WCAG 2.5.3).
    expect(link.hasAttribute('aria-label')).toBe(false);
  });

  it('names the user menu by the name it shows, then what it is (WCAG 2.5.3)', async () => {
    await openAdmin(makeMe({ user: { id: 'u-5', name: 'Ada Lovelace' } }));
    const menu = screen.getByRole('button', { name: 'Ada Lovelace User menu' });
    expect(menu.hasAttribute('aria-label')).toBe(false);
  });

  it('signs out: POST /api/auth/logout, forgets the user, goes to /login', async () => {
    const { user, router, fetchMock, queryClient } = await openAdmin();
    fetchMock.on('POST /api/auth/logout', { body: { ok: true } });
    fetchMock.on('GET /api/me', { status: 401, body: { message: 'Unauthenticated.' } });

    await user.click(screen.getByRole('button', { name: /User menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
    expect(fetchMock.requestsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(queryClient.getQueryData(queryKeys.me)).toBeNull();
  });
});

describe('Sign out', () => {
  const admin = makeMe({ permissions: [...PERMISSIONS] });
  const LOGOUT = 'POST /api/auth/logout';

  /** The committee page with an unsaved quorum of 9, and Sign out chosen from the user menu. */
  async function signOutWithUnsavedChanges() {
    const fetchMock = mockFetch({
      'GET /api/me': { body: admin },
      'GET /api/admin/years': { body: makeYears() },
      'GET /api/admin/committee/FIN': { body: makeCommittee() },
      'GET /api/admin/committee/FIN/members': { body: [] },
      'GET /api/admin/committee/FIN/meetings': { body: [makeMeeting()] },
      'GET /api/admin/committee/FIN/votes': { body: [] },
      [LOGOUT]: { body: { ok: true } },
    });
    const app = renderApp('/admin/committee/FIN?year=2026');
    const quorum = await screen.findByLabelText('Quorum');
    await app.user.clear(quorum);
    await app.user.type(quorum, '9');
    await app.user.click(screen.getByRole('button', { name: /User menu/ }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    const question = await screen.findByRole('alertdialog', { name: UNSAVED_TITLE });
    return { ...app, fetchMock, question };
  }

  it('asks about unsaved changes before ending the session: Keep Editing keeps both', async () => {
    const { user, router, fetchMock, queryClient, question } = await signOutWithUnsavedChanges();
    await user.click(within(question).getByRole('button', { name: KEEP_EDITING }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: UNSAVED_TITLE })).toBeNull());
    expect(router.state.location.pathname).toBe('/admin/committee/FIN');
    expect((screen.getByLabelText('Quorum') as HTMLInputElement).value).toBe('9');
    expect(fetchMock.requestsTo(LOGOUT)).toHaveLength(0);
    expect(queryClient.getQueryData(queryKeys.me)).toEqual(admin);
  });

  it('signs out once the changes are discarded', async () => {
    const { user, router, fetchMock, queryClient, question } = await signOutWithUnsavedChanges();
    fetchMock.on('GET /api/me', { status: 401, body: { message: 'Unauthenticated.' } });
    await user.click(within(question).getByRole('button', { name: DISCARD_CHANGES }));
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(fetchMock.requestsTo(LOGOUT)).toHaveLength(1);
    expect(queryClient.getQueryData(queryKeys.me)).toBeNull();
  });

  it('keeps the user signed in, and says so, when the server fails to end the session', async () => {
    const { user, router, fetchMock, queryClient } = await openAdmin();
    fetchMock.on(LOGOUT, { status: 500, body: { message: '' } });
    await user.click(screen.getByRole('button', { name: /User menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByText(SIGN_OUT_FAILED)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(queryClient.getQueryData(queryKeys.me)).toBeTruthy();
  });
});

describe('NotFoundPage', () => {
  it('answers an unknown path with a 404 page that sends a visitor home, without Admin', async () => {
    mockFetch({ 'GET /api/me': { status: 401, body: { message: 'Unauthenticated.' } } });
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('link', { name: 'Go to Admin' })).toBeNull();
  });

  it('offers Admin besides Home only to those who may see the admin area', async () => {
    mockFetch({
      'GET /api/me': { body: makeMe({ roles: [], permissions: ['modify appointment acceptances'] }) },
    });
    const first = renderApp('/no/such/page');
    expect((await screen.findByRole('link', { name: 'Go to Admin' })).getAttribute('href')).toBe('/admin');
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    first.unmount();

    mockFetch({ 'GET /api/me': { body: makeMe({ permissions: [] }) } });
    const { queryClient } = renderApp('/no/such/page');
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.me)).toBeTruthy());
    expect(screen.getByRole('link', { name: 'Go to Home' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Go to Admin' })).toBeNull();
  });
});

describe('RouteErrorPage', () => {
  it("shows the app's error page, not the router's developer screen, when a page throws", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/me': { body: makeMe() } });
    function Broken(): never {
      throw new Error('Cannot read properties of undefined');
    }
    const root = routes[0] as NonIndexRouteObject;
    renderApp('/broken', {
      routes: [{ ...root, children: [{ path: '/broken', element: <Broken /> }, ...(root.children ?? [])] }],
    });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Unknown Error... Please try again.');
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText(/Unexpected Application Error|Cannot read properties/)).toBeNull();
  });

  it('names the tab after itself, not after the page that failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/me': { body: makeMe() } });
    function BreaksOnClick() {
      const [broken, setBroken] = React.useState(false);
      if (broken) throw new Error('Cannot read properties of undefined');
      return (
        <>
          <h1>Fine</h1>
          <button type="button" onClick={() => setBroken(true)}>
            Break
          </button>
        </>
      );
    }
    const root = routes[0] as NonIndexRouteObject;
    const page = { path: '/fine', element: <BreaksOnClick />, handle: { title: 'Fine' } };
    const { user } = renderApp('/fine', {
      routes: [{ ...root, children: [page, ...(root.children ?? [])] }],
    });
    await screen.findByRole('heading', { name: 'Fine' });
    expect(document.title).toBe('Fine · Gavel');
    await user.click(screen.getByRole('button', { name: 'Break' }));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(document.title).toBe('Something went wrong · Gavel');
  });
});

describe('AppSidebar: entry points', () => {
  it('shows Admin and Appointments to one who may only modify appointment acceptances', async () => {
    await openAdmin(makeMe({ roles: [], permissions: ['modify appointment acceptances'] }));
    const nav = within(sidebar());
    expect(nav.getAllByRole('link').map((a) => a.textContent)).toEqual(['Home', 'Admin', 'Appointments']);
  });

  it('shows Home alone to a plain member', async () => {
    await openAdmin(makeMe({ roles: [], permissions: [] }));
    expect(
      within(sidebar())
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home']);
  });
});

describe('AppSidebar: overlay on a narrow screen', () => {
  /** A 390 px wide window: no media query for the desktop layout matches. */
  function narrowScreen() {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: false,
          media: query,
          onchange: null,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
  }

  async function openOverlay() {
    narrowScreen();
    const app = await openAdmin(
      makeMe({ roles: [], permissions: ['create committees', 'modify appointment acceptances'] }),
    );
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    expect(sidebar().hidden).toBe(true);
    await app.user.click(toggle);
    return { ...app, toggle };
  }

  it('is a modal: focus moves to its first link, Tab and Shift+Tab stay inside, the page behind is inert', async () => {
    const { user, toggle } = await openOverlay();
    const dialog = screen.getByRole('dialog', { name: 'Main navigation' });
    expect(dialog).toBe(sidebar());
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const nav = within(dialog);
    const [home, admin, appointments] = ['Home', 'Admin', 'Appointments'].map((name) =>
      nav.getByRole('link', { name }),
    ) as [HTMLElement, HTMLElement, HTMLElement];
    await waitFor(() => expect(document.activeElement).toBe(home));
    expect(toggle.closest('[inert]')).not.toBeNull();

    await user.tab();
    expect(document.activeElement).toBe(admin);
    await user.tab();
    expect(document.activeElement).toBe(appointments);
    await user.tab();
    const close = nav.getByRole('button', { name: 'Close sidebar' });
    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(document.activeElement).toBe(home);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(close);
  });

  it('closes with its Close sidebar button, with focus back on the toggle', async () => {
    const { user, toggle } = await openOverlay();
    await user.click(within(sidebar()).getByRole('button', { name: 'Close sidebar' }));
    expect(sidebar().hidden).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(toggle));
  });

  it('closes on Escape and hands focus back to the toggle', async () => {
    const { user, toggle } = await openOverlay();
    await waitFor(() => expect(sidebar().contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    expect(sidebar().hidden).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.closest('[inert]')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(toggle));
  });

  it('closes on a click on the backdrop, with focus back on the toggle', async () => {
    const { user, toggle } = await openOverlay();
    await user.click(document.querySelector('[data-sidebar-backdrop]') as HTMLElement);
    expect(sidebar().hidden).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(toggle));
  });

  it('is no modal beside the page on a wide screen', async () => {
    const { user } = await openAdmin();
    expect(sidebar().hidden).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    expect(toggle.closest('[inert]')).toBeNull();
    toggle.focus();
    await user.tab();
    expect(sidebar().contains(document.activeElement)).toBe(false);
  });
});

describe('currentNavItem', () => {
  const items = [{ to: '/' }, { to: '/admin' }, { to: '/admin/appointments' }];
  it.each([
    ['/', '/'],
    ['/admin', '/admin'],
    ['/admin/committee/FIN', '/admin'],
    ['/admin/appointments', '/admin/appointments'],
    ['/admin/appointments/2026', '/admin/appointments'],
    ['/administration', null],
    ['/meeting/FIN/M1', null],
  ])('marks one item for %s', (pathname, expected) => {
    expect(currentNavItem(items, pathname)).toBe(expected);
  });

  it('marks the page in the sidebar for screen readers too', async () => {
    await openAdmin(makeMe({ permissions: ['create committees', 'modify appointment acceptances'] }));
    const nav = within(sidebar());
    expect(nav.getByRole('link', { name: 'Admin' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Appointments' }).getAttribute('aria-current')).toBeNull();
  });

  it("keeps the page and says the next one is loading while that page's chunk is on its way", async () => {
    let arrive: () => void = () => {};
    const slow: RouteObject = {
      path: '/slow',
      lazy: () =>
        new Promise((resolve) => {
          arrive = () => resolve({ Component: () => <h1>Slow page</h1> });
        }),
    };
    const root = routes[0] as NonIndexRouteObject;
    // The signed-in layout: the root's child without a path of its own.
    const children = (root.children ?? []).map((r) =>
      r.path === undefined && r.children ? { ...r, children: [slow, ...r.children] } : r,
    );
    mockFetch({ 'GET /api/me': { body: makeMe() } });
    const { router } = renderApp('/admin', { routes: [{ ...root, children }] });
    await screen.findByRole('heading', { name: 'Admin' });
    expect(screen.queryByText('Loading page…')).toBeNull();

    void router.navigate('/slow');
    expect(await screen.findByText('Loading page…')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Admin' })).toBeTruthy();
    arrive();
    expect(await screen.findByRole('heading', { name: 'Slow page' })).toBeTruthy();
    expect(screen.queryByText('Loading page…')).toBeNull();
  });
});
