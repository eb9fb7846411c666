import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { makeCommittee, makeMe, makeYears } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const POST = 'POST /api/admin/committee';
const creator = makeMe({ permissions: ['create committees', 'edit committees'] });

async function openCreate(
  path = '/admin/committee/create?year=2027',
  routes: Parameters<typeof mockFetch>[0] = {},
) {
  const fetchMock = mockFetch({
    'GET /api/me': { body: creator },
    'GET /api/admin/years': { body: makeYears(2026) },
    [POST]: ({ body }) => ({ status: 201, body: makeCommittee({ ...(body as object), id: 'c-new' }) }),
    ...routes,
  });
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'Add Committee' });
  return { ...app, fetchMock };
}

describe('CommitteeCreatePage', { timeout: 20_000 }, () => {
  it('checks the name and code before sending', async () => {
    const { user, fetchMock } = await openCreate();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The name field is required.')).toBeTruthy();
    expect(screen.getByText('The code field is required.')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');

    await user.type(screen.getByLabelText('Name'), 'Finance');
    await user.type(screen.getByLabelText('Code'), 'FINANCE-2027');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The code may not be greater than 10 characters.')).toBeTruthy();
    expect(screen.queryByText('The name field is required.')).toBeNull();
    expect(fetchMock.requestsTo(POST)).toHaveLength(0);
  });

  it('requires the demographic name when the committee has a demographic', async () => {
    const { user, fetchMock } = await openCreate();
    await user.type(screen.getByLabelText('Name'), 'Finance');
    await user.type(screen.getByLabelText('Code'), 'FIN');
    await user.click(screen.getByRole('switch', { name: 'Has demographic' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText('The demographic name field is required when the committee has a demographic.'),
    ).toBeTruthy();
    expect(fetchMock.requestsTo(POST)).toHaveLength(0);
  });

  it('creates a year-based committee with positions and goes to its page', async () => {
    const { user, fetchMock, router } = await openCreate();
    expect((screen.getByLabelText('Year') as HTMLInputElement).value).toBe('2027');
    await user.type(screen.getByLabelText('Name'), 'Finance Committee');
    await user.type(screen.getByLabelText('Code'), 'FIN');
    await user.type(screen.getByLabelText('Quorum'), '5');
    await user.click(screen.getByRole('switch', { name: 'Two-thirds vote' }));
    await user.click(screen.getByRole('button', { name: 'Add Position' }));
    await user.type(screen.getByLabelText('Position 1'), 'Chair');
    await user.click(screen.getByRole('button', { name: 'Add Position' }));
    await user.type(screen.getByLabelText('Position 2'), 'Liaison');
    await user.click(screen.getByRole('switch', { name: 'Position 2 is voting' }));
    await user.click(screen.getByRole('combobox', { name: 'Chair position' }));
    await user.click(await screen.findByRole('option', { name: 'Chair' }));
    await user.click(screen.getByRole('switch', { name: 'Has demographic' }));
    await user.type(screen.getByLabelText('Demographic name'), 'Region');
    await user.click(screen.getByRole('button', { name: 'Add Value' }));
    await user.type(screen.getByLabelText('Value 1'), 'North');
    await user.click(screen.getByRole('switch', { name: 'Displayed' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/committee/FIN'));
    expect(router.state.location.search).toBe('?year=2027');
    expect(fetchMock.requestsTo(POST)[0]?.body).toEqual({
      name: 'Finance Committee',
      code: 'FIN',
      year: 2027,
      quorum: 5,
      two_thirds_vote: true,
      chair_position: 'Chair',
      vchair_position: null,
      voting_rights: [
        { position: 'Chair', is_voting: true },
        { position: 'Liaison', is_voting: false },
      ],
      has_demographic: true,
      demographic_name: 'Region',
      demographic_is_displayed: true,
      demographic_motion_filterable: false,
      demographic_display_prepend: false,
      demographics: ['North'],
    });
  });

  it('sends year null for a term-based committee and goes to its page without ?year=', async () => {
    const { user, fetchMock, router } = await openCreate();
    await user.type(screen.getByLabelText('Name'), 'Board');
    await user.type(screen.getByLabelText('Code'), 'BOARD');
    await user.click(screen.getByRole('switch', { name: 'Term based' }));
    expect(screen.queryByLabelText('Year')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/committee/BOARD'));
    expect(router.state.location.search).toBe('');
    expect(fetchMock.requestsTo(POST)[0]?.body).toMatchObject({ code: 'BOARD', year: null });
  });

  it("takes one who may create committees but not open them to the year's admin home, not a refusal", async () => {
    const { user, router } = await openCreate('/admin/committee/create?year=2027', {
      'GET /api/me': { body: makeMe({ permissions: ['create committees'] }) },
    });
    await user.type(screen.getByLabelText('Name'), 'Finance Committee');
    await user.type(screen.getByLabelText('Code'), 'FIN');
    await user.type(screen.getByLabelText('Quorum'), '5');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(router.state.location.search).toBe('?year=2027');
  });

  it('keeps the year when "Term based" is switched on and off again', async () => {
    const { user, fetchMock } = await openCreate();
    await user.type(screen.getByLabelText('Name'), 'Finance');
    await user.type(screen.getByLabelText('Code'), 'FIN');
    const termBased = screen.getByRole('switch', { name: 'Term based' });
    await user.click(termBased);
    expect(screen.queryByLabelText('Year')).toBeNull();
    await user.click(termBased);
    expect((screen.getByLabelText('Year') as HTMLInputElement).value).toBe('2027');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(fetchMock.requestsTo(POST)).toHaveLength(1));
    expect(fetchMock.requestsTo(POST)[0]?.body).toMatchObject({ code: 'FIN', year: 2027 });
    expect(screen.queryByText(/The year field is required/)).toBeNull();
  });

  it('the chair follows a renamed position and is cleared when the position is removed', async () => {
    const { user } = await openCreate();
    await user.click(screen.getByRole('button', { name: 'Add Position' }));
    await user.type(screen.getByLabelText('Position 1'), 'Chair');
    await user.click(screen.getByRole('combobox', { name: 'Chair position' }));
    await user.click(await screen.findByRole('option', { name: 'Chair' }));
    await user.type(screen.getByLabelText('Position 1'), 'man');
    expect(screen.getByRole('combobox', { name: 'Chair position' }).textContent).toBe('Chairman');
    await user.click(screen.getByRole('button', { name: 'Remove position 1' }));
    expect(screen.getByRole('combobox', { name: 'Chair position' }).textContent).toBe('None');
  });

  it('shows the server field errors inline and other failures in a dialog', async () => {
    const { user, fetchMock } = await openCreate(undefined, {
      [POST]: {
        status: 409,
        body: {
          message: 'The code has already been taken.',
          errors: { code: ['The code has already been taken.'] },
        },
      },
    });
    await user.type(screen.getByLabelText('Name'), 'Finance');
    await user.type(screen.getByLabelText('Code'), 'FIN');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The code has already been taken.')).toBeTruthy();
    expect(screen.getByLabelText('Code').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fetchMock.on(POST, { status: 500, body: { message: '' } });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Unknown Save Error... Please try again.')).toBeTruthy();
  });

  it('cancels back to the admin home of the year, or the plain admin home for a year not created yet', async () => {
    await openCreate('/admin/committee/create?year=2025');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/admin?year=2025'),
    );
    cleanup();
    // 2027 does not exist until a committee is created in it: /admin?year=2027 would say so.
    const { user, router } = await openCreate('/admin/committee/create?year=2027');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/admin'),
    );
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(router.state.location.search).toBe('');
  });

  it('starts in the current year without ?year=', async () => {
    await openCreate('/admin/committee/create');
    expect((screen.getByLabelText('Year') as HTMLInputElement).value).toBe('2026');
  });

  it('says so when ?year= is no year it can take, naming it and the year shown instead', async () => {
    for (const [asked, shown] of [
      ['1800', '2026'],
      ['abc', '2026'],
    ]) {
      const { router } = await openCreate(`/admin/committee/create?year=${asked}`);
      expect(await screen.findByText(`There is no year ${asked}: showing ${shown}.`)).toBeTruthy();
      expect((screen.getByLabelText('Year') as HTMLInputElement).value).toBe(shown);
      // The address says it too, as on the admin home.
      await waitFor(() => expect(router.state.location.search).toBe(`?year=${shown}`));
      cleanup();
    }
  });

  it('takes a year that does not exist yet without a notice, and says nothing for an empty ?year=', async () => {
    const first = await openCreate('/admin/committee/create?year=2030');
    expect((screen.getByLabelText('Year') as HTMLInputElement).value).toBe('2030');
    first.unmount();
    const { router } = await openCreate('/admin/committee/create?year=');
    expect(((await screen.findByLabelText('Year')) as HTMLInputElement).value).toBe('2026');
    expect(router.state.location.search).toBe('?year=');
    expect(screen.queryByText(/There is no year/)).toBeNull();
  });

  it('says so, with a retry, when the current year cannot be loaded without ?year=', async () => {
    let fail = true;
    const { user } = await openCreate('/admin/committee/create', {
      'GET /api/admin/years': () =>
        fail ? { status: 500, body: { message: 'Years are unavailable.' } } : { body: makeYears(2026) },
    });
    expect(await screen.findByText('Years are unavailable.')).toBeTruthy();
    expect(screen.queryByLabelText('Year')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect((screen.getByLabelText('Year') as HTMLInputElement).value).toBe('2026'));
  });

  it('refuses a user who may not create committees', async () => {
    const fetchMock = mockFetch({ 'GET /api/me': { body: makeMe({ permissions: ['edit committees'] }) } });
    renderApp('/admin/committee/create?year=2027');
    expect(await screen.findByText('You do not have permission to create committees.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
    expect(fetchMock.requestsTo(POST)).toHaveLength(0);
  });
});
