import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FetchMock, mockFetch } from '@/test/fetch-mock';
import { makeMe } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const signedOut = { status: 401, body: { message: 'Unauthenticated.' } };

describe('BypassPage', () => {
  it('sends a signed-in user straight on, as the sign-in page does', async () => {
    mockFetch({ 'GET /api/me': { body: makeMe() } });
    const { router } = renderApp('/login/bypass');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeTruthy();
    expect(screen.queryByText('Enter Bypass Code')).toBeNull();
  });

  it('sends a signed-in user to ?next= (a path of this site), as the sign-in page does', async () => {
    mockFetch({ 'GET /api/me': { body: makeMe() } });
    const { router } = renderApp(`/login/bypass?next=${encodeURIComponent('/admin')}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('shows the code boxes to one not signed in', async () => {
    mockFetch({ 'GET /api/me': signedOut });
    const { router } = renderApp('/login/bypass');
    expect(await screen.findByText('Enter Bypass Code')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login/bypass');
  });

  it("once a code is sent, the user it signs in is not sent home by the page: 'Success!', then the code's address", async () => {
    const fetchMock: FetchMock = mockFetch({
      'POST /api/auth/bypass': { body: { to: '/admin' } },
      'GET /api/me': () =>
        fetchMock.requestsTo('POST /api/auth/bypass').length > 0 ? { body: makeMe() } : signedOut,
    });
    const { user, router } = renderApp('/login/bypass');
    await screen.findByText('Enter Bypass Code');
    await user.click(screen.getByRole('textbox', { name: 'Character 1 of 6' }));
    await user.paste('ABC123');
    expect(await screen.findByText('Success!')).toBeTruthy();
    // The page renders again meanwhile (its address changes): it asks who is signed in, and finds the user.
    await act(() => router.navigate('/login/bypass?again', { replace: true }));
    await waitFor(() => expect(fetchMock.requestsTo('GET /api/me').length).toBeGreaterThan(1));
    expect(screen.getByText('Success!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'), { timeout: 3000 });
  });
});
