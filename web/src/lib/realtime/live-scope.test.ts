import type { TMotionsReply } from '@gavel/contracts';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMeeting } from '@/features/meetings/test-fixtures';
import { makeMotion, makeVote, reply } from '@/features/voting/test-fixtures';
import { queryKeys } from '@/lib/query-keys';
import { createLiveHandler, RUNNER_STATUS_REFRESH_MS, scopeKeys } from '@/lib/realtime/live-scope';

const scope = { kind: 'meeting', committeeCode: 'FIN', meetingCode: 'M1' } as const;
const motionsKey = queryKeys.voting.motions('meeting', 'FIN', 'M1');

/** m1 with its amendment a1 (each with a vote and the caller's response), and m2 with a vote. */
const cached: TMotionsReply = reply({
  motions: [
    makeMotion({ id: 'm1', sort: 0 }),
    makeMotion({ id: 'm2', sort: 1 }),
    makeMotion({ id: 'a1', amendment_parent_id: 'm1', sort: 0 }),
  ],
  votes: [
    makeVote({ id: 'v1', motion_id: 'm1', respondents_count: 0 }),
    makeVote({ id: 'va1', motion_id: 'a1' }),
    makeVote({ id: 'v2', motion_id: 'm2' }),
  ],
  responses: [
    { id: 'r1', vote_id: 'v1', member_id: 'ms-1', response: 'in_favor' },
    { id: 'ra1', vote_id: 'va1', member_id: 'ms-1', response: 'opposed' },
    { id: 'r2', vote_id: 'v2', member_id: 'ms-1', response: 'in_favor' },
  ],
});

function handlerWithMotions() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(motionsKey, cached);
  const handler = createLiveHandler(queryClient, scope, { runner: () => false });
  const motions = () => queryClient.getQueryData<TMotionsReply>(motionsKey);
  return { queryClient, handler, motions };
}

