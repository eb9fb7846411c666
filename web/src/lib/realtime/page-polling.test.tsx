import { focusManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type * as React from 'react';
import { describe, expect, it } from 'vitest';
import { useEmailVote, useEmailVoteAttendance } from '@/features/email-votes/queries';
import { useAttendanceAction, useMeetingAttendance, useMeetingPage } from '@/features/meetings/queries';
import {
  makeAttendance,
  makeMeetingCommittee as makeCommittee,
  makeMeeting,
} from '@/features/meetings/test-fixtures';
import { useCastResponse, useCloseVote, useMotions } from '@/features/voting/queries';
import {
  makeMeetingCommittee,
  makeMotion,
  makeVote,
  meetingScope,
  reply,
} from '@/features/voting/test-fixtures';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { type FetchMock, mockFetch } from '@/test/fetch-mock';
import { makeEmailVote } from '@/test/fixtures';

const MEETING = 'GET /api/meeting/FIN/M1/retrieve/meeting';
const ATTENDANCE = 'GET /api/meeting/FIN/M1/retrieve/attendance';
const MOTIONS = 'GET /api/meeting/FIN/M1/retrieve/motions';
const CLOSE = 'PUT /api/admin/committee/FIN/meeting/M1/motion/mo-1/vote/v-1/close';
const CHECK_IN = 'POST /api/meeting/FIN/M1/user/u-1/attendance';
const VOTE = 'GET /api/vote/FIN/EV1/retrieve/vote';
const VOTE_ATTENDANCE = 'GET /api/vote/FIN/EV1/retrieve/attendance';
const VOTE_MOTIONS = 'GET /api/vote/FIN/EV1/retrieve/motions';
const RESPOND = 'POST /api/admin/committee/FIN/vote/EV1/motion/mo-1/vote/v-1/response';
const voteScope = { kind: 'vote', committeeCode: 'FIN', voteCode: 'EV1' } as const;
const POLL = 40;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An action answer that waits until the test releases it (with a success or a failure). */
function held() {
  let release: (reply: { status?: number; body?: unknown }) => void = () => undefined;
  const handler = () =>
    new Promise<{ status?: number; body?: unknown }>((resolve) => {
      release = resolve;
    });
  return { handler, release: (reply: { status?: number; body?: unknown }) => release(reply) };
}

function wrapper({ children }: { children: React.ReactNode }) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Every polled route stays silent while the action runs, and polls again after its outcome. */
async function expectPausedWhile(
  fetchMock: FetchMock,
  polled: string[],
  action: string,
  start: () => void,
  release: () => void,
) {
  await waitFor(() => {
    for (const route of polled) expect(fetchMock.requestsTo(route).length).toBeGreaterThanOrEqual(2);
  });
  act(start);
  await waitFor(() => expect(fetchMock.requestsTo(action)).toHaveLength(1));
  const during = polled.map((route) => fetchMock.requestsTo(route).length);
  await sleep(POLL * 6);
  expect(polled.map((route) => fetchMock.requestsTo(route).length)).toEqual(during);
  await act(async () => release());
  await waitFor(() => {
    polled.forEach((route, i) => {
      expect(fetchMock.requestsTo(route).length).toBeGreaterThanOrEqual((during[i] ?? 0) + 2);
    });
  });
}

describe('page polling', { timeout: 20_000 }, () => {
  const meetingRoutes = {
    [MEETING]: { body: { meeting: makeMeeting(), committee: makeCommittee(), resources: [] } },
    [ATTENDANCE]: { body: makeAttendance() },
    [MOTIONS]: { body: reply() },
  };
  const useMeetingQueries = () => {
    useMeetingPage('FIN', 'M1', POLL);
    useMeetingAttendance('FIN', 'M1', POLL);
    useMotions(meetingScope, () => POLL);
  };

  it('pauses the meeting, attendance and motions polling while a vote action runs', async () => {
    const close = held();
    const fetchMock = mockFetch({ ...meetingRoutes, [CLOSE]: close.handler });
    const { result } = renderHook(
      () => {
        useMeetingQueries();
        return useCloseVote(meetingScope);
      },
      { wrapper },
    );
    await expectPausedWhile(
      fetchMock,
      [MEETING, ATTENDANCE, MOTIONS],
      CLOSE,
      () => result.current.mutate({ id: 'mo-1', voteId: 'v-1' }),
      () => close.release({ body: { motion: makeMotion(), vote: makeVote(), message: 'Vote Closed' } }),
    );
  });

  it('pauses the motions polling too while an attendance action runs, and resumes after a failure', async () => {
    const checkIn = held();
    const fetchMock = mockFetch({ ...meetingRoutes, [CHECK_IN]: checkIn.handler });
    const { result } = renderHook(
      () => {
        useMeetingQueries();
        return useAttendanceAction('/meeting/FIN/M1', queryKeys.meetings.attendance('FIN', 'M1'));
      },
      { wrapper },
    );
    await expectPausedWhile(
      fetchMock,
      [MEETING, ATTENDANCE, MOTIONS],
      CHECK_IN,
      () => result.current.mutate({ type: 'check-in', userId: 'u-1', via: 'in_person' }),
      () => checkIn.release({ status: 500, body: {} }),
    );
  });

  it('keeps polling during an action while realtime is connected (the pause is for realtime down)', async () => {
    const close = held();
    const fetchMock = mockFetch({ ...meetingRoutes, [CLOSE]: close.handler });
    const { result } = renderHook(
      () => {
        useMeetingPage('FIN', 'M1', POLL, true);
        useMeetingAttendance('FIN', 'M1', POLL, true);
        useMotions(meetingScope, () => POLL, true);
        return useCloseVote(meetingScope);
      },
      { wrapper },
    );
    act(() => result.current.mutate({ id: 'mo-1', voteId: 'v-1' }));
    await waitFor(() => expect(fetchMock.requestsTo(CLOSE)).toHaveLength(1));
    const during = [MEETING, ATTENDANCE, MOTIONS].map((route) => fetchMock.requestsTo(route).length);
    await waitFor(() => {
      [MEETING, ATTENDANCE, MOTIONS].forEach((route, i) => {
        expect(fetchMock.requestsTo(route).length).toBeGreaterThanOrEqual((during[i] ?? 0) + 2);
      });
    });
    await act(async () =>
      close.release({ body: { motion: makeMotion(), vote: makeVote(), message: 'Vote Closed' } }),
    );
  });

  it("pauses the email vote's vote, attendance and motions polling while a response is sent", async () => {
    const respond = held();
    const fetchMock = mockFetch({
      [VOTE]: { body: { ...makeEmailVote(), committee: makeMeetingCommittee() } },
      [VOTE_ATTENDANCE]: { body: makeAttendance() },
      [VOTE_MOTIONS]: { body: reply() },
      [RESPOND]: respond.handler,
    });
    const { result } = renderHook(
      () => {
        useEmailVote('FIN', 'EV1', POLL);
        useEmailVoteAttendance('FIN', 'EV1', POLL);
        useMotions(voteScope, () => POLL);
        return useCastResponse(voteScope);
      },
      { wrapper },
    );
    await expectPausedWhile(
      fetchMock,
      [VOTE, VOTE_ATTENDANCE, VOTE_MOTIONS],
      RESPOND,
      () => result.current.mutate({ id: 'mo-1', voteId: 'v-1', vote: 'in_favor' }),
      () => respond.release({ status: 422, body: { message: 'Voting closed' } }),
    );
  });
});

describe('motions on a tab looked at again', () => {
  it("refetches when the window regains focus, so a member's other tab shows the vote they cast elsewhere", async () => {
    const fetchMock = mockFetch({ [MOTIONS]: { body: reply() } });
    // The app's client, which does not refetch on focus unless a query asks to.
    const client = createQueryClient();
    renderHook(() => useMotions(meetingScope, () => false, true), {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    await waitFor(() => expect(fetchMock.requestsTo(MOTIONS)).toHaveLength(1));
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(fetchMock.requestsTo(MOTIONS)).toHaveLength(2));
    act(() => focusManager.setFocused(undefined));
  });

  it('does not refetch on focus while an action pauses the page (socket down), and does after it', async () => {
    const close = held();
    const fetchMock = mockFetch({ [MOTIONS]: { body: reply() }, [CLOSE]: close.handler });
    const client = createQueryClient();
    const { result } = renderHook(
      () => {
        useMotions(meetingScope, () => false, false);
        return useCloseVote(meetingScope);
      },
      { wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> },
    );
    const refocus = () =>
      act(() => {
        focusManager.setFocused(false);
        focusManager.setFocused(true);
      });
    await waitFor(() => expect(fetchMock.requestsTo(MOTIONS)).toHaveLength(1));
    act(() => result.current.mutate({ id: 'mo-1', voteId: 'v-1' }));
    await waitFor(() => expect(fetchMock.requestsTo(CLOSE)).toHaveLength(1));
    refocus();
    await sleep(POLL * 3);
    expect(fetchMock.requestsTo(MOTIONS)).toHaveLength(1);
    await act(async () =>
      close.release({ body: { motion: makeMotion(), vote: makeVote(), message: 'Vote Closed' } }),
    );
    await waitFor(() => expect(fetchMock.requestsTo(MOTIONS)).toHaveLength(2));
    refocus();
    await waitFor(() => expect(fetchMock.requestsTo(MOTIONS)).toHaveLength(3));
    act(() => focusManager.setFocused(undefined));
  });
});
