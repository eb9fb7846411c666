import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommitteeMeetingsSection } from '@/features/meetings/components/committee-meetings-section';
import { makeMeeting } from '@/features/meetings/test-fixtures';
import { principal } from '@/features/voting/test-fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { makeEmailVote } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const day = 86_400_000;

function open(
  permissions: string[],
  meetings: unknown[],
  votes: unknown[],
  year: number | null = null,
  roles: string[] = [],
  routes: Parameters<typeof mockFetch>[0] = {},
) {
  const fetchMock = mockFetch({
    'GET /api/admin/committee/FIN/meetings': { body: meetings },
    'GET /api/admin/committee/FIN/votes': { body: votes },
    ...routes,
  });
  const view = renderApp('/', {
    routes: [
      {
        path: '/',
        element: (
          <CommitteeMeetingsSection
            committee={{ code: 'FIN', year }}
            principal={{ ...principal(permissions), roles }}
          />
        ),
      },
    ],
  });
  return Object.assign(fetchMock, { view });
}

describe('the committee admin page lists its meetings and email votes', () => {
  it('links each one, and offers New and Edit to whoever may use them', async () => {
    open(
      ['create meetings', 'update meetings', 'create email vote'],
      [makeMeeting(), makeMeeting({ id: 'mt-2', code: 'M0', name: 'Old meeting', status: 'ended' })],
      [
        makeEmailVote(),
        makeEmailVote({
          id: 'ev-2',
          code: 'EV0',
          name: 'Closed vote',
          start: new Date(Date.now() - 3 * day).toISOString(),
          end: new Date(Date.now() - 2 * day).toISOString(),
          can_modify: false,
        }),
      ],
    );
    const meetings = await screen.findByRole('list', { name: 'Meetings' });
    const first = within(meetings).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(first).getAllByRole('link')[0]?.getAttribute('href')).toBe('/meeting/FIN/M1');
    expect(
      within(meetings)
        .getAllByRole('link', { name: /^Edit/ })
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/admin/committee/FIN/meeting/M1/edit']);
    expect(screen.getByRole('link', { name: 'New Meeting' }).getAttribute('href')).toBe(
      '/admin/committee/FIN/meeting/create',
    );
    const votes = await screen.findByRole('list', { name: 'Email Votes' });
    expect(within(votes).getByRole('link', { name: 'Budget Approval' }).getAttribute('href')).toBe(
      '/vote/FIN/EV1',
    );
    expect(
      within(votes)
        .getAllByText(/^(In Progress|Ended)$/)
        .map((b) => b.textContent),
    ).toEqual(['In Progress', 'Ended']);
    expect(
      within(votes)
        .getAllByRole('link', { name: /^Edit/ })
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/admin/committee/FIN/vote/EV1/edit']);
    expect(screen.getByRole('link', { name: 'New Email Vote' }).getAttribute('href')).toBe(
      '/admin/committee/FIN/vote/create',
    );
  });

  it('says when there are none, and offers nothing to change without the permissions', async () => {
    open(['view any meeting'], [], []);
    expect(await screen.findByText('No meetings yet')).toBeTruthy();
    expect(await screen.findByText('No email votes yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /New|Edit/ })).toBeNull();
  });

  it("lists a year's committee's own meetings and votes, and creates new ones there", async () => {
    // Codes repeat across years: FIN of 2025 is another committee than FIN of the newest year.
    const fetchMock = open(['create meetings', 'create email vote'], [], [], 2025);
    expect(await screen.findByText('No meetings yet')).toBeTruthy();
    expect(await screen.findByText('No email votes yet')).toBeTruthy();
    expect(
      fetchMock
        .requests()
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/api/admin/committee/FIN/meetings?year=2025', '/api/admin/committee/FIN/votes?year=2025']);
    expect(screen.getByRole('link', { name: 'New Meeting' }).getAttribute('href')).toBe(
      '/admin/committee/FIN/meeting/create?year=2025',
    );
    expect(screen.getByRole('link', { name: 'New Email Vote' }).getAttribute('href')).toBe(
      '/admin/committee/FIN/vote/create?year=2025',
    );
  });

  it('offers Edit for a running email vote that has responses (the end may still move), none once ended', async () => {
    const hour = 3_600_000;
    open(
      ['create email vote'],
      [],
      [
        makeEmailVote({
          code: 'ANS',
          name: 'Answered vote',
          start: new Date(Date.now() - hour).toISOString(),
          end: new Date(Date.now() + hour).toISOString(),
          can_modify: false,
        }),
        makeEmailVote({
          id: 'ev-2',
          code: 'END',
          name: 'Ended vote',
          start: new Date(Date.now() - 3 * hour).toISOString(),
          end: new Date(Date.now() - 2 * hour).toISOString(),
          can_modify: false,
        }),
      ],
    );
    const votes = await screen.findByRole('list', { name: 'Email Votes' });
    expect(
      within(votes)
        .getAllByRole('link', { name: /^Edit/ })
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/admin/committee/FIN/vote/ANS/edit']);
  });

  it.each([['edit committees'], ['committee messaging']])(
    'shows neither list, nor asks for it, to whoever may only open the page (%s)',
    async (permission) => {
      const fetchMock = open([permission], [makeMeeting()], [makeEmailVote()]);
      // Nothing to wait for: neither card is there from the first render on.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(fetchMock.view.container.textContent).toBe('');
      expect(fetchMock.requests()).toEqual([]);
    },
  );

  it.each(['create meetings', 'update meetings', 'delete meetings', 'view any meeting', 'run meetings'])(
    'shows both lists to a holder of %s (who may list the meetings, and so the email votes)',
    async (permission) => {
      open([permission], [makeMeeting()], [makeEmailVote()]);
      expect(await screen.findByRole('list', { name: 'Meetings' })).toBeTruthy();
      expect(await screen.findByRole('list', { name: 'Email Votes' })).toBeTruthy();
    },
  );

  it('shows only the email votes to a holder of create email vote, and to an admin, without a meetings permission', async () => {
    for (const [permissions, roles] of [
      [['create email vote'], []],
      [[], ['admin']],
    ]) {
      const fetchMock = open(permissions as string[], [makeMeeting()], [makeEmailVote()], null, roles);
      expect(await screen.findByRole('list', { name: 'Email Votes' })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'Meetings' })).toBeNull();
      expect(screen.queryByText('Meetings')).toBeNull();
      expect(fetchMock.requests().map((r) => r.path)).toEqual(['/api/admin/committee/FIN/votes']);
      fetchMock.view.unmount();
    }
  });

  describe('deleting an ended meeting, which no page leads to any more', () => {
    const DELETE = 'DELETE /api/admin/committee/FIN/meeting/M0';
    const ended = makeMeeting({ id: 'mt-2', code: 'M0', name: 'Old meeting', status: 'ended' });

    it('offers Delete on an ended meeting only, and deletes it after "Yes, I\'m sure"', async () => {
      let meetings = [makeMeeting(), ended];
      const fetchMock = open(['update meetings', 'delete meetings'], [], [], null, [], {
        'GET /api/admin/committee/FIN/meetings': () => ({ body: meetings }),
        [DELETE]: () => {
          meetings = [makeMeeting()];
          return { body: { ok: true } };
        },
      });
      const { user } = fetchMock.view;
      const list = await screen.findByRole('list', { name: 'Meetings' });
      expect(
        within(list)
          .getAllByRole('button', { name: /^Delete/ })
          .map((b) => b.getAttribute('aria-label')),
      ).toEqual(['Delete Old meeting']);

      await user.click(within(list).getByRole('button', { name: 'Delete Old meeting' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
      expect(within(dialog).getByText('Old meeting will be deleted.')).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(fetchMock.requestsTo(DELETE)).toEqual([]);

      await user.click(within(list).getByRole('button', { name: 'Delete Old meeting' }));
      await user.click(await screen.findByRole('button', { name: "Yes, I'm sure" }));
      expect(await screen.findByText('Meeting Deleted')).toBeTruthy();
      await waitFor(() => expect(within(list).queryByRole('link', { name: 'Old meeting' })).toBeNull());
      expect(fetchMock.requestsTo(DELETE)).toHaveLength(1);
      expect(within(list).getByRole('link', { name: 'November Meeting' })).toBeTruthy();
    });

    it("moves focus on to the next Delete, else the previous one, else the list's heading", async () => {
      const older = makeMeeting({ id: 'mt-3', code: 'M00', name: 'Older meeting', status: 'ended' });
      const oldest = makeMeeting({ id: 'mt-4', code: 'M000', name: 'Oldest meeting', status: 'ended' });
      let meetings = [ended, older, oldest];
      const gone = (code: string) => () => {
        meetings = meetings.filter((m) => m.code !== code);
        return { body: { ok: true } };
      };
      const fetchMock = open(['delete meetings'], [], [], null, [], {
        'GET /api/admin/committee/FIN/meetings': () => ({ body: meetings }),
        [DELETE]: gone('M0'),
        'DELETE /api/admin/committee/FIN/meeting/M000': gone('M000'),
        'DELETE /api/admin/committee/FIN/meeting/M00': gone('M00'),
      });
      const { user } = fetchMock.view;
      const deleteAndWait = async (name: string) => {
        await user.click(await screen.findByRole('button', { name: `Delete ${name}` }));
        await user.click(await screen.findByRole('button', { name: "Yes, I'm sure" }));
        await waitFor(() => expect(screen.queryByRole('link', { name })).toBeNull());
      };

      // The first of three: the next row's Delete.
      await deleteAndWait('Old meeting');
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Older meeting' })),
      );
      // The last of two: the one before it.
      await deleteAndWait('Oldest meeting');
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Older meeting' })),
      );
      // The only one: the list's heading, with 'No meetings yet' after it.
      await deleteAndWait('Older meeting');
      expect(await screen.findByText('No meetings yet')).toBeTruthy();
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Meetings' })),
      );
    });

    it('moves focus on to the next meeting itself when it has no Delete (not ended)', async () => {
      let meetings = [ended, makeMeeting()];
      const fetchMock = open(['delete meetings'], [], [], null, [], {
        'GET /api/admin/committee/FIN/meetings': () => ({ body: meetings }),
        [DELETE]: () => {
          meetings = [makeMeeting()];
          return { body: { ok: true } };
        },
      });
      const { user } = fetchMock.view;
      await user.click(await screen.findByRole('button', { name: 'Delete Old meeting' }));
      await user.click(await screen.findByRole('button', { name: "Yes, I'm sure" }));
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByRole('link', { name: 'November Meeting' })),
      );
    });

    it('gives focus back to Delete once the refusal is dismissed', async () => {
      const fetchMock = open(['delete meetings'], [ended], [], null, [], {
        [DELETE]: { status: 422, body: { message: 'The meeting cannot be deleted.' } },
      });
      const { user } = fetchMock.view;
      const button = await screen.findByRole('button', { name: 'Delete Old meeting' });
      await user.click(button);
      await user.click(await screen.findByRole('button', { name: "Yes, I'm sure" }));
      const error = await screen.findByRole('alertdialog', { name: 'Error Deleting Meeting' });
      await user.click(within(error).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(button));
    });

    it("says why the server refused, and offers no Delete without 'delete meetings'", async () => {
      const fetchMock = open(['delete meetings'], [ended], [], null, [], {
        [DELETE]: { status: 422, body: { message: 'The meeting cannot be deleted.' } },
      });
      const { user } = fetchMock.view;
      await user.click(await screen.findByRole('button', { name: 'Delete Old meeting' }));
      await user.click(await screen.findByRole('button', { name: "Yes, I'm sure" }));
      const error = await screen.findByRole('alertdialog', { name: 'Error Deleting Meeting' });
      expect(within(error).getByText('The meeting cannot be deleted.')).toBeTruthy();
      fetchMock.view.unmount();

      open(['update meetings', 'view any meeting'], [ended], []);
      expect(await screen.findByRole('link', { name: 'Old meeting' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    });
  });

  it('shows each list loading while its answer is on the way', async () => {
    open(['view any meeting'], [], [], null, [], {
      'GET /api/admin/committee/FIN/votes': () => new Promise(() => {}),
    });
    expect(await screen.findByText('No meetings yet')).toBeTruthy();
    const votesCard = screen.getByRole('heading', { name: 'Email Votes' }).closest('[data-slot="card"]');
    expect(within(votesCard as HTMLElement).getByRole('status').textContent).toBe('Loading…');
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('says why a list failed, with a retry that shows it once it answers', async () => {
    let fail = true;
    const fetchMock = open(['view any meeting'], [], [], null, [], {
      'GET /api/admin/committee/FIN/meetings': () =>
        fail
          ? { status: 500, body: { message: 'The meetings are not available.' } }
          : { body: [makeMeeting()] },
      // A vote list the server does not know (404) is not asked for again.
      'GET /api/admin/committee/FIN/votes': { status: 404, body: { message: 'Not found.' } },
    });
    const { user } = fetchMock.view;
    const meetingsCard = (await screen.findByRole('heading', { name: 'Meetings' })).closest(
      '[data-slot="card"]',
    ) as HTMLElement;
    const alert = await within(meetingsCard).findByRole('alert');
    expect(within(alert).getByText('The meetings are not available.')).toBeTruthy();
    const votesCard = screen.getByRole('heading', { name: 'Email Votes' }).closest('[data-slot="card"]');
    const votesAlert = await within(votesCard as HTMLElement).findByRole('alert');
    expect(within(votesAlert).getByText('Not found.')).toBeTruthy();
    expect(within(votesAlert).queryByRole('button', { name: 'Try again' })).toBeNull();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(meetingsCard).findByRole('link', { name: 'November Meeting' })).toBeTruthy();
    expect(within(meetingsCard).queryByRole('alert')).toBeNull();
    expect(fetchMock.requestsTo('GET /api/admin/committee/FIN/votes')).toHaveLength(1);
  });
});

describe('the committee admin page’s lists follow the clock and the window', () => {
  afterEach(() => vi.useRealTimers());

  it('shows a vote that closes while the page is open as Ended, without its Edit link, and one that opens as In Progress', async () => {
    // The page's one-second clock and the time it reads, under the test's control; fetches keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const now = Date.now();
    const fetchMock = open(
      ['create email vote'],
      [],
      [
        makeEmailVote({
          name: 'Closing vote',
          start: new Date(now - day).toISOString(),
          end: new Date(now + 5_000).toISOString(),
        }),
        makeEmailVote({
          id: 'ev-2',
          code: 'EV2',
          name: 'Opening vote',
          start: new Date(now + 3_000).toISOString(),
          end: new Date(now + day).toISOString(),
          phase: 'planned',
        }),
      ],
    );
    const votes = await screen.findByRole('list', { name: 'Email Votes' });
    const badges = () =>
      within(votes)
        .getAllByText(/^(Planned|In Progress|Ended)$/)
        .map((b) => b.textContent);
    const edits = () =>
      within(votes)
        .queryAllByRole('link', { name: /^Edit/ })
        .map((a) => a.getAttribute('aria-label'));
    expect(badges()).toEqual(['In Progress', 'Planned']);
    expect(edits()).toEqual(['Edit Closing vote', 'Edit Opening vote']);

    act(() => vi.advanceTimersByTime(4_000));
    expect(badges()).toEqual(['In Progress', 'In Progress']);
    act(() => vi.advanceTimersByTime(2_000));
    expect(badges()).toEqual(['Ended', 'In Progress']);
    expect(edits()).toEqual(['Edit Opening vote']);
    // Worked out from the clock: the list was not fetched again.
    expect(fetchMock.requestsTo('GET /api/admin/committee/FIN/votes')).toHaveLength(1);
  });

  it('fetches both lists again when the window regains focus', async () => {
    const fetchMock = open(['update meetings', 'create email vote'], [makeMeeting()], [makeEmailVote()]);
    await screen.findByRole('list', { name: 'Email Votes' });
    await screen.findByRole('list', { name: 'Meetings' });
    fetchMock.on('GET /api/admin/committee/FIN/meetings', {
      body: [makeMeeting({ name: 'Renamed meeting', status: 'ended' })],
    });
    fetchMock.on('GET /api/admin/committee/FIN/votes', { body: [makeEmailVote({ name: 'Renamed vote' })] });
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await screen.findByRole('link', { name: 'Renamed meeting' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Renamed vote' })).toBeTruthy();
    expect(fetchMock.requestsTo('GET /api/admin/committee/FIN/meetings')).toHaveLength(2);
    expect(fetchMock.requestsTo('GET /api/admin/committee/FIN/votes')).toHaveLength(2);
  });
});
