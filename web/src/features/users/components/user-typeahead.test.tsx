import type { TUserSearchResult } from '@gavel/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  moreMatches,
  NO_RESULTS,
  ONLY_EXCLUDED,
  UserTypeahead,
} from '@/features/users/components/user-typeahead';
import { createQueryClient } from '@/lib/query-client';
import { mockFetch } from '@/test/fetch-mock';

const SEARCH = 'POST /api/admin/users/list';

function result(n: number): TUserSearchResult {
  return {
    id: `u-${n}`,
    nrds: null,
    first_name: `Dana${n}`,
    last_name: 'Smith',
    displayed_first_name: `Dana${n}`,
    sort_name: `Smith, Dana${n}`,
    name: `Dana${n} Smith`,
    email: `dana${n}@example.org`,
    profile_display_url: null,
  };
}

function setup(found: TUserSearchResult[], excludeIds: string[] = [], options: { retry?: boolean } = {}) {
  const fetchMock = mockFetch({ 'GET /api/me': { status: 401, body: {} }, [SEARCH]: { body: found } });
  const onSelect = vi.fn();
  const client = createQueryClient();
  if (options.retry === false) client.setQueryDefaults(['users'], { retry: false });
  render(
    <QueryClientProvider client={client}>
      <label htmlFor="who">User</label>
      <UserTypeahead id="who" excludeIds={excludeIds} onSelect={onSelect} />
    </QueryClientProvider>,
  );
  return { fetchMock, onSelect, user: userEvent.setup() };
}

