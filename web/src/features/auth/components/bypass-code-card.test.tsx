import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { setCookie } from '@/test/cookies';
import { type FetchMock, json, mockFetch } from '@/test/fetch-mock';
import { makeMe, makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const BYPASS = 'POST /api/auth/bypass';
const signedOut = { status: 401, body: { message: 'Unauthenticated.' } };

/** GET /api/me as the server answers it: nobody is signed in until a code has been sent, then its user. */
function meOnceCodeSent(fetchMock: () => FetchMock) {
  return () => (fetchMock().requestsTo(BYPASS).length > 0 ? { body: makeMe() } : signedOut);
}

function boxes(): HTMLInputElement[] {
  // hidden: a modal dialog hides the rest of the page from the accessibility tree.
  return screen.getAllByRole('textbox', { name: /^Character \d of 6$/, hidden: true }) as HTMLInputElement[];
}

function values(): string {
  return boxes()
    .map((box) => box.value || '_')
    .join('');
}

async function openCard() {
  const app = renderApp('/login/bypass');
  await screen.findByText('Enter Bypass Code');
  return app;
}

describe('BypassCodeCard', () => {
  it('shows a card titled "Enter Bypass Code" with six empty boxes', async () => {
    mockFetch();
    await openCard();
    expect(boxes()).toHaveLength(6);
    expect(values()).toBe('______');
  });

  it('fills one box per typed character, upper-case, and moves focus to the next box', async () => {
    mockFetch();
    const { user } = await openCard();
    await user.click(boxes()[0] as HTMLInputElement);
    await user.keyboard('a');
    expect(values()).toBe('A_____');
    expect(document.activeElement).toBe(boxes()[1]);
    await user.keyboard('7q');
    expect(values()).toBe('A7Q___');
    expect(document.activeElement).toBe(boxes()[3]);
  });

  it('ignores characters that are not letters or digits', async () => {
    mockFetch();
    const { user } = await openCard();
    await user.click(boxes()[0] as HTMLInputElement);
    await user.keyboard('-');
    await user.keyboard(' ');
    expect(values()).toBe('______');
    expect(document.activeElement).toBe(boxes()[0]);
  });

  it('goes back one box on Backspace in an empty box, clearing it', async () => {
    mockFetch();
    const { user } = await openCard();
    await user.click(boxes()[0] as HTMLInputElement);
    await user.keyboard('ab');
    expect(document.activeElement).toBe(boxes()[2]);
    await user.keyboard('{Backspace}');
    expect(values()).toBe('A_____');
    expect(document.activeElement).toBe(boxes()[1]);
    await user.keyboard('{Backspace}');
    expect(values()).toBe('______');
    expect(document.activeElement).toBe(boxes()[0]);
  });

  it('spreads a pasted value across the boxes from the focused one', async () => {
    const fetchMock = mockFetch();
    const { user } = await openCard();
    await user.click(boxes()[1] as HTMLInputElement);
    await user.paste('x-y 9');
    expect(values()).toBe('_XY9__');
    expect(document.activeElement).toBe(boxes()[4]);
    expect(fetchMock.requestsTo(BYPASS)).toHaveLength(0);
  });

  it('spreads a pasted full code from the first box and submits it', async () => {
    const fetchMock: FetchMock = mockFetch({
      [BYPASS]: { status: 200, body: { to: '/admin' } },
      'GET /api/me': meOnceCodeSent(() => fetchMock),
    });
    const { user } = await openCard();
    await user.click(boxes()[3] as HTMLInputElement);
    await user.paste('AB12CD');
    expect(values()).toBe('AB12CD');
    await waitFor(() => expect(fetchMock.requestsTo(BYPASS)).toHaveLength(1));
    expect(fetchMock.requestsTo(BYPASS)[0]?.body).toEqual({ code: 'AB12CD' });
  });

  it('submits the completed code exactly once, upper-case, with the required headers', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock: FetchMock = mockFetch({
      [BYPASS]: () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/me': meOnceCodeSent(() => fetchMock),
    });
    setCookie('XSRF-TOKEN', 'tok%2Ben');
    const { user } = await openCard();
    await user.click(boxes()[0] as HTMLInputElement);
    await user.keyboard('Zx81q9');
    await waitFor(() => expect(fetchMock.requestsTo(BYPASS)).toHaveLength(1));

    // More keys while the code is being checked change nothing and send nothing.
    await user.keyboard('{Backspace}7');
    await user.paste('QQQQQQ');
    expect(values()).toBe('ZX81Q9');

    const request = fetchMock.requestsTo(BYPASS)[0];
    expect(request?.body).toEqual({ code: 'ZX81Q9' });
    expect(request?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(request?.headers.get('X-XSRF-TOKEN')).toBe('tok+en');

    answer(json(200, { to: '/admin' }));
    expect(await screen.findByText('Success!')).toBeTruthy();
    expect(fetchMock.requestsTo(BYPASS)).toHaveLength(1);
  });

  it.each([400, 401, 404, 422])(
    'on a refused code (%i) marks it invalid and shows "Unknown Error" / "Please try again..."',
    async (status) => {
      const fetchMock = mockFetch({ [BYPASS]: { status, body: { message: '' } } });
      const { user } = await openCard();
      await user.click(boxes()[0] as HTMLInputElement);
      await user.keyboard('AAAAAA');

      const dialog = await screen.findByRole('alertdialog');
      expect(within(dialog).getByText('Unknown Error')).toBeTruthy();
      expect(within(dialog).getByText('Please try again...')).toBeTruthy();
      for (const box of boxes()) expect(box.getAttribute('aria-invalid')).toBe('true');
      expect(screen.queryByText('Success!')).toBeNull();

      // Closing the dialog empties the boxes for a fresh try (still marked until the user types).
      await user.click(within(dialog).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(values()).toBe('______');
      expect(boxes()[0]?.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(boxes()[0]);
      await user.keyboard('B');
      expect(boxes()[0]?.getAttribute('aria-invalid')).toBeNull();
      expect(fetchMock.requestsTo(BYPASS)).toHaveLength(1);
      await user.keyboard('AAAAC');
      await waitFor(() => expect(fetchMock.requestsTo(BYPASS)).toHaveLength(2));
      expect(fetchMock.requestsTo(BYPASS)[1]?.body).toEqual({ code: 'BAAAAC' });
    },
  );

  // A rate limit, a server failure or no answer at all never checked the code.
  it.each([
    {
      failure: 'a rate limit (429)',
      reply: { status: 429, body: { message: 'Too many attempts.' } },
      shown: 'Too many attempts.',
    },
    {
      failure: 'a server failure (500)',
      reply: { status: 500, body: { message: '' } },
      shown: 'Please try again...',
    },
    {
      failure: 'a network failure',
      reply: () => Promise.reject(new TypeError('Failed to fetch')),
      shown: 'Please try again...',
    },
  ])(
    'on $failure marks the code invalid and shows the error dialog, but keeps the code to send again',
    async ({ reply, shown }) => {
      const fetchMock = mockFetch({ [BYPASS]: reply });
      const { user } = await openCard();
      await user.click(boxes()[0] as HTMLInputElement);
      await user.keyboard('ab12cd');

      const dialog = await screen.findByRole('alertdialog');
      expect(within(dialog).getByText('Unknown Error')).toBeTruthy();
      expect(within(dialog).getByText(shown)).toBeTruthy();
      for (const box of boxes()) expect(box.getAttribute('aria-invalid')).toBe('true');

      await user.click(within(dialog).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(values()).toBe('AB12CD');

      // Typing the same code again sends it again, once it reaches the last box.
      fetchMock.on(BYPASS, { status: 200, body: { to: '/' } });
      await user.keyboard('ab12c');
      expect(fetchMock.requestsTo(BYPASS)).toHaveLength(1);
      await user.keyboard('d');
      await waitFor(() => expect(fetchMock.requestsTo(BYPASS)).toHaveLength(2));
      expect(fetchMock.requestsTo(BYPASS)[1]?.body).toEqual({ code: 'AB12CD' });
      expect(await screen.findByText('Success!')).toBeTruthy();
    },
  );

  it("shows the server's message in the error dialog when there is one", async () => {
    mockFetch({ [BYPASS]: { status: 422, body: { message: 'This code has expired.' } } });
    const { user } = await openCard();
    await user.click(boxes()[0] as HTMLInputElement);
    await user.paste('ABCDEF');
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Unknown Error')).toBeTruthy();
    expect(within(dialog).getByText('This code has expired.')).toBeTruthy();
  });

  it('on success shows "Success!" and navigates to the returned path, focus on its title', async () => {
    const fetchMock: FetchMock = mockFetch({
      [BYPASS]: { status: 200, body: { to: '/admin' } },
      'GET /api/me': meOnceCodeSent(() => fetchMock),
    });
    const { user, router } = await openCard();
    await user.click(boxes()[0] as HTMLInputElement);
    await user.paste('ABC123');
    expect(await screen.findByText('Success!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'), { timeout: 3000 });
    const title = await screen.findByRole('heading', { name: 'Admin' });
    // Not left on nothing (the code boxes went with the sign-in page).
    await waitFor(() => expect(document.activeElement).toBe(title));
  });

  it("does not show the previous user's cached pages to the one who enters a code", async () => {
    const view = (name: string) => ({
      user: makeUser({ id: 'u-9', name }),
      roles: [],
      own_displayed_first_name: null,
      available_roles: [],
    });
    const fetchMock = mockFetch({
      'GET /api/me': { body: makeMe() },
      'GET /api/admin/users/u-9': { body: view('Grace Hopper') },
    });
    const { user, router, queryClient } = renderApp('/admin/users/u-9/edit');
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
    // The session ends without a sign-out (a 401), and the user leaves the sign-in-again dialog for the
    // sign-in page, then the code page: the cache is still full.
    fetchMock.on('GET /api/me', signedOut);
    await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    await user.click(await screen.findByRole('button', { name: 'Go to the sign-in page' }));
    await user.click(await screen.findByRole('link', { name: 'Have a bypass code?' }));
    await screen.findByText('Enter Bypass Code');
    fetchMock.on(BYPASS, { body: { to: '/admin/users/u-9/edit' } });
    fetchMock.on('GET /api/me', { body: makeMe({ user: { id: 'u-2', name: 'Bob Other' } }) });
    fetchMock.on('GET /api/admin/users/u-9', { body: view('Grace B. Hopper') });
    await user.click(boxes()[0] as HTMLInputElement);
    await user.paste('ABC123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users/u-9/edit'), {
      timeout: 3000,
    });
    expect(await screen.findByText('Grace B. Hopper')).toBeTruthy();
    expect(screen.queryByText('Grace Hopper')).toBeNull();
  });

  it('never leaves the site: an address elsewhere goes home instead', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    mockFetch({ [BYPASS]: { status: 200, body: { to: 'https://elsewhere.example/welcome' } } });
    const { user, router } = await openCard();
    await user.click(boxes()[0] as HTMLInputElement);
    await user.paste('ABC123');
    expect(await screen.findByText('Success!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
    expect(assign).not.toHaveBeenCalled();
  });
});
