import type { TUserSearchResult } from '@gavel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { POSITION_HELD } from '@/features/committees/components/committee-settings-form';
import { moreMatches, NO_RESULTS, TYPE_MORE } from '@/features/users/components/user-typeahead';
import { queryKeys } from '@/lib/query-keys';
import { UNSAVED_TITLE } from '@/lib/use-unsaved-changes';
import { routes } from '@/routes';
import { captureDownload } from '@/test/capture-download';
import { describedText } from '@/test/described';
import { mockFetch } from '@/test/fetch-mock';
import { makeCommittee, makeMe, makeMembership } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const GET = 'GET /api/admin/committee/FIN';
const PUT = 'PUT /api/admin/committee/FIN';
const DELETE = 'DELETE /api/admin/committee/FIN';
const MEMBERS = 'GET /api/admin/committee/FIN/members';
const ADD = 'POST /api/admin/committee/FIN/member';
const SEARCH = 'POST /api/admin/users/list';

const editor = makeMe({ permissions: ['edit committees'] });
const decider = makeMe({ permissions: ['edit committees', 'modify appointment acceptances'] });
const viewer = makeMe({ permissions: ['view any meeting'] });
const committee = makeCommittee({ members_count: 2, voting_members_count: 1, non_voting_members_count: 1 });
function member(
  user: { id: string; name: string; email: string },
  rest: Parameters<typeof makeMembership>[0],
) {
  return makeMembership({ ...rest, user });
}

const members = [
  member(
    { id: 'u-1', name: 'Ada Lovelace', email: 'ada@example.org' },
    {
      id: 'm-1',
      position: 'Chair',
      demographic: 'North',
      appointment_status: 'Accepted',
    },
  ),
  member(
    { id: 'u-2', name: 'Grace Hopper', email: 'grace@example.org' },
    { id: 'm-2', position: 'Staff Liaison', is_voting: false },
  ),
];

function found(n: number): TUserSearchResult {
  return {
    id: `u-${n}`,
    nrds: null,
    first_name: `User${n}`,
    last_name: 'Test',
    displayed_first_name: `User${n}`,
    sort_name: `Test, User${n}`,
    name: `User${n} Test`,
    email: `user${n}@example.org`,
    profile_display_url: null,
  };
}

async function openAdmin(
  routes: Parameters<typeof mockFetch>[0] = {},
  {
    me = editor,
    path = '/admin/committee/FIN?year=2026',
    appRoutes,
  }: { me?: ReturnType<typeof makeMe>; path?: string; appRoutes?: RouteObject[] } = {},
) {
  const fetchMock = mockFetch({
    'GET /api/me': { body: me },
    [GET]: { body: committee },
    [MEMBERS]: { body: members },
    ...routes,
  });
  const app = renderApp(path, { routes: appRoutes });
  await screen.findByRole('heading', { name: 'Finance Committee', level: 1 });
  return { ...app, fetchMock };
}

/** The app's routes with the page at `path` loading its chunk slowly, as a browser's first visit does. */
function withSlowPage(list: RouteObject[], path: string): RouteObject[] {
  return list.map((route) => {
    const { lazy, children } = route;
    const slow =
      route.path === path && typeof lazy === 'function'
        ? {
            lazy: () =>
              new Promise<Awaited<ReturnType<typeof lazy>>>((resolve) =>
                setTimeout(() => resolve(lazy()), 100),
              ),
          }
        : {};
    return {
      ...route,
      ...slow,
      ...(children ? { children: withSlowPage(children, path) } : {}),
    } as RouteObject;
  });
}