describe('UserTypeahead', () => {
  it('does not search under 2 characters', async () => {
    const { fetchMock, user } = setup([result(1)]);
    await user.type(screen.getByRole('combobox', { name: 'User' }), 'd');
    expect(screen.getByText('Type at least 2 characters to search')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetchMock.requestsTo(SEARCH)).toHaveLength(0);
  });

  it('searches once typing pauses and shows at most 10 matches with name and email', async () => {
    const { fetchMock, user } = setup(Array.from({ length: 12 }, (_, i) => result(i + 1)));
    await user.type(screen.getByRole('combobox', { name: 'User' }), 'dana');
    expect(await screen.findByRole('option', { name: /Dana1 Smith/ })).toBeTruthy();
    expect(screen.getAllByRole('option')).toHaveLength(10);
    expect(screen.getByText('dana1@example.org')).toBeTruthy();
    // Debounced: one request for the whole word, asking for 10.
    expect(fetchMock.requestsTo(SEARCH).map((r) => r.body)).toEqual([{ query: 'dana', limit: 10 }]);
  });

  it('says under a full answer that more users may match and more text narrows them, and not under a short one', async () => {
    const { fetchMock, user } = setup(Array.from({ length: 10 }, (_, i) => result(i + 1)));
    const input = screen.getByRole('combobox', { name: 'User' });
    await user.type(input, 'dana');
    await screen.findByRole('option', { name: /Dana1 Smith/ });
    expect(screen.getByRole('status').textContent).toBe(
      'Showing the first 10 matches: type more to narrow the search.',
    );
    fetchMock.on(SEARCH, { body: Array.from({ length: 9 }, (_, i) => result(i + 1)) });
    await user.type(input, 'x');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(9));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('counts the members left out of a full answer: the matches shown are still only the first', async () => {
    // 13 asked for (3 members left out), 13 answered: 10 shown, and more may match.
    const { user } = setup(
      Array.from({ length: 13 }, (_, i) => result(i + 1)),
      ['u-1', 'u-2', 'u-3'],
    );
    await user.type(screen.getByRole('combobox', { name: 'User' }), 'dana');
    await screen.findByRole('option', { name: /Dana4 Smith/ });
    expect(screen.getAllByRole('option')).toHaveLength(10);
    expect(screen.getByRole('status').textContent).toBe(moreMatches(10));
  });

  it('takes no more text than the server searches (255 characters), so the search never fails on its length', async () => {
    const { fetchMock, user } = setup([]);
    const box = screen.getByRole('combobox', { name: 'User' }) as HTMLInputElement;
    await user.click(box);
    await user.paste('x'.repeat(300));
    expect(box.value).toHaveLength(255);
    expect(await screen.findByText(NO_RESULTS)).toBeTruthy();
    expect(fetchMock.requestsTo(SEARCH).map((r) => r.body)).toEqual([{ query: 'x'.repeat(255), limit: 10 }]);
  });

  it('leaves out excluded users and says when nothing is left, or when everyone found was left out', async () => {
    const { fetchMock, user } = setup([result(1), result(2)], ['u-1']);
    const found: Record<string, TUserSearchResult[]> = { dana: [result(1), result(2)], dana1: [result(1)] };
    fetchMock.on(SEARCH, ({ body }) => ({ body: found[(body as { query: string }).query] ?? [] }));
    const input = screen.getByRole('combobox', { name: 'User' });
    await user.type(input, 'dana');
    expect(await screen.findByRole('option', { name: /Dana2 Smith/ })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Dana1 Smith/ })).toBeNull();
    // A member of a big committee: the search found only members, and more of the name will narrow it.
    await user.clear(input);
    await user.type(input, 'dana1');
    expect(await screen.findByText(ONLY_EXCLUDED)).toBeTruthy();
    expect(screen.queryByText(NO_RESULTS)).toBeNull();
    await user.clear(input);
    await user.type(input, 'zed');
    expect(await screen.findByText(NO_RESULTS)).toBeTruthy();
  });

  it('asks for as many more as it leaves out, so excluded users never hide a match', async () => {
    const found = Array.from({ length: 12 }, (_, i) => result(i + 1));
    const { fetchMock, user } = setup(found, ['u-1', 'u-2', 'u-3']);
    await user.type(screen.getByRole('combobox', { name: 'User' }), 'dana');
    expect(await screen.findByRole('option', { name: /Dana4 Smith/ })).toBeTruthy();
    expect(fetchMock.requestsTo(SEARCH).map((r) => r.body)).toEqual([{ query: 'dana', limit: 13 }]);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toHaveLength(9);
    expect(screen.getByRole('option', { name: /Dana12 Smith/ })).toBeTruthy();
  });

  it("shows 'No results found' for an empty answer", async () => {
    const { user } = setup([]);
    await user.type(screen.getByRole('combobox', { name: 'User' }), 'zz');
    expect(await screen.findByText('No results found')).toBeTruthy();
  });

  it("says a failed search in the spec's words and asks again from Try again or Enter", async () => {
    const { fetchMock, user } = setup([], [], { retry: false });
    fetchMock.on(SEARCH, { status: 503 });
    const input = screen.getByRole('combobox', { name: 'User' });
    await user.type(input, 'dana');
    expect(await screen.findByText('Unknown Search Error...')).toBeTruthy();
    // The same text is not asked for again by itself: Try again asks, keeping focus in the box.
    fetchMock.on(SEARCH, { status: 500, body: { message: 'Boom from server' } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Boom from server')).toBeTruthy();
    expect(document.activeElement).toBe(input);
    fetchMock.on(SEARCH, { body: [result(1)] });
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('option', { name: /Dana1 Smith/ })).toBeTruthy();
    expect(fetchMock.requestsTo(SEARCH)).toHaveLength(3);
  });

  it('picks a match with the arrow keys and Enter', async () => {
    const { onSelect, user } = setup([result(1), result(2)]);
    const input = screen.getByRole('combobox', { name: 'User' });
    await user.type(input, 'dana');
    await screen.findByRole('option', { name: /Dana2 Smith/ });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: /Dana2 Smith/ });
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(second.id);
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(result(2));
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('picks a match with the mouse', async () => {
    const { onSelect, user } = setup([result(1)]);
    await user.type(screen.getByRole('combobox', { name: 'User' }), 'dana');
    await user.click(await screen.findByRole('option', { name: /Dana1 Smith/ }));
    expect(onSelect).toHaveBeenCalledWith(result(1));
  });
});
