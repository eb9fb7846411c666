import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COPY_FORBIDDEN, NOTHING_TO_COPY } from '@/features/admin/pages/committee-copy-page';
import { mockFetch } from '@/test/fetch-mock';
import { makeCommittee, makeMe, makeYears } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const finance = makeCommittee({ guid: 'g-fin' });
const bylaws = makeCommittee({ id: 'c-3', guid: 'g-byl', name: 'Bylaws Committee', code: 'BYL', year: null });

function open(permissions = ['create committees']) {
  const fetchMock = mockFetch({
    'GET /api/me': { body: makeMe({ roles: [], permissions }) },
    'GET /api/admin/years': { body: makeYears(2026, 2) },
    'GET /api/admin/2026/committees': { body: [finance, bylaws] },
    'GET /api/admin/2025/committees': { body: [bylaws] },
  });
  return { ...renderApp('/admin/committees/copy'), fetchMock };
}

async function pickCommittee(user: ReturnType<typeof open>['user'], name: RegExp) {
  await user.click(await screen.findByRole('combobox', { name: 'Committee' }));
  await user.click(await screen.findByRole('option', { name }));
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('Copy committees', () => {
  it('needs create committees', async () => {
    open(['edit committees']);
    expect(await screen.findByText(COPY_FORBIDDEN)).toBeTruthy();
  });

  it('offers the term-based committees of an association without years, and says when there is nothing to copy', async () => {
    const thisYear = new Date().getFullYear();
    const fetchMock = mockFetch({
      'GET /api/me': { body: makeMe({ roles: [], permissions: ['create committees'] }) },
      'GET /api/admin/years': { body: [] },
      [`GET /api/admin/${thisYear}/committees`]: { body: [bylaws] },
    });
    const { user, unmount } = renderApp('/admin/committees/copy');
    await pickCommittee(user, /Bylaws Committee/);
    expect(field('Name').value).toBe('Bylaws Committee');
    unmount();

    fetchMock.on(`GET /api/admin/${thisYear}/committees`, { body: [] });
    renderApp('/admin/committees/copy');
    expect(await screen.findByText(NOTHING_TO_COPY)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Committee' }).getAttribute('href')).toBe(
      `/admin/committee/create?year=${thisYear}`,
    );
  });

  it('proposes the year after the current one, whatever later years exist', async () => {
    mockFetch({
      'GET /api/me': { body: makeMe({ roles: [], permissions: ['create committees'] }) },
      'GET /api/admin/years': { body: [{ year: 3000, is_current: false }, ...makeYears(2026, 1)] },
      'GET /api/admin/3000/committees': { body: [] },
      'GET /api/admin/2026/committees': { body: [finance] },
    });
    const { user } = renderApp('/admin/committees/copy');
    await pickCommittee(user, /Finance Committee/);
    expect(field('Year').value).toBe('2027');
    expect(field('Name').value).toBe('2027 Finance Committee');
  });

  it("drops a field's error once its value changes, typed or filled in from the committee picked", async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The committee field is required.')).toBeTruthy();
    await user.clear(field('Year'));
    await user.type(field('Year'), '-5');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The year must be at least 1900.')).toBeTruthy();
    await user.clear(field('Year'));
    await user.type(field('Year'), '2027');
    expect(screen.queryByText('The year must be at least 1900.')).toBeNull();
    await pickCommittee(user, /Finance Committee/);
    expect(screen.queryByText('The committee field is required.')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field('Code').getAttribute('aria-invalid')).toBeNull();
    expect(field('Name').getAttribute('aria-invalid')).toBeNull();
  });

  it('lists each committee once, fills the defaults for the next year, and stops auto-fill once edited', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('combobox', { name: 'Committee' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Finance Committee (FIN)', 'Bylaws Committee (BYL)']);
    await user.click(screen.getByRole('option', { name: /Finance Committee/ }));
    expect(field('Year').value).toBe('2027');
    expect(field('Code').value).toBe('27');
    expect(field('Name').value).toBe('2027 Finance Committee');

    await user.clear(field('Code'));
    await user.type(field('Code'), 'FIN27');
    await user.clear(field('Year'));
    await user.type(field('Year'), '2028');
    expect(field('Code').value).toBe('FIN27');
    expect(field('Name').value).toBe('2028 Finance Committee');

    await user.click(screen.getByRole('switch', { name: 'Term based' }));
    expect(screen.queryByLabelText('Year')).toBeNull();
    expect(field('Name').value).toBe('Finance Committee');
  });

  it("asks again for a year's committees that failed to load when Try again is pressed", async () => {
    const { user, fetchMock } = open();
    fetchMock.on('GET /api/admin/2025/committees', { status: 500, body: { message: 'Server Error' } });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(fetchMock.requestsTo('GET /api/admin/2025/committees').length).toBeGreaterThan(1);

    fetchMock.on('GET /api/admin/2025/committees', { body: [bylaws] });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('combobox', { name: 'Committee' })).toBeTruthy();
  });

  it('keeps the page title while the committees load and when they fail', async () => {
    const { fetchMock } = open();
    let answer: () => void = () => {};
    fetchMock.on(
      'GET /api/admin/2025/committees',
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ status: 500, body: { message: 'Boom from server' } });
        }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Copy Committees' })).toBeTruthy();
    await waitFor(() => expect(fetchMock.requestsTo('GET /api/admin/2025/committees')).toHaveLength(1));
    expect(screen.getByRole('status').textContent).toContain('Loading');
    answer();
    expect(await screen.findByText('Boom from server')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Copy Committees' })).toBeTruthy();
  });

  it('creates the copy and opens its admin page', async () => {
    const { user, fetchMock, router } = open(['create committees', 'edit committees']);
    fetchMock.on('POST /api/admin/committees/copy', {
      body: makeCommittee({ id: 'c-9', code: '27', name: '2027 Finance Committee', year: 2027 }),
    });
    await pickCommittee(user, /Finance Committee/);
    await user.click(screen.getByRole('switch', { name: 'Copy resources' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/committee/27'));
    expect(router.state.location.search).toBe('?year=2027');
    expect(fetchMock.requestsTo('POST /api/admin/committees/copy')[0]?.body).toEqual({
      guid: 'g-fin',
      code: '27',
      name: '2027 Finance Committee',
      term_based: false,
      copy_resources: true,
      year: 2027,
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it("takes one who may create committees but not open them to the year's admin home", async () => {
    const { user, fetchMock, router } = open(['create committees']);
    fetchMock.on('POST /api/admin/committees/copy', {
      body: makeCommittee({ id: 'c-9', code: '27', name: '2027 Finance Committee', year: 2027 }),
    });
    await pickCommittee(user, /Finance Committee/);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(router.state.location.search).toBe('?year=2027');
  });

  it('asks for a blank year rather than calling it year 0', async () => {
    const { user, fetchMock } = open();
    await pickCommittee(user, /Finance Committee/);
    await user.clear(field('Year'));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The year field is required for a year-based committee.')).toBeTruthy();
    expect(screen.queryByText('The year must be at least 1900.')).toBeNull();
    expect(fetchMock.requestsTo('POST /api/admin/committees/copy')).toHaveLength(0);
  });

  it('refuses a code longer than 10 characters with a message instead of cutting it', async () => {
    const { user, fetchMock } = open();
    await pickCommittee(user, /Finance Committee/);
    await user.clear(field('Code'));
    await user.type(field('Code'), 'RVWB-27-TOOLONG');
    expect(field('Code').value).toBe('RVWB-27-TOOLONG');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The code may not be greater than 10 characters.')).toBeTruthy();
    expect(field('Code').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.requestsTo('POST /api/admin/committees/copy')).toHaveLength(0);
  });

  it('moves focus to the first field in error, so that a screen reader says what is wrong', async () => {
    const { user, fetchMock } = open();
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Committee' })),
    );
    await pickCommittee(user, /Bylaws Committee/);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(document.activeElement).toBe(field('Code')));

    fetchMock.on('POST /api/admin/committees/copy', {
      status: 409,
      body: {
        message: 'The code has already been taken.',
        errors: { code: ['The code has already been taken.'] },
      },
    });
    await user.type(field('Code'), 'BYL');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('The code has already been taken.');
    await waitFor(() => expect(document.activeElement).toBe(field('Code')));
  });

  it('checks the code length and a chosen committee before sending, and shows server field errors', async () => {
    const { user, fetchMock } = open();
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The committee field is required.')).toBeTruthy();
    await pickCommittee(user, /Bylaws Committee/);
    expect(field('Code').value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The code field is required.')).toBeTruthy();
    expect(fetchMock.requestsTo('POST /api/admin/committees/copy')).toHaveLength(0);

    fetchMock.on('POST /api/admin/committees/copy', {
      status: 409,
      body: {
        message: 'The code has already been taken.',
        errors: { code: ['The code has already been taken.'] },
      },
    });
    await user.type(field('Code'), 'BYL');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The code has already been taken.')).toBeTruthy();
  });
});
