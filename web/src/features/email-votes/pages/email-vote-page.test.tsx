import type { TEmailVote, TRetrieveEmailVoteReply } from '@gavel/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAttendance, makeAttendanceMember } from '@/features/meetings/test-fixtures';
import { makeMeetingCommittee, makeMotion, makeVote, reply } from '@/features/voting/test-fixtures';
import { FakeSocket } from '@/lib/realtime/fake-socket';
import { mockFetch } from '@/test/fetch-mock';
import { makeEmailVote, makeMe } from '@/test/fixtures';
import { expectLiveTitleAlternating } from '@/test/live-title';
import { renderApp } from '@/test/render';

const sockets: FakeSocket[] = [];
vi.mock('@/lib/realtime/socket', () => ({
  RECONNECT_DELAY_MS: 1_000,
  JOIN_TIMEOUT_MS: 10_000,
  createSocket: () => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket;
  },
}));

beforeEach(() => {
  sockets.length = 0;
});

function emailVote(overrides: Partial<TRetrieveEmailVoteReply> = {}): TRetrieveEmailVoteReply {
  return {
    ...makeEmailVote(),
    committee: makeMeetingCommittee({ name: 'Finance Committee', code: 'FIN', year: 2026 }),
    ...overrides,
  };
}

describe('EmailVotePage', () => {
  it('shows the countdown, banner and links, and the progress counts when attendance is not served', async () => {
    mockFetch({
      'GET /api/me': { body: makeMe({ permissions: ['create email vote'] }) },
      'GET /api/vote/FIN/EV1/retrieve/vote': { body: emailVote() },
      'GET /api/vote/FIN/EV1/retrieve/attendance': { status: 404, body: { message: 'Not found' } },
      'GET /api/vote/FIN/EV1/retrieve/motions': { body: { motions: [], votes: [], responses: [] } },
    });
    renderApp('/vote/FIN/EV1');
    expect(await screen.findByRole('heading', { name: 'Budget Approval' })).toBeTruthy();
    expect(screen.getByText('Vote Active')).toBeTruthy();
    expect(screen.getByText('Vote scheduled for:')).toBeTruthy();
    expect(screen.getByRole('timer', { name: 'Closes in' }).textContent).toMatch(
      /^Closes in2Days0Hours0Minutes\d+Seconds$/,
    );
    expect(screen.getByRole('link', { name: /Edit Vote/ }).getAttribute('href')).toBe(
      '/admin/committee/FIN/vote/EV1/edit',
    );
    expect(screen.getByRole('link', { name: /Committee Admin/ }).getAttribute('href')).toBe(
      '/admin/committee/FIN?year=2026',
    );
    expect(
      await screen.findByText('2 voted, 1 partially voted, 2 not started of 5 voting members'),
    ).toBeTruthy();
  });

  it("shows an ordinary member the committee from retrieve/vote, without asking for the committee's admin answer", async () => {
    const fetchMock = mockFetch({
      'GET /api/me': { body: makeMe({ roles: [], permissions: [] }) },
      'GET /api/vote/FIN/EV1/retrieve/vote': { body: emailVote({ can_modify: false }) },
      'GET /api/vote/FIN/EV1/retrieve/attendance': { status: 404, body: { message: 'Not found' } },
      'GET /api/vote/FIN/EV1/retrieve/motions': { body: { motions: [], votes: [], responses: [] } },
    });
    renderApp('/vote/FIN/EV1');
    expect(await screen.findByRole('heading', { name: 'Budget Approval' })).toBeTruthy();
    expect(screen.getByText('Finance Committee')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Committee Admin/ })).toBeNull();
    expect(fetchMock.requests().filter((r) => r.path.startsWith('/api/admin/'))).toEqual([]);
  });

  it('offers a way home, not a retry, for a vote that does not exist', async () => {
    mockFetch({
      'GET /api/me': { body: makeMe({ roles: [], permissions: [] }) },
      'GET /api/vote/FIN/RV3/retrieve/vote': { status: 404, body: { message: 'Vote not found.' } },
      'GET /api/vote/FIN/RV3/retrieve/attendance': {
        status: 404,
        body: { message: 'Vote not found.' },
      },
      'GET /api/vote/FIN/RV3/retrieve/motions': {
        status: 404,
        body: { message: 'Vote not found.' },
      },
    });
    renderApp('/vote/FIN/RV3');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Vote not found.')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

describe('EmailVotePage tab title', () => {
  const TITLE = 'Budget Approval · Gavel';
  // The page's one-second clock under the test's control; fetches and waitFor keep real time.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
  afterEach(() => vi.useRealTimers());
  const nextTick = () => act(() => vi.advanceTimersByTime(1_000));

  function openVote(vote: TRetrieveEmailVoteReply) {
    mockFetch({
      'GET /api/me': { body: makeMe({ roles: [], permissions: [] }) },
      'GET /api/vote/FIN/EV1/retrieve/vote': { body: vote },
      'GET /api/vote/FIN/EV1/retrieve/attendance': { body: makeAttendance([makeAttendanceMember()]) },
      'GET /api/vote/FIN/EV1/retrieve/motions': { body: { motions: [], votes: [], responses: [] } },
    });
    renderApp('/vote/FIN/EV1');
  }

  it("alternates with the '-- LIVE --' prefix on every even tick while the vote is in progress", async () => {
    openVote(emailVote());
    expect(await screen.findByText('Vote Active')).toBeTruthy();
    // The clock's first tick (1) is odd: the plain title.
    await waitFor(() => expect(document.title).toBe(TITLE));
    expectLiveTitleAlternating(TITLE, nextTick);
  });

  it('keeps the plain title on every tick while the vote is planned', async () => {
    const DAY = 24 * 3_600_000;
    openVote(
      emailVote({
        start: new Date(Date.now() + DAY).toISOString(),
        end: new Date(Date.now() + 2 * DAY).toISOString(),
        phase: 'planned',
      }),
    );
    expect(await screen.findByText(/^Vote Opens/)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(TITLE));
    for (let tick = 2; tick <= 5; tick++) {
      nextTick();
      expect(document.title).toBe(TITLE);
    }
  });
});

describe('EmailVotePage live', () => {
  const VOTE = 'GET /api/vote/FIN/EV1/retrieve/vote';
  const MOTIONS = 'GET /api/vote/FIN/EV1/retrieve/motions';
  const DAY = 24 * 3_600_000;

  /** The open vote's page for voting member u-1, its one motion's ballot over the vote's window. */
  async function openPage() {
    const vote = emailVote();
    const ballot = (window: Pick<TEmailVote, 'start' | 'end'>) =>
      reply({
        motions: [makeMotion({ meeting_id: null, email_vote_id: vote.id, motion_vote_id: 'v-1' })],
        votes: [
          makeVote({
            meeting_id: null,
            email_vote_id: vote.id,
            started_at: window.start,
            ended_at: window.end,
            respondents_count: 0,
          }),
        ],
      });
    const fetchMock = mockFetch({
      'GET /api/me': { body: makeMe({ roles: [], permissions: [] }) },
      [VOTE]: { body: vote },
      'GET /api/vote/FIN/EV1/retrieve/attendance': { body: makeAttendance([makeAttendanceMember()]) },
      [MOTIONS]: { body: ballot(vote) },
    });
    renderApp('/vote/FIN/EV1');
    expect(await screen.findByText('Vote in progress')).toBeTruthy();
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket');
    socket.ack = { ok: true, channel: `vote.${vote.id}` };
    await act(async () => socket.fire('connect'));
    /** The server's 'vote.state' for the vote's window as it now is. */
    const state = (window: Pick<TEmailVote, 'start' | 'end'>, name = vote.name) =>
      act(async () =>
        socket.fire('gavel', {
          channel: `vote.${vote.id}`,
          kind: 'vote.state',
          payload: {
            email_vote: { id: vote.id, committee_id: vote.committee_id, code: vote.code, name, ...window },
          },
        }),
      );
    return { vote, ballot, fetchMock, state };
  }

  it('follows a moved window on the motion cards: postponed, then opened early again', async () => {
    const { vote, ballot, fetchMock, state } = await openPage();
    // A rename leaves the window and its ballots as they were: only the vote is asked again.
    fetchMock.on(VOTE, { body: { ...vote, name: 'Budget Approval 2027' } });
    await state(vote, 'Budget Approval 2027');
    expect(await screen.findByRole('heading', { name: 'Budget Approval 2027' })).toBeTruthy();
    expect(fetchMock.requestsTo(MOTIONS)).toHaveLength(1);

    const later = {
      start: new Date(Date.now() + DAY).toISOString(),
      end: new Date(Date.now() + 2 * DAY).toISOString(),
    };
    fetchMock.on(VOTE, { body: { ...vote, ...later, phase: 'planned' } });
    fetchMock.on(MOTIONS, { body: ballot(later) });
    await state(later);
    await waitFor(() => expect(screen.queryByText('Vote in progress')).toBeNull());
    expect(screen.queryByRole('button', { name: /^Vote 'Approve'/ })).toBeNull();

    fetchMock.on(VOTE, { body: vote });
    fetchMock.on(MOTIONS, { body: ballot(vote) });
    await state(vote);
    expect(await screen.findByText('Vote in progress')).toBeTruthy();
    expect(screen.getByRole('button', { name: "Vote 'Approve' on Adopt the budget" })).toBeTruthy();
  });

  it('says that a vote deleted while its page is open is gone, with the way home', async () => {
    const { vote, fetchMock, state } = await openPage();
    const gone = { status: 404, body: { message: 'Vote not found.' } };
    fetchMock.on(VOTE, gone);
    fetchMock.on(MOTIONS, gone);
    await state(vote);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Vote not found.')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('Vote Active')).toBeNull();
    expect(screen.queryByText('Vote in progress')).toBeNull();
  });
});
