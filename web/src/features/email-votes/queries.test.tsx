import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCreateEmailVote, useDeleteEmailVote } from '@/features/email-votes/queries';
import { CommitteeMeetingsSection } from '@/features/meetings/components/committee-meetings-section';
import { principal } from '@/features/voting/test-fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { makeEmailVote } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const LIST = 'GET /api/admin/committee/FIN/votes';

/** Changes made elsewhere (the vote's form pages): a delete, and a create that names no year. */
function Changes() {
  const remove = useDeleteEmailVote('FIN', 'EV1');
  const create = useCreateEmailVote('FIN');
  return (
    <>
      <button type="button" onClick={() => remove.mutate()}>
        Delete
      </button>
      <button
        type="button"
        onClick={() =>
          create.mutate({
            code: 'EV2',
            name: 'New vote',
            description: null,
            start: makeEmailVote().start,
            end: makeEmailVote().end,
          })
        }
      >
        Create
      </button>
    </>
  );
}

/** The email votes of FIN of 2025 (an older year: codes repeat across years). */
function open(before: unknown[], after: unknown[]) {
  let votes = before;
  const change = () => {
    votes = after;
    return { body: makeEmailVote() };
  };
  const fetchMock = mockFetch({
    'GET /api/admin/committee/FIN/meetings': { body: [] },
    [LIST]: () => ({ body: votes }),
    'DELETE /api/admin/committee/FIN/vote/EV1': change,
    'POST /api/admin/committee/FIN/vote': change,
  });
  const app = renderApp('/', {
    routes: [
      {
        path: '/',
        element: (
          <>
            <CommitteeMeetingsSection
              committee={{ code: 'FIN', year: 2025 }}
              principal={principal(['create email vote'])}
            />
            <Changes />
          </>
        ),
      },
    ],
  });
  return { ...app, fetchMock };
}

describe("an email vote's change refreshes its committee's list of every year", () => {
  it('drops a deleted vote, with its Edit link, from the list of a year-based committee', async () => {
    const { user, fetchMock } = open([makeEmailVote({ name: 'Gone vote' })], []);
    expect(await screen.findByRole('link', { name: 'Gone vote' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No email votes yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Gone vote/ })).toBeNull();
    expect(fetchMock.requestsTo(LIST).map((r) => r.path)).toEqual([
      '/api/admin/committee/FIN/votes?year=2025',
      '/api/admin/committee/FIN/votes?year=2025',
    ]);
  });

  it('lists a vote created without naming the year', async () => {
    const { user } = open([], [makeEmailVote({ name: 'New vote' })]);
    expect(await screen.findByText('No email votes yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('link', { name: 'New vote' })).toBeTruthy();
  });
});

describe("a committee's email-vote list left open", () => {
  it('is fetched again when the window regains focus, showing a vote closed meanwhile as Ended without Edit', async () => {
    const open = makeEmailVote({ name: 'Budget vote' });
    const { fetchMock } = openList([open]);
    await screen.findByRole('list', { name: 'Email Votes' });
    expect(await screen.findByRole('link', { name: 'Edit Budget vote' })).toBeTruthy();
    // Closed early by another manager while this page sat in a background tab.
    fetchMock.on(LIST, {
      body: [{ ...open, end: new Date(Date.now() - 1_000).toISOString(), phase: 'ended' }],
    });
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await screen.findByText('Ended')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit Budget vote' })).toBeNull();
    expect(fetchMock.requestsTo(LIST)).toHaveLength(2);
  });
});

/** FIN's Email Votes list as the committee admin page shows it to a vote manager. */
function openList(votes: unknown[]) {
  const fetchMock = mockFetch({
    'GET /api/admin/committee/FIN/meetings': { body: [] },
    [LIST]: { body: votes },
  });
  const app = renderApp('/', {
    routes: [
      {
        path: '/',
        element: (
          <CommitteeMeetingsSection
            committee={{ code: 'FIN', year: null }}
            principal={principal(['create email vote'])}
          />
        ),
      },
    ],
  });
  return { ...app, fetchMock };
}
