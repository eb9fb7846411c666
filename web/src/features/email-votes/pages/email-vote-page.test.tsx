import type { TRetrieveEmailVoteReply } from '@gavel/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeMeetingCommittee } from '@/features/voting/test-fixtures';
import { FakeSocket } from '@/lib/realtime/fake-socket';
import { mockFetch } from '@/test/fetch-mock';
import { makeEmailVote, makeMe } from '@/test/fixtures';
import { renderApp } from '@/test/render';

vi.mock('@/lib/realtime/socket', () => ({
  RECONNECT_DELAY_MS: 1_000,
  JOIN_TIMEOUT_MS: 10_000,
  createSocket: () => new FakeSocket(),
}));

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
      'GET /api/vote/FIN/RV3/retrieve/vote': { status: 404, body: { message: 'That vote does not exist.' } },
      'GET /api/vote/FIN/RV3/retrieve/attendance': {
        status: 404,
        body: { message: 'That vote does not exist.' },
      },
      'GET /api/vote/FIN/RV3/retrieve/motions': {
        status: 404,
        body: { message: 'That vote does not exist.' },
      },
    });
    renderApp('/vote/FIN/RV3');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('That vote does not exist.')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
