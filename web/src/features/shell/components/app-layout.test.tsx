import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentNavItem } from '@/features/shell/components/app-sidebar';
import { SIDEBAR_STORAGE_KEY } from '@/features/shell/use-sidebar';
import { queryKeys } from '@/lib/query-keys';
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
    const link = screen.getByRole('link', { name: /Ada Lovelace/ });
    expect(link.getAttribute('href')).toBe('/admin/users/u-5/edit');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(link).getByText('AL')).toBeTruthy();
  });

  it('signs out: POST /api/auth/logout, forgets the user, goes to /login', async () => {
    const { user, router, fetchMock, queryClient } = await openAdmin();
    fetchMock.on('POST /api/auth/logout', { body: { ok: true } });
    fetchMock.on('GET /api/me', { status: 401, body: { message: 'Unauthenticated.' } });

    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
    expect(fetchMock.requestsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(queryClient.getQueryData(queryKeys.me)).toBeNull();
  });
});

describe('NotFoundPage', () => {
  it('answers an unknown path with a 404 page', async () => {
    mockFetch();
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Admin' }).getAttribute('href')).toBe('/admin');
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
});
