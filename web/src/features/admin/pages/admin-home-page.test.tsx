import { COMMITTEE_LIST_PERMISSIONS, type Permission } from '@gavel/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_FORBIDDEN } from '@/features/admin/admin-access';
import { currentYearQuestion, NO_COMMITTEES, NO_YEARS } from '@/features/admin/pages/admin-home-page';
import { yearNotFoundNotice } from '@/features/years/use-selected-year';
import { mockFetch } from '@/test/fetch-mock';
import { makeCommittee, makeMe, makeYears } from '@/test/fixtures';
import { renderApp } from '@/test/render';

function meWith(permissions: Permission[]) {
  return makeMe({ roles: [], permissions });
}

const finance = makeCommittee();
const budget = makeCommittee({ id: 'c-2', name: 'Budget Committee', code: 'BUD', year: 2025 });
const bylaws = makeCommittee({
  id: 'c-3',
  name: 'Bylaws Committee',
  code: 'BYL',
  year: null,
  members_count: 1,
});

function open(
  path: string,
  permissions: Permission[] = ['edit committees', 'create committees'],
  years = makeYears(),
) {
  const fetchMock = mockFetch({
    'GET /api/me': { body: meWith(permissions) },
    'GET /api/admin/years': { body: years },
    'GET /api/admin/2026/committees': { body: [finance, bylaws] },
    'GET /api/admin/2025/committees': { body: [budget, bylaws] },
    'GET /api/admin/2024/committees': { body: [] },
  });
  return { ...renderApp(path), fetchMock };
}

async function committeeNames(): Promise<string[]> {
  const list = await screen.findByRole('list', { name: 'Committees' });
  return within(list)
    .getAllByRole('link')
    .map((a) => a.textContent ?? '');
}

