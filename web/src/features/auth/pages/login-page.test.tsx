import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { json, mockFetch } from '@/test/fetch-mock';
import { makeMe, makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const LOGIN = 'POST /api/auth/login';
const signedOut = { status: 401, body: { message: 'Unauthenticated.' } };

async function openLogin(path = '/login') {
  const app = renderApp(path);
  await screen.findByLabelText('Email');
  return app;
}

describe('LoginPage', () => {
  it('signs in with Enter and goes to ?next=', async () => {
    const fetchMock = mockFetch({ 'GET /api/me': signedOut, [LOGIN]: { body: makeMe() } });
    const { user, router } = await openLogin(`/login?next=${encodeURIComponent('/admin/users/u-1/edit')}`);
    fetchMock.on('GET /api/admin/users/u-1', {
      body: { user: makeMe().user, own_displayed_first_name: null, roles: ['admin'], available_roles: [] },
    });
    await user.type(screen.getByLabelText('Email'), 'ada@example.org');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users/u-1/edit'));
    expect(fetchMock.requestsTo(LOGIN)[0]?.body).toEqual({ email: 'ada@example.org', password: 'secret' });
    expect(await screen.findByRole('heading', { name: 'Edit User' })).toBeTruthy();
  });

  it("puts focus on the signed-in page's title, not on nothing", async () => {
    mockFetch({ 'GET /api/me': signedOut, [LOGIN]: { body: makeMe() } });
    const { user } = await openLogin(`/login?next=${encodeURIComponent('/admin')}`);
    await user.type(screen.getByLabelText('Email'), 'ada@example.org');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
    const title = await screen.findByRole('heading', { name: 'Admin' });
    await waitFor(() => expect(document.activeElement).toBe(title));
  });

  it('goes to the home page without ?next= and ignores a ?next= that leaves the site', async () => {
    mockFetch({ 'GET /api/me': signedOut, [LOGIN]: { body: makeMe() } });
    const { user, router } = await openLogin('/login?next=//evil.example');
    await user.type(screen.getByLabelText('Email'), 'ada@example.org');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each(['/\t/evil.example', '/\n/evil.example', '/\r\\evil.example'])(
    'goes home for a ?next= the browser reads as another site (%j)',
    async (next) => {
      mockFetch({ 'GET /api/me': signedOut, [LOGIN]: { body: makeMe() } });
      const { user, router } = await openLogin(`/login?next=${encodeURIComponent(next)}`);
      await user.type(screen.getByLabelText('Email'), 'ada@example.org');
      await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    },
  );

  it("shows the server's field errors under each field", async () => {
    mockFetch({
      'GET /api/me': signedOut,
      [LOGIN]: {
        status: 400,
        body: { message: 'The given data was invalid.', errors: { email: ['We do not know this address.'] } },
      },
    });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'ada@example.org');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
    expect(await screen.findByText('We do not know this address.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('moves focus to the first field the server rejected', async () => {
    mockFetch({
      'GET /api/me': signedOut,
      [LOGIN]: { status: 400, body: { message: '', errors: { email: ['We do not know this address.'] } } },
    });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'ada@example.org');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
    await screen.findByText('We do not know this address.');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('checks the fields before sending anything', async () => {
    const fetchMock = mockFetch({ 'GET /api/me': signedOut });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'not-an-email{Enter}');
    expect(await screen.findByText('The email must be a valid email address.')).toBeTruthy();
    expect(screen.getByText('The password field is required.')).toBeTruthy();
    expect(fetchMock.requestsTo(LOGIN)).toHaveLength(0);
  });

  it.each([
    [401, 'These credentials do not match our records.', 'These credentials do not match our records.'],
    [401, '', 'These credentials do not match our records.'],
    [
      429,
      'Too many login attempts. Please try again in 60 seconds.',
      'Too many login attempts. Please try again in 60 seconds.',
    ],
  ])('shows a general message on %i (%j)', async (status, message, shown) => {
    mockFetch({ 'GET /api/me': signedOut, [LOGIN]: { status, body: { message } } });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'ada@example.org');
    await user.type(screen.getByLabelText('Password'), 'wrong{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(shown);
  });

  it('disables the button while signing in and sends one request however often it is pressed', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = mockFetch({
      'GET /api/me': signedOut,
      [LOGIN]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'ada@example.org');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
    const button = screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    await user.type(screen.getByLabelText('Password'), '{Enter}');
    expect(fetchMock.requestsTo(LOGIN)).toHaveLength(1);
    answer(json(401, { message: '' }));
    await waitFor(() => expect(button.disabled).toBe(false));
  });

  it("does not show the previous user's cached pages to the next one who signs in", async () => {
    const view = (name: string) => ({
      user: makeUser({ id: 'u-9', name }),
      own_displayed_first_name: null,
      roles: [],
      available_roles: [],
    });
    const fetchMock = mockFetch({
      'GET /api/me': { body: makeMe() },
      'GET /api/admin/users/u-9': { body: view('Grace Hopper') },
    });
    const { user, router, queryClient } = renderApp('/admin/users/u-9/edit');
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
    // The session ends without a sign-out (a 401), and the user leaves the sign-in-again dialog for the
    // sign-in page: the cache is still full.
    fetchMock.on('GET /api/me', signedOut);
    await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    await user.click(await screen.findByRole('button', { name: 'Go to the sign-in page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    fetchMock.on(LOGIN, { body: makeMe({ user: { id: 'u-2', name: 'Bob Other' } }) });
    fetchMock.on('GET /api/admin/users/u-9', { body: view('Grace B. Hopper') });
    await user.type(screen.getByLabelText('Email'), 'bob@example.org');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users/u-9/edit'));
    expect(await screen.findByText('Grace B. Hopper')).toBeTruthy();
    expect(screen.queryByText('Grace Hopper')).toBeNull();
  });

  it('sends a signed-in user straight on', async () => {
    mockFetch({ 'GET /api/me': { body: makeMe() } });
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('has the product name as its level-one heading, above the card titled Sign in', async () => {
    mockFetch({ 'GET /api/me': signedOut });
    await openLogin();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Gavel');
    expect(screen.getByRole('heading', { level: 2, name: 'Sign in' })).toBeTruthy();
  });
});
