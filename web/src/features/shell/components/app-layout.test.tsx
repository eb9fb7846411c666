import { screen, waitFor, within } from '@testing-library/react';
import type { NonIndexRouteObject, RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { currentNavItem } from '@/features/shell/components/app-sidebar';
import { SIDEBAR_STORAGE_KEY } from '@/features/shell/use-sidebar';
import { queryKeys } from '@/lib/query-keys';
import { routes } from '@/routes';
import { mockFetch } from '@/test/fetch-mock';
import { makeMe } from '@/test/fixtures';
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
