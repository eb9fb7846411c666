import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { makeMe } from '@/test/fixtures';
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
