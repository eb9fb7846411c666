import type { TUserEditView } from '@gavel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DISCARD_CHANGES, KEEP_EDITING, UNSAVED_TITLE } from '@/lib/use-unsaved-changes';
import { json, mockFetch } from '@/test/fetch-mock';
import { makeMe, makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const target = makeUser({
  id: 'u-9',
  first_name: 'Grace',
  last_name: 'Hopper',
  displayed_first_name: 'Grace',
  nickname: null,
  name: 'Grace Hopper',
  email: 'grace@example.org',
});

function editView(roles: string[] = ['member'], ownDisplayed: string | null = null): TUserEditView {
  return {
    user: target,
    own_displayed_first_name: ownDisplayed,
    roles,
    available_roles: [
      { id: 'r-1', name: 'admin', permissions: [] },
      { id: 'r-2', name: 'member', permissions: [{ name: 'view any meeting' }] },
      { id: 'r-4', name: 'observer', permissions: [] },
      { id: 'r-3', name: 'global admin', permissions: [] },
    ],
  };
}

const GET = 'GET /api/admin/users/u-9';
const PUT = 'PUT /api/admin/users/u-9';

async function openEdit(routes: Parameters<typeof mockFetch>[0]) {
  const fetchMock = mockFetch({ 'GET /api/me': { body: makeMe() }, [GET]: { body: editView() }, ...routes });
  const app = renderApp('/admin/users/u-9/edit');
  await screen.findByLabelText('First name');
  return { ...app, fetchMock };
}

/** Whether leaving the page now (reload, closing the tab) would ask: the page cancelled beforeunload. */
function browserWouldAsk(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('UserEditPage', () => {
  it('asks before leaving changes that are not saved, in the app and the browser, and not once saved', async () => {
    const { user, router } = await openEdit({ [PUT]: { body: editView() } });
    expect(browserWouldAsk()).toBe(false);
    await user.type(screen.getByLabelText('Nickname'), 'Amazing Grace');
    expect(browserWouldAsk()).toBe(true);
    await router.navigate('/admin');
    const ask = await screen.findByRole('alertdialog', { name: UNSAVED_TITLE });
    await user.click(within(ask).getByRole('button', { name: KEEP_EDITING }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/admin/users/u-9/edit');
    expect((screen.getByLabelText('Nickname') as HTMLInputElement).value).toBe('Amazing Grace');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(browserWouldAsk()).toBe(false);
    await router.navigate('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('alertdialog', { name: UNSAVED_TITLE })).toBeNull();
  });

  it('leaves with the changes discarded once the user says so', async () => {
    const { user, router } = await openEdit({});
    await user.click(screen.getByRole('switch', { name: 'admin' }));
    await router.navigate('/');
    const ask = await screen.findByRole('alertdialog', { name: UNSAVED_TITLE });
    await user.click(within(ask).getByRole('button', { name: DISCARD_CHANGES }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('saves names, email and roles, and says "Saved"', async () => {
    const { user, fetchMock } = await openEdit({
      [PUT]: ({ body }) => ({ body: { ...editView((body as { roles: string[] }).roles) } }),
    });
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Grace');
    const adminSwitch = screen.getByRole('switch', { name: 'admin' });
    expect(adminSwitch.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'member' }).getAttribute('aria-checked')).toBe('true');
    expect(
      screen.getByRole('switch', { name: 'global admin' }).getAttribute('aria-describedby'),
    ).toBeTruthy();
    expect(screen.getByText('Every permission')).toBeTruthy();
    expect(screen.getByText('Manages users')).toBeTruthy();
    expect(screen.getByText('No permissions')).toBeTruthy();
    expect(screen.getByText('view any meeting')).toBeTruthy();

    await user.type(screen.getByLabelText('Nickname'), 'Amazing Grace');
    await user.click(adminSwitch);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(fetchMock.requestsTo(PUT)[0]?.body).toEqual({
      first_name: 'Grace',
      last_name: 'Hopper',
      displayed_first_name: null,
      nickname: 'Amazing Grace',
      email: 'grace@example.org',
      roles: ['member', 'admin'],
    });
  });

  it('leaves the displayed first name empty unless set, so a renamed user shows the new first name', async () => {
    const { user, fetchMock } = await openEdit({ [PUT]: { body: editView() } });
    expect((screen.getByLabelText('Displayed first name') as HTMLInputElement).value).toBe('');
    const first = screen.getByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'Amazing');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(fetchMock.requestsTo(PUT)[0]?.body).toMatchObject({
      first_name: 'Amazing',
      displayed_first_name: null,
    });
  });

  it('shows a displayed first name that is set', async () => {
    await openEdit({ [GET]: { body: editView(['member'], 'Gracie') } });
    expect((screen.getByLabelText('Displayed first name') as HTMLInputElement).value).toBe('Gracie');
  });

  it('disables Save while saving (prevent-duplicate-submission)', async () => {
    let answer: (response: Response) => void = () => {};
    const { user, fetchMock } = await openEdit({ [PUT]: () => new Promise<Response>((r) => (answer = r)) });
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await user.click(save);
    expect(save.disabled).toBe(true);
    await user.click(save);
    expect(fetchMock.requestsTo(PUT)).toHaveLength(1);
    answer(json(200, editView()));
    await waitFor(() => expect(save.disabled).toBe(false));
  });

  it('shows field errors from the server under their fields', async () => {
    const { user } = await openEdit({
      [PUT]: {
        status: 400,
        body: {
          message: 'The given data was invalid.',
          errors: { email: ['The email has already been taken.'] },
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The email has already been taken.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('moves focus to the first field with an error, from the server or the form', async () => {
    const { user } = await openEdit({
      [PUT]: { status: 400, body: { message: '', errors: { email: ['The email has already been taken.'] } } },
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The email has already been taken.');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    await user.clear(screen.getByLabelText('Last name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The last name field is required.');
    expect(document.activeElement).toBe(screen.getByLabelText('Last name'));
  });

  it('checks required fields with the shared contract before sending', async () => {
    const { user, fetchMock } = await openEdit({});
    await user.clear(screen.getByLabelText('Last name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The last name field is required.')).toBeTruthy();
    expect(fetchMock.requestsTo(PUT)).toHaveLength(0);
  });

  it.each([
    ['', 'Unknown Save Error... Please try again.'],
    ['You may not grant the global admin role.', 'You may not grant the global admin role.'],
  ])('shows a failed save (message %j) in an error dialog', async (message, shown) => {
    const { user } = await openEdit({ [PUT]: { status: 422, body: { message } } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(shown)).toBeTruthy();
  });

  it('refuses the page to a user who is not an admin', async () => {
    const fetchMock = mockFetch({ 'GET /api/me': { body: makeMe({ roles: [] }) } });
    renderApp('/admin/users/u-9/edit');
    expect(await screen.findByText('You do not have permission to edit users.')).toBeTruthy();
    expect(fetchMock.requestsTo(GET)).toHaveLength(0);
  });

  it("keeps an admin's own admin roles switched on, saying why; their other roles stay theirs to change", async () => {
    mockFetch({
      'GET /api/me': { body: makeMe({ user: { id: 'u-9' } }) },
      [GET]: { body: editView(['admin', 'member']) },
    });
    renderApp('/admin/users/u-9/edit');
    const own = await screen.findByRole('switch', { name: 'admin' });
    expect(own.hasAttribute('disabled')).toBe(true);
    expect(own.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('You cannot remove your own admin role. Another admin can.')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'member' }).hasAttribute('disabled')).toBe(false);
    // A role they do not hold yet may still be switched on.
    expect(screen.getByRole('switch', { name: 'global admin' }).hasAttribute('disabled')).toBe(false);
  });

  it("lets an admin switch off another user's admin role", async () => {
    await openEdit({ [GET]: { body: editView(['admin']) } });
    expect(screen.getByRole('switch', { name: 'admin' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(/You cannot remove your own/)).toBeNull();
  });

  it('names the page while the user loads', async () => {
    mockFetch({ 'GET /api/me': { body: makeMe() }, [GET]: () => new Promise(() => {}) });
    renderApp('/admin/users/u-9/edit');
    expect(await screen.findByRole('heading', { name: 'Edit User' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading');
  });

  it('says so when the user does not exist', async () => {
    mockFetch({
      'GET /api/me': { body: makeMe() },
      [GET]: { status: 404, body: { message: 'User not found.' } },
    });
    renderApp('/admin/users/u-9/edit');
    expect(await screen.findByText('User not found.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Edit User' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
