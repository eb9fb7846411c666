import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type * as React from 'react';
import { describe, expect, it } from 'vitest';
import { flattenedOrder } from '@/features/voting/components/motions-panel';
import { useCloseVote, useMotions } from '@/features/voting/queries';
import { makeMotion, makeVote, meetingScope, reply } from '@/features/voting/test-fixtures';
import { mockFetch } from '@/test/fetch-mock';

const RETRIEVE = 'GET /api/meeting/FIN/M1/retrieve/motions';
const CLOSE = 'PUT /api/admin/committee/FIN/meeting/M1/motion/mo-1/vote/v-1/close';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('motions fetching', { timeout: 20_000 }, () => {
  it('pauses polling while an action runs and resumes after it', async () => {
    let release: () => void = () => undefined;
    const fetchMock = mockFetch({
      [RETRIEVE]: { body: reply() },
      [CLOSE]: () =>
        new Promise((resolve) => {
          release = () =>
            resolve({ body: { motion: makeMotion(), vote: makeVote(), message: 'Vote Closed' } });
        }),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: React.ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => ({ motions: useMotions(meetingScope, () => 40), close: useCloseVote(meetingScope) }),
      { wrapper },
    );
    await waitFor(() => expect(fetchMock.requestsTo(RETRIEVE).length).toBeGreaterThanOrEqual(3));

    act(() => {
      result.current.close.mutate({ id: 'mo-1', voteId: 'v-1' });
    });
    await waitFor(() => expect(fetchMock.requestsTo(CLOSE)).toHaveLength(1));
    const during = fetchMock.requestsTo(RETRIEVE).length;
    await sleep(250);
    expect(fetchMock.requestsTo(RETRIEVE)).toHaveLength(during);

    await act(async () => {
      release();
    });
    await waitFor(() => expect(fetchMock.requestsTo(RETRIEVE).length).toBeGreaterThanOrEqual(during + 2));
  });
});

describe('flattenedOrder', () => {
  it('lists each root motion followed by its amendments, depth first', () => {
    const motions = [
      makeMotion({ id: 'a', sort: 0 }),
      makeMotion({ id: 'b', sort: 1 }),
      makeMotion({ id: 'a1', amendment_parent_id: 'a', sort: 0 }),
      makeMotion({ id: 'a1x', amendment_parent_id: 'a1', sort: 0 }),
      makeMotion({ id: 'a2', amendment_parent_id: 'a', sort: 1 }),
    ];
    const [a, b] = motions;
    expect(
      flattenedOrder(
        [b, a].filter((m) => m !== undefined),
        motions,
      ),
    ).toEqual(['b', 'a', 'a1', 'a1x', 'a2']);
  });
});