describe('Admin home', () => {
  it('shows the current year by default, the query year when given, and ignores an unknown year', async () => {
    open('/admin');
    expect((await committeeNames()).join()).toContain('Finance Committee');
    expect(screen.getByRole('combobox', { name: 'Year' }).textContent).toBe('2026');
  });

  it('uses ?year= when it is one of the years', async () => {
    open('/admin?year=2025');
    expect((await committeeNames()).join()).toContain('Budget Committee');
    expect(screen.getByRole('combobox', { name: 'Year' }).textContent).toBe('2025');
  });

  it('falls back from an unknown query year to the current one, and without a current year to the first', async () => {
    const { router } = open('/admin?year=1999');
    expect((await committeeNames()).join()).toContain('Finance Committee');
    // The address follows what is shown, without a history entry of its own, and a notice says why.
    await waitFor(() => expect(router.state.location.search).toBe('?year=2026'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText(yearNotFoundNotice('1999', 2026))).toBeTruthy();
    cleanup();
    open(
      '/admin',
      ['edit committees'],
      [
        { year: 2025, is_current: false },
        { year: 2024, is_current: false },
      ],
    );
    expect((await committeeNames()).join()).toContain('Budget Committee');
  });

  it.each(['/admin?year=', '/admin?year=%20%20'])('takes an empty ?year= as none: %s', async (path) => {
    open(path);
    expect((await committeeNames()).join()).toContain('Finance Committee');
    expect(screen.getByRole('combobox', { name: 'Year' }).textContent).toBe('2026');
    // Given the time a notice would take to show.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/There is no year/)).toBeNull();
  });

  it('keeps the chosen year in ?year= and follows back and forward', async () => {
    const { user, router } = open('/admin');
    await committeeNames();
    await user.click(screen.getByRole('combobox', { name: 'Year' }));
    await user.click(await screen.findByRole('option', { name: '2025' }));
    await waitFor(() => expect(router.state.location.search).toBe('?year=2025'));
    expect((await committeeNames()).join()).toContain('Budget Committee');
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Year' }).textContent).toBe('2026'));
    expect((await committeeNames()).join()).toContain('Finance Committee');
    await router.navigate(1);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Year' }).textContent).toBe('2025'));
  });

  it('links each committee to its admin page and Add Committee to the create page of the year', async () => {
    open('/admin?year=2025');
    await committeeNames();
    const list = screen.getByRole('list', { name: 'Committees' });
    const hrefs = within(list)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/admin/committee/BUD?year=2025', '/admin/committee/BYL']);
    const bylawsLink = within(list).getByRole('link', { name: /Bylaws Committee/ });
    expect(within(bylawsLink).getByText('1 member')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Committee' }).getAttribute('href')).toBe(
      '/admin/committee/create?year=2025',
    );
  });

  it('shows the empty text for a year without committees', async () => {
    open('/admin?year=2024', ['view any meeting'], [...makeYears(), { year: 2024, is_current: false }]);
    expect(await screen.findByText(NO_COMMITTEES)).toBeTruthy();
  });

  it('lists the term-based committees of an association without years, with the no-years text when there are none', async () => {
    mockFetch({
      'GET /api/me': { body: meWith(['edit committees']) },
      'GET /api/admin/years': { body: [] },
      [`GET /api/admin/${new Date().getFullYear()}/committees`]: { body: [bylaws] },
    });
    renderApp('/admin');
    expect(await committeeNames()).toEqual([expect.stringContaining('Bylaws Committee')]);
    expect(screen.queryByText(NO_YEARS)).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Year' })).toBeNull();
  });

  it('starts a new association without years at its first committee, with or without the list', async () => {
    for (const permissions of [['create committees'], ['create committees', 'edit committees']] as const) {
      mockFetch({
        'GET /api/me': { body: meWith([...permissions]) },
        'GET /api/admin/years': { body: [] },
        [`GET /api/admin/${new Date().getFullYear()}/committees`]: { body: [] },
      });
      renderApp('/admin');
      expect(await screen.findByText(NO_YEARS)).toBeTruthy();
      expect(screen.queryByText(NO_COMMITTEES)).toBeNull();
      expect(screen.getByRole('link', { name: 'Add Committee' }).getAttribute('href')).toBe(
        `/admin/committee/create?year=${new Date().getFullYear()}`,
      );
      cleanup();
    }
  });

  it('shows the committee list for each of its six permissions and not without them', async () => {
    for (const permission of COMMITTEE_LIST_PERMISSIONS) {
      open('/admin', [permission]);
      expect((await committeeNames()).length).toBe(2);
      cleanup();
    }
    const { fetchMock } = open('/admin', ['create committees']);
    expect(await screen.findByRole('combobox', { name: 'Year' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Committees' })).toBeNull();
    expect(fetchMock.requestsTo('GET /api/admin/2026/committees')).toHaveLength(0);
    cleanup();
    open('/admin', ['modify appointment acceptances']);
    expect(await screen.findByRole('combobox', { name: 'Year' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Committees' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add Committee' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Copy Committees' })).toBeNull();
  });

  it("gives 'modify appointment acceptances' alone the Appointments link of the year", async () => {
    const { fetchMock } = open('/admin?year=2025', ['modify appointment acceptances']);
    const page = await screen.findByRole('region', { name: 'Admin' });
    expect((await within(page).findByRole('link', { name: 'Appointments' })).getAttribute('href')).toBe(
      '/admin/appointments/2025',
    );
    expect(screen.getByRole('combobox', { name: 'Year' }).textContent).toBe('2025');
    expect(screen.queryByRole('list', { name: 'Committees' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set as current' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add Committee' })).toBeNull();
    expect(fetchMock.requestsTo('GET /api/admin/2025/committees')).toHaveLength(0);
  });

  it('offers the committees card its Appointments link only with an appointments permission', async () => {
    open('/admin', ['edit committees', 'modify appointment acceptances']);
    await committeeNames();
    const page = () => screen.getByRole('region', { name: 'Admin' });
    expect(within(page()).getAllByRole('link', { name: 'Appointments' })).toHaveLength(1);
    cleanup();
    open('/admin', ['create committees']);
    expect(await screen.findByRole('link', { name: 'Add Committee' })).toBeTruthy();
    expect(within(page()).queryByRole('link', { name: 'Appointments' })).toBeNull();
  });

  it('tells someone without an admin permission so, instead of an empty page', async () => {
    const { fetchMock } = open('/admin', []);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(ADMIN_FORBIDDEN)).toBeTruthy();
    expect(within(alert).queryByRole('button')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Year' })).toBeNull();
    expect(screen.queryByText('Current year')).toBeNull();
    expect(fetchMock.requestsTo('GET /api/admin/years')).toHaveLength(0);
  });

  it("gives 'create committees' alone Add Committee and Copy Committees, without the list", async () => {
    open('/admin?year=2025', ['create committees']);
    expect((await screen.findByRole('link', { name: 'Add Committee' })).getAttribute('href')).toBe(
      '/admin/committee/create?year=2025',
    );
    expect(screen.getByRole('link', { name: 'Copy Committees' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Committees' })).toBeNull();
  });

  it("offers 'Set as current' only to those who may create committees, for a year that is not current", async () => {
    const { user, fetchMock } = open('/admin?year=2025');
    await committeeNames();
    fetchMock.on('POST /api/admin/set-year', {
      body: [
        { year: 2026, is_current: false },
        { year: 2025, is_current: true },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Set as current' }));
    // Asked first: cancelling changes nothing.
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
    expect(screen.getByText(currentYearQuestion(2025))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetchMock.requestsTo('POST /api/admin/set-year')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Set as current' }));
    await user.click(await screen.findByRole('button', { name: 'Make 2025 current' }));
    expect(await screen.findByText('Current year')).toBeTruthy();
    expect(fetchMock.requestsTo('POST /api/admin/set-year')[0]?.body).toEqual({ year: 2025 });
    expect(screen.queryByRole('button', { name: 'Set as current' })).toBeNull();
    cleanup();

    open('/admin?year=2025', ['edit committees']);
    await committeeNames();
    expect(screen.queryByRole('button', { name: 'Set as current' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add Committee' })).toBeNull();
  });

  it("moves focus to the year once 'Set as current' has given way to the 'Current year' badge", async () => {
    const { user, fetchMock } = open('/admin?year=2025');
    await committeeNames();
    fetchMock.on('POST /api/admin/set-year', {
      body: [
        { year: 2026, is_current: false },
        { year: 2025, is_current: true },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Set as current' }));
    await user.click(await screen.findByRole('button', { name: 'Make 2025 current' }));
    expect(await screen.findByText('Current year')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Year' })));
  });
});