describe('CommitteeAdminPage', { timeout: 20_000 }, () => {
  it('lists a big committee a page at a time, with a search once there is more than a page', async () => {
    const hall = Array.from({ length: 130 }, (_, i) => {
      const n = String(i + 1).padStart(3, '0');
      return member({ id: `u-${n}`, name: `Delegate ${n}`, email: `d${n}@example.org` }, { id: `m-${n}` });
    });
    const { user } = await openAdmin({ [MEMBERS]: { body: hall } }, { me: viewer });
    const table = await screen.findByRole('table', { name: 'Members' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(100);
    expect(screen.getByText('Showing 100 of 130 members')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show more members' }));
    expect(rows()).toHaveLength(130);
    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'd042@');
    expect(rows().map((r) => r.textContent?.includes('Delegate 042'))).toEqual([true]);
    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'nobody');
    expect(screen.getByText('No members match your search')).toBeTruthy();
  });

  it('has no search for a committee that fits one page', async () => {
    await openAdmin({}, { me: viewer });
    await screen.findByRole('table', { name: 'Members' });
    expect(screen.queryByRole('searchbox', { name: 'Search members' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
  });

  it('shows the committee header and its members, asking for the year of the address', async () => {
    const { fetchMock } = await openAdmin();
    expect(screen.getByText('FIN')).toBeTruthy();
    expect(screen.getByText('2026')).toBeTruthy();
    const counts = screen.getByRole('list', { name: 'Member counts' });
    expect(within(counts).getByText('Members: 2')).toBeTruthy();
    expect(within(counts).getByText('Voting: 1')).toBeTruthy();
    expect(within(counts).getByText('Non-voting: 1')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(within(table).getByRole('columnheader', { name: 'Region' })).toBeTruthy();
    const ada = within(table).getByRole('row', { name: /Ada Lovelace/ });
    expect(within(ada).getByText('North')).toBeTruthy();
    expect(within(ada).getByText('Accepted')).toBeTruthy();
    expect(
      within(ada)
        .getByRole('link', { name: /Ada Lovelace \(edit user/ })
        .getAttribute('href'),
    ).toBe('/admin/users/u-1/edit');
    expect(within(table).getByRole('row', { name: /Grace Hopper/ }).textContent).toContain('Non-voting');
    expect(screen.getByText(/The avatar opens the user's edit page\./)).toBeTruthy();
    expect(fetchMock.requestsTo(GET)[0]?.path).toBe('/api/admin/committee/FIN?year=2026');
    expect(fetchMock.requestsTo(MEMBERS)[0]?.path).toBe('/api/admin/committee/FIN/members?year=2026');
  });

  it('counts the declined appointments beside the members, whom they are not', async () => {
    const declined = member(
      { id: 'u-3', name: 'Alan Turing', email: 'alan@example.org' },
      { id: 'm-3', position: 'Chair', appointment_status: 'Declined' },
    );
    await openAdmin({ [MEMBERS]: { body: [...members, declined] } });
    await screen.findByRole('table', { name: 'Members' });
    const counts = screen.getByRole('list', { name: 'Member counts' });
    expect(within(counts).getByText('Members: 2')).toBeTruthy();
    expect(await within(counts).findByText('Declined: 1')).toBeTruthy();
  });

  it('shows no declined count when nobody declined', async () => {
    await openAdmin();
    await screen.findByRole('table', { name: 'Members' });
    const counts = screen.getByRole('list', { name: 'Member counts' });
    expect(within(counts).queryByText(/Declined/)).toBeNull();
  });

  it('links the avatars to the user edit page for admins only', async () => {
    const notAdmin = makeMe({ roles: [{ id: 'r-run', name: 'Meeting Runner', permissions: [] }] });
    await openAdmin({}, { me: { ...notAdmin, permissions: ['edit committees', 'view any meeting'] } });
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(within(table).queryAllByRole('link', { name: /edit user/ })).toEqual([]);
    expect(within(table).getByRole('img', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByText("Voting follows the position's voting rights.")).toBeTruthy();
    expect(screen.queryByText(/The avatar opens/)).toBeNull();
  });

  it('marks a member whose position is not one of the committee positions', async () => {
    const dropped = member(
      { id: 'u-3', name: 'Alan Turing', email: 'alan@example.org' },
      { id: 'm-3', position: 'Treasurer', is_voting: false },
    );
    await openAdmin({ [MEMBERS]: { body: [...members, dropped] } });
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(within(table).getByRole('row', { name: /Alan Turing/ }).textContent).toContain(
      'Treasurer (not a position)',
    );
    expect(within(table).getByRole('row', { name: /Grace Hopper/ }).textContent).not.toContain(
      'not a position',
    );
  });

  it('says "Term based" and that there are no members', async () => {
    await openAdmin({ [GET]: { body: makeCommittee({ year: null }) }, [MEMBERS]: { body: [] } });
    expect(screen.getAllByText('Term based').length).toBeGreaterThan(0);
    expect(await screen.findByText('This committee has no members yet.')).toBeTruthy();
  });

  it('is read-only without "edit committees"', async () => {
    await openAdmin({}, { me: viewer });
    await screen.findByRole('table', { name: 'Members' });
    expect(screen.getByText('You may view these settings but not change them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Member' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Committee' })).toBeNull();
  });

  it('shows the meetings and email-vote lists only to whoever may read them', async () => {
    const MEETINGS = 'GET /api/admin/committee/FIN/meetings';
    const VOTES = 'GET /api/admin/committee/FIN/votes';
    const lists = { [MEETINGS]: { body: [] }, [VOTES]: { body: [] } };
    // 'edit committees' and 'committee messaging' open the page but not its lists: no refusal in their place.
    const messenger = makeMe({ roles: [], permissions: ['edit committees', 'committee messaging'] });
    const first = await openAdmin(lists, { me: messenger });
    await screen.findByRole('table', { name: 'Members' });
    expect(screen.queryByRole('heading', { name: 'Meetings' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Email Votes' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(first.fetchMock.requestsTo(MEETINGS)).toEqual([]);
    expect(first.fetchMock.requestsTo(VOTES)).toEqual([]);
    first.unmount();

    await openAdmin(lists, { me: viewer });
    expect(await screen.findByText('No meetings yet')).toBeTruthy();
    expect(await screen.findByText('No email votes yet')).toBeTruthy();
  });

  it('exports the members as CSV, read-only viewers too', async () => {
    const download = captureDownload();
    const { user } = await openAdmin({}, { me: viewer });
    await screen.findByRole('table', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: 'CSV Export' }));
    expect(download.names).toHaveLength(1);
    expect(download.names[0]).toMatch(/^FIN-members-\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.csv$/);
    expect(await download.text()).toBe(
      [
        'NRDS,First Name,Last Name,Email,Position,Region,Voting,Status',
        '123456789,Ada,Lovelace,ada@example.org,Chair,North,Yes,Accepted',
        '123456789,Ada,Lovelace,grace@example.org,Staff Liaison,,No,Tentative',
        '',
      ].join('\n'),
    );
  });

  it('offers no export without members', async () => {
    await openAdmin({ [MEMBERS]: { body: [] } });
    expect(await screen.findByText('This committee has no members yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'CSV Export' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Member' })).toBeTruthy();
  });

  it('refuses a user without any committee permission', async () => {
    const fetchMock = mockFetch({ 'GET /api/me': { body: makeMe() } });
    renderApp('/admin/committee/FIN');
    expect(await screen.findByText('You do not have permission to view this committee.')).toBeTruthy();
    expect(fetchMock.requestsTo(GET)).toHaveLength(0);
  });

  it('refuses without a dead end: the page offers the way home', async () => {
    mockFetch({ 'GET /api/me': { body: makeMe() } });
    const { user, router } = renderApp('/admin/committee/FIN');
    await screen.findByText('You do not have permission to view this committee.');
    await user.click(screen.getByRole('link', { name: 'Go to Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('offers no retry for a member list it may not read', async () => {
    await openAdmin({ [MEMBERS]: { status: 403, body: { message: 'This action is unauthorized.' } } });
    expect(await screen.findByText('This action is unauthorized.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows a failed load with a retry', async () => {
    const fetchMock = mockFetch({
      'GET /api/me': { body: editor },
      [GET]: { status: 500, body: { message: '' } },
    });
    const { user } = renderApp('/admin/committee/FIN');
    expect(await screen.findByText('Unknown Retrieve Error... Please try again.')).toBeTruthy();
    expect(document.title).toBe('Committee · Gavel');
    fetchMock.on(GET, { body: committee });
    fetchMock.on(MEMBERS, { body: [] });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Finance Committee', level: 1 })).toBeTruthy();
    // The tab says which committee, once it is known.
    await waitFor(() => expect(document.title).toBe('Finance Committee · Gavel'));
  });

  it('offers the way back to the admin home instead of a retry for an unknown committee', async () => {
    mockFetch({
      'GET /api/me': { body: editor },
      'GET /api/admin/committee/NOPE': { status: 404, body: { message: 'Committee not found.' } },
      'GET /api/admin/years': { body: [] },
    });
    const { user, router } = renderApp('/admin/committee/NOPE?year=2026');
    expect(await screen.findByText('Committee not found.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Go to Admin' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(router.state.location.search).toBe('?year=2026');
  });

  it('saves the settings with new_code on a rename and moves to the new address', async () => {
    const { user, fetchMock, router } = await openAdmin({
      [PUT]: ({ body }) => ({ body: { ...committee, code: (body as { new_code: string }).new_code } }),
      'GET /api/admin/committee/FIN2': { body: { ...committee, code: 'FIN2' } },
      'GET /api/admin/committee/FIN2/members': { body: members },
    });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Finance Committee');
    expect(screen.getByRole('switch', { name: 'Term based' }).hasAttribute('disabled')).toBe(true);
    const code = screen.getByLabelText('Code');
    await user.clear(code);
    await user.type(code, 'FIN2');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/committee/FIN2'));
    expect(router.state.location.search).toBe('?year=2026');
    const [put] = fetchMock.requestsTo(PUT);
    expect(put?.path).toBe('/api/admin/committee/FIN');
    expect(put?.body).toMatchObject({ name: 'Finance Committee', year: 2026, new_code: 'FIN2' });
    expect(put?.body).not.toHaveProperty('code');
  });

  it('saves without new_code when the code is unchanged and stays', async () => {
    const { user, fetchMock, router } = await openAdmin({ [PUT]: { body: committee } });
    await user.clear(screen.getByLabelText('Quorum'));
    await user.type(screen.getByLabelText('Quorum'), '9');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(fetchMock.requestsTo(PUT)[0]?.body).toMatchObject({ quorum: 9 });
    expect(fetchMock.requestsTo(PUT)[0]?.body).not.toHaveProperty('new_code');
    expect(router.state.location.pathname).toBe('/admin/committee/FIN');
  });

  it('asks before leaving settings that are not saved, and not once they are', async () => {
    const { user, router } = await openAdmin({ [PUT]: { body: committee } });
    await user.clear(screen.getByLabelText('Quorum'));
    await user.type(screen.getByLabelText('Quorum'), '9');
    await router.navigate('/admin');
    const ask = await screen.findByRole('alertdialog', { name: UNSAVED_TITLE });
    await user.click(within(ask).getByRole('button', { name: 'Keep Editing' }));
    expect(router.state.location.pathname).toBe('/admin/committee/FIN');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    await router.navigate('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(screen.queryByRole('alertdialog', { name: UNSAVED_TITLE })).toBeNull();
  });

  it('says which position was renamed, so that its members move with it', async () => {
    const { user, fetchMock } = await openAdmin({ [PUT]: { body: committee } });
    const position = screen.getByLabelText('Position 3');
    expect((position as HTMLInputElement).value).toBe('Member');
    await user.clear(position);
    await user.type(position, 'Voting Member');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    const body = fetchMock.requestsTo(PUT)[0]?.body as Record<string, unknown>;
    expect(body.position_renames).toEqual([{ from: 'Member', to: 'Voting Member' }]);
    expect(body.voting_rights).toContainEqual({ position: 'Voting Member', is_voting: true });
  });

  it('renames a position saved earlier on the page from its saved name, so that its members move again', async () => {
    const saved = (body: { voting_rights: { position: string; is_voting: boolean }[] }) => ({
      body: {
        ...committee,
        voting_rights: body.voting_rights,
        positions: body.voting_rights.map((right) => right.position),
      },
    });
    const { user, fetchMock } = await openAdmin({
      [PUT]: ({ body }) => saved(body as Parameters<typeof saved>[0]),
    });
    const position = screen.getByLabelText('Position 3');
    await user.clear(position);
    await user.type(position, 'Delegate');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.requestsTo(PUT)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false),
    );

    // Renamed again, it is renamed from the name saved (the members now hold that one), not the one loaded.
    await user.clear(screen.getByLabelText('Position 3'));
    await user.type(screen.getByLabelText('Position 3'), 'Voting Member');
    await user.click(screen.getByRole('button', { name: 'Add Position' }));
    await user.type(screen.getByLabelText('Position 5'), 'Observer');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.requestsTo(PUT)).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false),
    );
    expect(fetchMock.requestsTo(PUT)[1]?.body).toHaveProperty('position_renames', [
      { from: 'Delegate', to: 'Voting Member' },
    ]);

    // A position added and saved in this visit is one of the committee's too: renaming it moves its members.
    await user.clear(screen.getByLabelText('Position 5'));
    await user.type(screen.getByLabelText('Position 5'), 'Guest');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.requestsTo(PUT)).toHaveLength(3));
    expect(fetchMock.requestsTo(PUT)[2]?.body).toHaveProperty('position_renames', [
      { from: 'Observer', to: 'Guest' },
    ]);
  });

  it("shows the server's refusal to remove a position members still hold with the positions", async () => {
    const refusal = "3 members hold the position 'Member'. Move them to another position before removing it.";
    const { user, fetchMock } = await openAdmin({
      [PUT]: { status: 422, body: { message: refusal, errors: { voting_rights: [refusal] } } },
    });
    await user.click(screen.getByRole('button', { name: 'Remove position 3' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetchMock.requestsTo(PUT)[0]?.body).not.toHaveProperty('position_renames');
  });

  it('keeps a position members hold, declined ones too: its remove button says why instead', async () => {
    const declined = member(
      { id: 'u-3', name: 'Alan Turing', email: 'alan@example.org' },
      { id: 'm-3', position: 'Member', appointment_status: 'Declined' },
    );
    const { user, fetchMock } = await openAdmin({
      [MEMBERS]: { body: [...members, declined] },
      [PUT]: { body: committee },
    });
    await screen.findByRole('table', { name: 'Members' });
    const remove = (n: number) => screen.getByRole('button', { name: `Remove position ${n}` });
    // Chair (Ada), Vice Chair (nobody), Member (Alan, declined), Staff Liaison (Grace).
    await waitFor(() => expect(remove(1).getAttribute('aria-disabled')).toBe('true'));
    for (const n of [1, 3, 4]) {
      expect(remove(n).getAttribute('aria-disabled')).toBe('true');
      expect(describedText(remove(n))).toBe(POSITION_HELD);
    }
    expect(remove(2).getAttribute('aria-disabled')).toBeNull();
    expect(describedText(remove(2))).toBe('');

    // Reached with the keyboard, it says why; pressed, it removes nothing.
    remove(1).focus();
    expect((await screen.findByRole('tooltip')).textContent).toBe(POSITION_HELD);
    await user.click(remove(1));
    await user.keyboard('{Enter}');
    expect((screen.getByLabelText('Position 1') as HTMLInputElement).value).toBe('Chair');

    // A position nobody holds goes; one renamed keeps its members (and cannot be removed either).
    await user.click(remove(2));
    expect(screen.queryByDisplayValue('Vice Chair')).toBeNull();
    const chair = screen.getByLabelText('Position 1');
    await user.clear(chair);
    await user.type(chair, 'Presiding Officer');
    expect(remove(1).getAttribute('aria-disabled')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const body = fetchMock.requestsTo(PUT)[0]?.body as Record<string, unknown>;
    expect(body.position_renames).toEqual([{ from: 'Chair', to: 'Presiding Officer' }]);
    expect(body.voting_rights).toEqual([
      { position: 'Presiding Officer', is_voting: true },
      { position: 'Member', is_voting: true },
      { position: 'Staff Liaison', is_voting: false },
    ]);
  });

  it('moves focus to a message about the whole list of positions, which may be far above Save', async () => {
    const refusal = "3 members hold the position 'Member'. Move them to another position before removing it.";
    const { user } = await openAdmin({
      [PUT]: { status: 422, body: { message: refusal, errors: { voting_rights: [refusal] } } },
    });
    await user.click(screen.getByRole('button', { name: 'Remove position 3' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe(refusal));

    // The same for the form's own check: a position named twice.
    await user.clear(screen.getByLabelText('Position 3'));
    await user.type(screen.getByLabelText('Position 3'), 'Chair');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(document.activeElement?.textContent).toBe('Each position may appear only once.'),
    );
  });

  it('refuses a demographic value that differs from another only in case, under that value', async () => {
    const { user, fetchMock } = await openAdmin({ [PUT]: { body: committee } });
    await user.click(screen.getByRole('button', { name: 'Add Value' }));
    await user.type(screen.getByRole('textbox', { name: 'Value 4' }), 'north');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const value = screen.getByRole('textbox', { name: 'Value 4' });
    const message =
      "The value 'north' is already in the list as 'North' (values may not differ only in case).";
    expect(await screen.findByText(message)).toBeTruthy();
    expect(value.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(value.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message);
    expect(fetchMock.requestsTo(PUT)).toHaveLength(0);
  });

  it('asks before a save that clears the demographic value members hold; Cancel sends nothing', async () => {
    const { user, fetchMock } = await openAdmin({ [PUT]: { body: committee } });
    await screen.findByRole('table', { name: 'Members' });
    const north = screen.getByRole('textbox', { name: 'Value 1' });
    await user.clear(north);
    await user.type(north, 'Nord');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Clear member values?' });
    expect(
      within(ask).getByText('1 member holds North, which this save removes: their Region will be cleared.'),
    ).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetchMock.requestsTo(PUT)).toHaveLength(0);
    expect((screen.getByRole('textbox', { name: 'Value 1' }) as HTMLInputElement).value).toBe('Nord');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const again = await screen.findByRole('alertdialog', { name: 'Clear member values?' });
    await user.click(within(again).getByRole('button', { name: 'Save and Clear' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(fetchMock.requestsTo(PUT)).toHaveLength(1);
    expect(fetchMock.requestsTo(PUT)[0]?.body).toMatchObject({ demographics: ['Nord', 'Central', 'South'] });
  });

  it('counts the members per value a save removes, and asks when the demographic is turned off', async () => {
    const held = (n: number, demographic: string) =>
      member({ id: `u-${n}`, name: `User ${n}`, email: `u${n}@example.org` }, { id: `m-${n}`, demographic });
    const { user, fetchMock } = await openAdmin({
      [PUT]: { body: committee },
      [MEMBERS]: { body: [...members, held(3, 'North'), held(4, 'South'), held(5, 'Central')] },
    });
    await screen.findByRole('table', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: 'Remove value 3' }));
    await user.click(screen.getByRole('button', { name: 'Remove value 1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Clear member values?' });
    expect(
      within(ask).getByText(
        '3 members hold North (2) and South (1), which this save removes: their Region will be cleared.',
      ),
    ).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await user.click(screen.getByRole('switch', { name: 'Has demographic' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const off = await screen.findByRole('alertdialog', { name: 'Clear member values?' });
    expect(
      within(off).getByText(
        '4 members hold North (2), South (1), and Central (1); with "Has demographic" turned off, their Region will be cleared.',
      ),
    ).toBeTruthy();
    await user.click(within(off).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.requestsTo(PUT)).toHaveLength(0);
  });

  it('saves at once when no member holds a value the save removes', async () => {
    const { user, fetchMock } = await openAdmin({ [PUT]: { body: committee } });
    await screen.findByRole('table', { name: 'Members' });
    // Ada holds North; nobody holds South.
    await user.click(screen.getByRole('button', { name: 'Remove value 3' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetchMock.requestsTo(PUT)[0]?.body).toMatchObject({ demographics: ['North', 'Central'] });
  });

  it('refuses to save a chair that is not one of the positions', async () => {
    const { user, fetchMock } = await openAdmin({
      [GET]: { body: makeCommittee({ chair_position: 'President' }) },
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The selected position is not one of the committee positions.'),
    ).toBeTruthy();
    expect(fetchMock.requestsTo(PUT)).toHaveLength(0);
  });

  it('adds a member found with the typeahead (from 2 characters, 10 at most, members excluded)', async () => {
    const { user, fetchMock } = await openAdmin({
      [SEARCH]: { body: [found(1), ...Array.from({ length: 11 }, (_, i) => found(i + 10))] },
      [ADD]: { status: 201, body: makeMembership({ id: 'm-3' }) },
    });
    await screen.findByRole('table', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Member' });
    const search = within(dialog).getByRole('combobox', { name: 'User' });

    await user.type(search, 'u');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetchMock.requestsTo(SEARCH)).toHaveLength(0);

    await user.type(search, 's');
    await within(dialog).findByRole('option', { name: /User10 Test/ });
    const options = within(dialog).getAllByRole('option');
    expect(options).toHaveLength(10);
    // 11 asked for (Ada left out), 12 answered: more may match.
    expect(within(dialog).getByText(moreMatches(10))).toBeTruthy();
    // u-1 (Ada) is a member already.
    expect(within(dialog).queryByRole('option', { name: /User1 Test/ })).toBeNull();

    await user.click(within(dialog).getByRole('option', { name: /User12 Test/ }));
    expect(within(dialog).getByText('user12@example.org')).toBeTruthy();
    // The search box gave way to the chosen user's card: focus is on the next field to fill, the Position.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('combobox', { name: 'Position' })),
    );
    // The card's Change gives the search box back, with focus in it.
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('combobox'));
    expect((document.activeElement as HTMLElement).id).toBe('add-member-user');
    await user.type(document.activeElement as HTMLElement, 'us');
    await user.click(await within(dialog).findByRole('option', { name: /User12 Test/ }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Position' }));
    await user.click(await screen.findByRole('option', { name: 'Member' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Region' }));
    await user.click(await screen.findByRole('option', { name: 'South' }));
    expect(within(dialog).getByRole('combobox', { name: 'Appointment status' }).textContent).toBe(
      'Tentative',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }));

    await waitFor(() => expect(fetchMock.requestsTo(ADD)).toHaveLength(1));
    expect(fetchMock.requestsTo(ADD)[0]?.body).toEqual({
      year: 2026,
      user_id: 'u-12',
      position: 'Member',
      demographic: 'South',
      appointment_status: 'Tentative',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Member' })).toBeNull());
  });

  it('gives focus back to the button that opened a member dialog when it closes', async () => {
    const { user } = await openAdmin();
    await screen.findByRole('table', { name: 'Members' });
    const add = screen.getByRole('button', { name: 'Add Member' });
    await user.click(add);
    await screen.findByRole('dialog', { name: 'Add Member' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(add));

    const [edit] = screen.getAllByRole('button', { name: /^Edit / });
    if (!edit) throw new Error('no Edit button');
    await user.click(edit);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(edit));
  });

  it("closes the user search's popup on Escape before the Add Member dialog, whatever it shows", async () => {
    const { user } = await openAdmin({ [SEARCH]: { body: [] } });
    await screen.findByRole('table', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Member' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Position' }));
    await user.click(await screen.findByRole('option', { name: 'Member' }));
    const search = within(dialog).getByRole('combobox', { name: 'User' });

    // "Type at least 2 characters to search": Escape closes that, the dialog stays.
    await user.type(search, 'z');
    expect(within(dialog).getByRole('status').textContent).toBe(TYPE_MORE);
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('status')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Add Member' })).toBe(dialog);

    // "No results found": the same.
    await user.type(search, 'z');
    expect(await within(dialog).findByText(NO_RESULTS)).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByText(NO_RESULTS)).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Add Member' })).toBe(dialog);
    expect(within(dialog).getByRole('combobox', { name: 'Position' }).textContent).toBe('Member');

    // Nothing shown any more: Escape closes the dialog.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Member' })).toBeNull());
  });

  it('closes the list of matches on Escape before the Add Member dialog', async () => {
    const { user } = await openAdmin({ [SEARCH]: { body: [found(12)] } });
    await screen.findByRole('table', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Member' });
    await user.type(within(dialog).getByRole('combobox', { name: 'User' }), 'us');
    await within(dialog).findByRole('option', { name: /User12 Test/ });
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Add Member' })).toBe(dialog);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Member' })).toBeNull());
  });

  it('asks for a user and a position before adding', async () => {
    const { user, fetchMock } = await openAdmin();
    await screen.findByRole('table', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Member' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }));
    expect(await within(dialog).findByText('The user field is required.')).toBeTruthy();
    expect(within(dialog).getByText('The position field is required.')).toBeTruthy();
    expect(fetchMock.requestsTo(ADD)).toHaveLength(0);
  });

  it('moves focus to the first field in error in the member dialogs', async () => {
    const EDIT = 'PUT /api/admin/committee/FIN/member/m-2';
    const refusal = 'The position field is required.';
    const { user } = await openAdmin({
      [EDIT]: { status: 422, body: { message: refusal, errors: { position: [refusal] } } },
    });
    await screen.findByRole('table', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Member' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }));
    await within(dialog).findByText('The user field is required.');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('combobox', { name: 'User' })),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Edit Grace Hopper' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Member' });
    await user.click(within(edit).getByRole('combobox', { name: 'Position' }));
    await user.click(await screen.findByRole('option', { name: 'Member' }));
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await within(edit).findByText(refusal);
    await waitFor(() =>
      expect(document.activeElement).toBe(within(edit).getByRole('combobox', { name: 'Position' })),
    );
  });

  it('says up front that a committee without positions needs one before adding a member', async () => {
    const { user, fetchMock } = await openAdmin({
      [GET]: {
        body: makeCommittee({
          positions: [],
          voting_rights: [],
          chair_position: null,
          vchair_position: null,
        }),
      },
      [MEMBERS]: { body: [] },
      [SEARCH]: { body: [found(5)] },
    });
    await screen.findByText('This committee has no members yet.');
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Member' });
    // A user chosen, there is no position to choose: focus goes to the card's Change.
    await user.type(within(dialog).getByRole('combobox', { name: 'User' }), 'us');
    await user.click(await within(dialog).findByRole('option', { name: /User5 Test/ }));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Change' })),
    );
    const position = within(dialog).getByRole('combobox', { name: 'Position' });
    expect(position.hasAttribute('disabled')).toBe(true);
    expect(position.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(position.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'This committee has no positions yet. Add a position in the settings first.',
    );
    const submit = within(dialog).getByRole('button', { name: 'Add Member' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    await user.click(submit);
    expect(within(dialog).queryByText('The position field is required.')).toBeNull();
    expect(fetchMock.requestsTo(ADD)).toHaveLength(0);
  });

  it("clears a field's error in the Add Member dialog once the field is filled", async () => {
    const { user } = await openAdmin({ [SEARCH]: { body: [found(12)] } });
    await screen.findByRole('table', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Member' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }));
    expect(await within(dialog).findByText('The user field is required.')).toBeTruthy();
    expect(within(dialog).getByText('The position field is required.')).toBeTruthy();

    await user.type(within(dialog).getByRole('combobox', { name: 'User' }), 'us');
    await user.click(await within(dialog).findByRole('option', { name: /User12 Test/ }));
    expect(within(dialog).queryByText('The user field is required.')).toBeNull();
    expect(within(dialog).getByText('The position field is required.')).toBeTruthy();

    await user.click(within(dialog).getByRole('combobox', { name: 'Position' }));
    await user.click(await screen.findByRole('option', { name: 'Member' }));
    expect(within(dialog).queryByText('The position field is required.')).toBeNull();
  });

  it("changes a member's status in the edit dialog only once confirmed, sending only the status", async () => {
    const EDIT = 'PUT /api/admin/committee/FIN/member/m-2';
    const { user, fetchMock } = await openAdmin({ [EDIT]: { body: members[1] } }, { me: decider });
    await screen.findByRole('table', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: 'Edit Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Member' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Appointment status' }));
    await user.click(await screen.findByRole('option', { name: 'Declined' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Confirm Action' });
    expect(
      within(confirm).getByText("Are you sure you want to Decline this appointment on the user's behalf?"),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetchMock.requestsTo(EDIT)).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Edit Member' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Confirm Action' });
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fetchMock.requestsTo(EDIT)).toHaveLength(1));
    // The position and demographic were left alone: a change made elsewhere meanwhile is not undone.
    expect(fetchMock.requestsTo(EDIT)[0]?.body).toEqual({ year: 2026, appointment_status: 'Declined' });
  });

  it("sends only a changed position, not the status as it was when the dialog opened (the member's own answer may have come since)", async () => {
    const EDIT = 'PUT /api/admin/committee/FIN/member/m-2';
    const { user, fetchMock } = await openAdmin({ [EDIT]: { body: members[1] } }, { me: decider });
    await screen.findByRole('table', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: 'Edit Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Member' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Position' }));
    await user.click(await screen.findByRole('option', { name: 'Member' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.requestsTo(EDIT)).toHaveLength(1));
    expect(screen.queryByRole('alertdialog', { name: 'Confirm Action' })).toBeNull();
    expect(fetchMock.requestsTo(EDIT)[0]?.body).toEqual({ year: 2026, position: 'Member' });
  });

  it('closes the edit dialog without a call when nothing was changed', async () => {
    const EDIT = 'PUT /api/admin/committee/FIN/member/m-2';
    const { user, fetchMock } = await openAdmin({ [EDIT]: { body: members[1] } }, { me: decider });
    await screen.findByRole('table', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: 'Edit Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Member' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Member' })).toBeNull());
    expect(fetchMock.requestsTo(EDIT)).toHaveLength(0);
  });

  it('leaves the appointment status to those who may accept or decline appointments', async () => {
    const { user } = await openAdmin();
    await screen.findByRole('table', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: 'Edit Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Member' });
    const status = within(dialog).getByRole('combobox', { name: 'Appointment status' });
    expect(status.hasAttribute('disabled')).toBe(true);
    expect(
      within(dialog).getByText('Only those who may accept or decline appointments can change this.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Position' }).hasAttribute('disabled')).toBe(false);
  });

  it('sends no demographic for a committee without one, though the member still holds a value', async () => {
    const EDIT = 'PUT /api/admin/committee/FIN/member/m-1';
    const { user, fetchMock } = await openAdmin({
      [GET]: { body: makeCommittee({ has_demographic: false, demographic_name: null, demographics: [] }) },
      [EDIT]: { body: members[0] },
    });
    await screen.findByRole('table', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: 'Edit Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Member' });
    expect(within(dialog).queryByRole('combobox', { name: 'Region' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.requestsTo(EDIT)).toHaveLength(1));
    expect(fetchMock.requestsTo(EDIT)[0]?.body).toEqual({ year: 2026, demographic: null });
  });

  it("shows the server's message for a field the member dialog does not show in the error dialog", async () => {
    const EDIT = 'PUT /api/admin/committee/FIN/member/m-1';
    const refusal = 'The selected demographic is not one of the committee values.';
    const { user } = await openAdmin({
      [GET]: { body: makeCommittee({ has_demographic: false, demographic_name: null, demographics: [] }) },
      [EDIT]: { status: 422, body: { message: refusal, errors: { demographic: [refusal] } } },
    });
    await screen.findByRole('table', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: 'Edit Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Member' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const error = await screen.findByRole('alertdialog', { name: 'Error Saving Member' });
    expect(within(error).getByText(refusal)).toBeTruthy();
  });

  it('removes a member only after "Yes, I\'m sure"', async () => {
    const REMOVE = 'DELETE /api/admin/committee/FIN/member/m-2';
    const { user, fetchMock } = await openAdmin({ [REMOVE]: { body: { ok: true } } });
    await screen.findByRole('table', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: 'Remove Grace Hopper' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.requestsTo(REMOVE)).toHaveLength(0);
    // Keyboard users carry on from the button that asked.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Grace Hopper' })),
    );

    await user.click(screen.getByRole('button', { name: 'Remove Grace Hopper' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: "Yes, I'm sure" }));
    await waitFor(() => expect(fetchMock.requestsTo(REMOVE)).toHaveLength(1));
    expect(fetchMock.requestsTo(REMOVE)[0]?.path).toBe('/api/admin/committee/FIN/member/m-2?year=2026');
    expect(await screen.findByText('Member Removed')).toBeTruthy();
  });

  it('gives focus back to Delete Committee when the confirmation is dismissed with Escape', async () => {
    const { user, fetchMock } = await openAdmin();
    const button = screen.getByRole('button', { name: 'Delete Committee' });
    await user.click(button);
    await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(fetchMock.requestsTo(DELETE)).toHaveLength(0);
  });

  it("deletes only after confirmation and shows the server's refusal", async () => {
    const refusal = 'The committee has meetings that have not ended and cannot be deleted.';
    const { user, fetchMock, router } = await openAdmin({
      [DELETE]: { status: 409, body: { message: refusal } },
    });
    await user.click(screen.getByRole('button', { name: 'Delete Committee' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    expect(fetchMock.requestsTo(DELETE)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: "Yes, I'm sure" }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Error Deleting Committee' });
    expect(within(dialog).getByText(refusal)).toBeTruthy();
    expect(fetchMock.requestsTo(DELETE)[0]?.path).toBe('/api/admin/committee/FIN?year=2026');
    expect(router.state.location.pathname).toBe('/admin/committee/FIN');
  });

  it('goes back to the admin home of the year after deleting', async () => {
    const { user, router } = await openAdmin({
      [DELETE]: { body: { ok: true } },
      'GET /api/admin/years': { body: [] },
    });
    await user.click(screen.getByRole('button', { name: 'Delete Committee' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: "Yes, I'm sure" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(router.state.location.search).toBe('?year=2026');
    expect(await screen.findByText('Committee Deleted')).toBeTruthy();
  });

  it('asks nothing more of the deleted committee on the way back to the admin home', async () => {
    // As in a browser, the admin home's chunk takes a moment: the committee's page stays on screen meanwhile.
    const { user, router, fetchMock, queryClient } = await openAdmin(
      {
        [DELETE]: { body: { ok: true } },
        'GET /api/admin/years': { body: [{ year: 2026, is_current: true }] },
        'GET /api/admin/2026/committees': { body: [] },
        'GET /api/admin/committee/FIN/votes': { body: [] },
      },
      { appRoutes: withSlowPage(routes, '/admin') },
    );
    await screen.findByRole('table', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: 'Delete Committee' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: "Yes, I'm sure" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(await screen.findByText('No committees found, try selecting a different year')).toBeTruthy();
    const after = fetchMock.requests().slice(fetchMock.requests().findIndex((r) => r.method === 'DELETE'));
    const asked = after.map((r) => `${r.method} ${r.path}`);
    expect(asked.filter((r) => r.startsWith(GET))).toEqual([]);
    // Its page gone, nothing of it is kept: a committee made again under the code starts afresh.
    expect(queryClient.getQueryState(queryKeys.committees.detail('FIN', 2026))).toBeUndefined();
    expect(queryClient.getQueryState(queryKeys.committees.members('FIN', 2026))).toBeUndefined();
  });
});

/**
 * As the browser does at its next frame: the focused button, disabled while its form is sent, loses focus
 * to <body>. (happy-dom's blur() ignores a disabled element, so the button is enabled for the moment.)
 */
function dropFocusOfDisabledButton() {
  const active = document.activeElement;
  if (!(active instanceof HTMLButtonElement) || !active.disabled) return;
  active.disabled = false;
  active.blur();
  active.disabled = true;
}

describe('CommitteeAdminPage: focus', { timeout: 20_000 }, () => {
  it('keeps focus on Save after saving with it', async () => {
    const { user } = await openAdmin({
      [PUT]: () => {
        dropFocusOfDisabledButton();
        return { body: committee };
      },
    });
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);
    expect(await screen.findByText('Saved')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(save));
  });

  it('gives focus back to Save when the error dialog of a failed save closes', async () => {
    const { user } = await openAdmin({
      [PUT]: () => {
        dropFocusOfDisabledButton();
        return { status: 500, body: { message: '' } };
      },
    });
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);
    const dialog = await screen.findByRole('alertdialog', { name: 'Error Saving Committee' });
    expect(within(dialog).getByText('Unknown Save Error... Please try again.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(save));
  });

  it('moves focus into a new position, and from a removed one to the next, else the one before, else Add', async () => {
    // Nobody holds a position: each can be removed.
    const { user } = await openAdmin({ [MEMBERS]: { body: [] } });
    await screen.findByText('This committee has no members yet.');
    const position = (n: number) => screen.getByLabelText(`Position ${n}`) as HTMLInputElement;
    await user.click(screen.getByRole('button', { name: 'Add Position' }));
    expect(document.activeElement).toBe(position(5));

    // Chair, Vice Chair, Member, Staff Liaison, (new): Vice Chair goes, Member comes up in its place.
    await user.click(screen.getByRole('button', { name: 'Remove position 2' }));
    await waitFor(() => expect(document.activeElement).toBe(position(2)));
    expect(position(2).value).toBe('Member');
    // The last one goes: the one before it.
    await user.click(screen.getByRole('button', { name: 'Remove position 4' }));
    await waitFor(() => expect(document.activeElement).toBe(position(3)));
    expect(position(3).value).toBe('Staff Liaison');
    for (const n of [3, 2, 1]) await user.click(screen.getByRole('button', { name: `Remove position ${n}` }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add Position' })),
    );
  });

  it('moves focus from a removed demographic value to the next one, else Add Value', async () => {
    const { user } = await openAdmin();
    await user.click(screen.getByRole('button', { name: 'Remove value 1' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Value 1' })),
    );
    await user.click(screen.getByRole('button', { name: 'Remove value 1' }));
    await user.click(screen.getByRole('button', { name: 'Remove value 1' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add Value' })),
    );
    await user.click(screen.getByRole('button', { name: 'Add Value' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Value 1' }));
  });

  it('moves focus from a removed member to the next member, else Add Member', async () => {
    const REMOVE = (id: string) => `DELETE /api/admin/committee/FIN/member/${id}`;
    let left = members;
    const { user } = await openAdmin({
      [MEMBERS]: () => ({ body: left }),
      [REMOVE('m-1')]: () => {
        left = left.filter((m) => m.id !== 'm-1');
        return { body: { ok: true } };
      },
      [REMOVE('m-2')]: () => {
        left = left.filter((m) => m.id !== 'm-2');
        return { body: { ok: true } };
      },
    });
    await screen.findByRole('table', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: 'Remove Ada Lovelace' }));
    await user.click(await screen.findByRole('button', { name: "Yes, I'm sure" }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Ada Lovelace/ })).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Grace Hopper' })),
    );

    await user.click(screen.getByRole('button', { name: 'Remove Grace Hopper' }));
    await user.click(await screen.findByRole('button', { name: "Yes, I'm sure" }));
    expect(await screen.findByText('This committee has no members yet.')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add Member' })),
    );
  });
});
