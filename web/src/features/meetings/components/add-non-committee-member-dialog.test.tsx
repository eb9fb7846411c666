import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AddNonCommitteeMemberDialog } from '@/features/meetings/components/add-non-committee-member-dialog';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

const SEARCH = 'POST /api/admin/users/list';

function open(reply: { status?: number; body?: unknown }) {
  const fetchMock = mockFetch({ [SEARCH]: reply });
  const onAdd = vi.fn(async () => true);
  const view = renderApp('/', {
    routes: [
      {
        path: '/',
        element: (
          <AddNonCommitteeMemberDialog
            modes={['in_person', 'remote']}
            listed={new Set(['u-1'])}
            purpose="check-in"
            onAdd={onAdd}
          />
        ),
      },
    ],
  });
  return { ...view, fetchMock, onAdd };
}

describe('AddNonCommitteeMemberDialog', () => {
  it("says 'No Search Criteria Entered' without criteria, and 'No Users Found' for no match", async () => {
    const { user, fetchMock } = open({ body: [] });
    await user.click(screen.getByRole('button', { name: /Add Non-Committee Member/ }));
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    expect(screen.getByText('No Search Criteria Entered')).toBeTruthy();
    expect(fetchMock.requestsTo(SEARCH)).toHaveLength(0);
    await user.type(screen.getByLabelText('Last Name'), 'Nobody');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No Users Found')).toBeTruthy();
    expect(fetchMock.requestsTo(SEARCH)[0]?.body).toEqual({
      nrds: '',
      first_name: '',
      last_name: 'Nobody',
      email: '',
    });
  });

  it('takes no more of a criterion than the server searches (255 characters)', async () => {
    const { user, fetchMock } = open({ body: [] });
    await user.click(screen.getByRole('button', { name: /Add Non-Committee Member/ }));
    await user.click(await screen.findByLabelText('Email'));
    await user.paste('x'.repeat(300));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No Users Found')).toBeTruthy();
    expect(fetchMock.requestsTo(SEARCH)[0]?.body).toMatchObject({ email: 'x'.repeat(255) });
  });

  it('searches again for the same criteria after a failed search', async () => {
    const { user, fetchMock } = open({ status: 500, body: { message: 'Boom from server' } });
    await user.click(screen.getByRole('button', { name: /Add Non-Committee Member/ }));
    await user.type(await screen.findByLabelText('Last Name'), 'Hopper');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Boom from server')).toBeTruthy();
    fetchMock.on(SEARCH, { body: [] });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No Users Found')).toBeTruthy();
    expect(screen.queryByText('Boom from server')).toBeNull();
    expect(fetchMock.requestsTo(SEARCH)).toHaveLength(2);
  });

  it("falls back to 'Unknown Search Error...' and adds a found user", async () => {
    const { user, fetchMock, onAdd } = open({ status: 500, body: { message: '' } });
    await user.click(screen.getByRole('button', { name: /Add Non-Committee Member/ }));
    await user.type(await screen.findByLabelText('Email'), 'x@example.org');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Unknown Search Error...')).toBeTruthy();
    const found = {
      id: 'u-7',
      nrds: null,
      first_name: 'Grace',
      last_name: 'Hopper',
      displayed_first_name: 'Grace',
      sort_name: 'Hopper, Grace',
      name: 'Grace Hopper',
      email: 'grace@example.org',
      profile_display_url: null,
    };
    fetchMock.on(SEARCH, { body: [found] });
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'grace@example.org');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Add Grace Hopper' }));
    expect(onAdd).toHaveBeenCalledWith(found, 'in_person');
  });

  it("gives phones 44 px touch targets: its button, Search, Add and the dialog's Close", async () => {
    const classes = (el: HTMLElement) => el.className.split(/\s+/);
    const found = (id: string, name: string) => ({
      id,
      nrds: null,
      first_name: name,
      last_name: 'User',
      displayed_first_name: name,
      sort_name: `User, ${name}`,
      name: `${name} User`,
      email: `${id}@example.org`,
      profile_display_url: null,
    });
    const { user } = open({ body: [found('u-7', 'New'), found('u-1', 'Listed')] });
    // 44 px on phones; from the sm breakpoint the buttons' own sizes (32 px small, 36 px, 28 px Close).
    const trigger = screen.getByRole('button', { name: /Add Non-Committee Member/ });
    expect(classes(trigger)).toEqual(expect.arrayContaining(['min-h-11', 'sm:min-h-8']));
    await user.click(trigger);
    expect(classes(await screen.findByRole('button', { name: 'Close' }))).toEqual(
      expect.arrayContaining(['size-11', 'sm:size-7']),
    );
    const search = screen.getByRole('button', { name: 'Search' });
    expect(classes(search)).toEqual(expect.arrayContaining(['min-h-11', 'sm:min-h-9']));
    await user.type(screen.getByLabelText('Last Name'), 'User');
    await user.click(search);
    for (const name of ['Add New User', 'Add Listed User']) {
      expect(classes(await screen.findByRole('button', { name }))).toEqual(
        expect.arrayContaining(['min-h-11', 'sm:min-h-8']),
      );
    }
  });
});