describe('createLiveHandler', () => {
  it("patches the motions feature's cache on vote.updated and invalidates on refresh", () => {
    const { queryClient, handler, motions } = handlerWithMotions();
    handler.onMessage({
      channel: 'meeting.mt-1',
      kind: 'vote.updated',
      payload: { vote: makeVote({ id: 'v1', motion_id: 'm1', respondents_count: 3 }) },
    });
    expect(motions()?.votes[0]?.respondents_count).toBe(3);
    handler.onMessage({ channel: 'meeting.mt-1', kind: 'refresh', payload: { target: 'motions' } });
    expect(queryClient.getQueryState(motionsKey)?.isInvalidated).toBe(true);
  });

  it("refetches the page's state, attendance and motions on refresh 'all' (what follows every join)", () => {
    const { queryClient, handler } = handlerWithMotions();
    const keys = Object.values(scopeKeys(scope));
    for (const key of keys) queryClient.setQueryData(key, queryClient.getQueryData(key) ?? {});
    handler.onMessage({ channel: 'meeting.mt-1', kind: 'refresh', payload: { target: 'all' } });
    for (const key of keys) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('on motion.deleted leaves no motion, amendment, vote or response of the deleted motion', () => {
    const { handler, motions } = handlerWithMotions();
    handler.onMessage({ channel: 'meeting.mt-1', kind: 'motion.deleted', payload: { id: 'm1' } });
    expect(motions()?.motions.map((m) => m.id)).toEqual(['m2']);
    expect(motions()?.votes.map((v) => v.id)).toEqual(['v2']);
    expect(motions()?.responses.map((r) => r.id)).toEqual(['r2']);
  });

  describe('messages that arrive out of order', () => {
    const at = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
    const voteMessage = (overrides: Parameters<typeof makeVote>[0]) => ({
      channel: 'meeting.mt-1',
      kind: 'vote.updated' as const,
      payload: { vote: makeVote({ id: 'v1', motion_id: 'm1', ...overrides }) },
    });
    const v1 = (motions: () => TMotionsReply | undefined) => motions()?.votes.find((v) => v.id === 'v1');

    it("never reopens a meeting's closed vote, nor unfinalizes a finalized one", () => {
      const { handler, motions } = handlerWithMotions();
      handler.onMessage(voteMessage({ is_active: false, ended_at: at(-1), respondents_count: 5 }));
      // A tally read just before the close, delivered after it.
      handler.onMessage(voteMessage({ is_active: true, ended_at: at(30), respondents_count: 4 }));
      expect(v1(motions)).toMatchObject({ is_active: false, respondents_count: 5 });
      handler.onMessage(voteMessage({ is_active: false, is_finalized: true, ended_at: at(-1) }));
      handler.onMessage(voteMessage({ is_active: false, is_finalized: false, ended_at: at(-1) }));
      expect(v1(motions)?.is_finalized).toBe(true);
    });

    it('keeps the time added to an open vote, and takes a newer tally of it', () => {
      const { handler, motions } = handlerWithMotions();
      handler.onMessage(voteMessage({ is_active: true, ended_at: at(40), respondents_count: 2 }));
      handler.onMessage(voteMessage({ is_active: true, ended_at: at(30), respondents_count: 1 }));
      expect(v1(motions)?.respondents_count).toBe(2);
      handler.onMessage(voteMessage({ is_active: true, ended_at: at(40), respondents_count: 3 }));
      expect(v1(motions)?.respondents_count).toBe(3);
    });

    it("lets an email vote's ballot move back with its window", () => {
      const queryClient = new QueryClient();
      const voteScope = { kind: 'vote', committeeCode: 'FIN', voteCode: 'EV1' } as const;
      const key = queryKeys.voting.motions('vote', 'FIN', 'EV1');
      queryClient.setQueryData(key, cached);
      const handler = createLiveHandler(queryClient, voteScope, { runner: () => false });
      handler.onMessage(voteMessage({ is_active: false, is_finalized: true, ended_at: at(-1) }));
      handler.onMessage(voteMessage({ is_active: true, is_finalized: false, ended_at: at(3600) }));
      expect(queryClient.getQueryData<TMotionsReply>(key)?.votes.find((v) => v.id === 'v1')?.is_active).toBe(
        true,
      );
    });

    it('never brings back a motion changed just before it was deleted', () => {
      const { handler, motions } = handlerWithMotions();
      handler.onMessage({
        channel: 'meeting.mt-1',
        kind: 'motion.deleted',
        payload: { id: 'm1', ids: ['m1', 'a1'] },
      });
      for (const id of ['m1', 'a1']) {
        handler.onMessage({
          channel: 'meeting.mt-1',
          kind: 'motion.updated',
          payload: { motion: makeMotion({ id, name: 'Late change' }) },
        });
      }
      expect(motions()?.motions.map((m) => m.id)).toEqual(['m2']);
    });

    it('never moves a meeting back to an earlier status', () => {
      const queryClient = new QueryClient();
      const stateKey = scopeKeys(scope).state;
      queryClient.setQueryData(stateKey, { meeting: makeMeeting({ status: 'in_progress' }) });
      const handler = createLiveHandler(queryClient, scope, { runner: () => false });
      const state = (status: 'planned' | 'in_progress' | 'ended', name = 'Board') => ({
        channel: 'meeting.mt-1',
        kind: 'meeting.state' as const,
        payload: { meeting: makeMeeting({ status, name }) },
      });
      const meeting = () =>
        queryClient.getQueryData<{ meeting: { status: string; name: string } }>(stateKey)?.meeting;
      handler.onMessage(state('ended'));
      handler.onMessage(state('in_progress', 'Renamed before the end'));
      expect(meeting()).toMatchObject({ status: 'ended' });
      handler.onMessage(state('ended', 'Renamed after the end'));
      expect(meeting()).toMatchObject({ status: 'ended', name: 'Renamed after the end' });
    });
  });

  it('asks again after a fetch that was in flight when a refresh arrived, without cancelling it', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = queryKeys.meetings.attendance('FIN', 'M1');
    const answers: ((value: string) => void)[] = [];
    const observer = new QueryObserver<string>(queryClient, {
      queryKey: key,
      queryFn: () => new Promise<string>((resolve) => answers.push(resolve)),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    const settle = () => new Promise((r) => setTimeout(r, 0));
    await settle();
    expect(answers).toHaveLength(1);
    const handler = createLiveHandler(queryClient, scope, { runner: () => false });
    // The fetch in flight was asked before the change the refresh announces.
    handler.onMessage({ channel: 'meeting.mt-1', kind: 'refresh', payload: { target: 'attendance' } });
    expect(answers).toHaveLength(1);
    answers[0]?.('before the change');
    await settle();
    await settle();
    expect(answers).toHaveLength(2);
    answers[1]?.('after the change');
    await settle();
    expect(queryClient.getQueryData(key)).toBe('after the change');
    unsubscribe();
  });

  describe('page.reload', () => {
    const handlerWith = () => {
      const reload = vi.fn();
      const moveTo = vi.fn();
      const handler = createLiveHandler(new QueryClient(), scope, { runner: () => false, reload, moveTo });
      const send = (payload: unknown) =>
        handler.onMessage({ channel: 'meeting.mt-1', kind: 'page.reload', payload });
      return { reload, moveTo, send };
    };

    it('reloads the page, or follows a meeting to its new address', () => {
      const { reload, moveTo, send } = handlerWith();
      send({ reason: 'meeting.deleted' });
      expect(reload).toHaveBeenCalledTimes(1);
      send({ reason: 'meeting.moved', path: '/meeting/FIN/M2' });
      expect(moveTo).toHaveBeenCalledWith('/meeting/FIN/M2');
      expect(reload).toHaveBeenCalledTimes(1);
    });

    it('never goes to another site: such an address only reloads', () => {
      const { reload, moveTo, send } = handlerWith();
      for (const path of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) send({ path });
      expect(moveTo).not.toHaveBeenCalled();
      expect(reload).toHaveBeenCalledTimes(3);
    });
  });

  describe('unknown messages', () => {
    it('are logged, and shown to runners only', () => {
      const info = vi.spyOn(toast, 'info').mockImplementation(() => 'id');
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const queryClient = new QueryClient();
      const raw = { channel: 'meeting.mt-1', kind: 'poll.opened', payload: {} };
      createLiveHandler(queryClient, scope, { runner: () => false }).onUnknown(raw);
      expect(warn).toHaveBeenCalledWith('realtime: unknown message', raw);
      expect(info).not.toHaveBeenCalled();
      createLiveHandler(queryClient, scope, { runner: () => true }).onUnknown(raw);
      expect(info).toHaveBeenCalledWith('Unknown realtime message: poll.opened');
    });
  });

  describe("a runner's per-member voting status", () => {
    afterEach(() => vi.useRealTimers());

    it('is refetched at once, at most every few seconds, and once more after a burst', () => {
      vi.useFakeTimers();
      const queryClient = new QueryClient();
      const attendanceKey = queryKeys.meetings.attendance('FIN', 'M1');
      const invalidations = vi.spyOn(queryClient, 'invalidateQueries');
      const attendanceRefetches = () =>
        invalidations.mock.calls.filter(
          ([filters]) => JSON.stringify(filters?.queryKey) === JSON.stringify(attendanceKey),
        ).length;
      const handler = createLiveHandler(queryClient, scope, { runner: () => true });
      const tally = (n: number) =>
        handler.onMessage({
          channel: 'meeting.mt-1',
          kind: 'vote.updated',
          payload: { vote: makeVote({ id: 'v1', motion_id: 'm1', respondents_count: n }) },
        });
      tally(1);
      expect(attendanceRefetches()).toBe(1);
      tally(2);
      tally(3);
      expect(attendanceRefetches()).toBe(1);
      vi.advanceTimersByTime(RUNNER_STATUS_REFRESH_MS - 1);
      expect(attendanceRefetches()).toBe(1);
      // The burst's last tallies are fetched at the end of the interval, once.
      vi.advanceTimersByTime(1);
      expect(attendanceRefetches()).toBe(2);
      vi.advanceTimersByTime(RUNNER_STATUS_REFRESH_MS * 3);
      expect(attendanceRefetches()).toBe(2);
    });

    it('is not fetched for members', () => {
      const queryClient = new QueryClient();
      const invalidations = vi.spyOn(queryClient, 'invalidateQueries');
      createLiveHandler(queryClient, scope, { runner: () => false }).onMessage({
        channel: 'meeting.mt-1',
        kind: 'vote.updated',
        payload: { vote: makeVote({ id: 'v1', motion_id: 'm1' }) },
      });
      expect(invalidations.mock.calls.some(([f]) => JSON.stringify(f?.queryKey).includes('attendance'))).toBe(
        false,
      );
    });
  });

  describe("an email vote's 'vote.state'", () => {
    const voteScope = { kind: 'vote', committeeCode: 'FIN', voteCode: 'EV1' } as const;
    const keys = scopeKeys(voteScope);
    const window = { start: '2026-11-23T09:00:00.000Z', end: '2026-11-25T17:00:00.000Z' };
    const send = (handler: ReturnType<typeof createLiveHandler>, w: typeof window) =>
      handler.onMessage({
        channel: 'vote.ev-1',
        kind: 'vote.state',
        payload: {
          email_vote: { id: 'ev-1', committee_id: 'c-1', code: 'EV1', name: 'Budget', ...w },
        },
      });
    const setUp = () => {
      const queryClient = new QueryClient();
      queryClient.setQueryData(keys.state, {});
      queryClient.setQueryData(
        keys.motions,
        reply({
          motions: [makeMotion({ id: 'm1', motion_vote_id: 'v1' })],
          votes: [makeVote({ id: 'v1', motion_id: 'm1', started_at: window.start, ended_at: window.end })],
        }),
      );
      const handler = createLiveHandler(queryClient, voteScope, { runner: () => false });
      const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
      return { handler, invalidated };
    };

    it('refetches the vote, and its motions only when their ballots ran over another window', () => {
      const { handler, invalidated } = setUp();
      // A rename: the ballots still run over the window.
      send(handler, window);
      expect(invalidated(keys.state)).toBe(true);
      expect(invalidated(keys.motions)).toBe(false);
      // Postponed (or opened early, or closed): the ballots moved with it.
      send(handler, { start: '2026-11-24T09:00:00.000Z', end: window.end });
      expect(invalidated(keys.motions)).toBe(true);
    });

    it('refetches the motions when it cannot tell the window', () => {
      const { handler, invalidated } = setUp();
      handler.onMessage({ channel: 'vote.ev-1', kind: 'vote.state', payload: {} });
      expect(invalidated(keys.motions)).toBe(true);
    });
  });
});
