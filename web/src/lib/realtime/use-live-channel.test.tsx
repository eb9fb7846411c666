import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '@/lib/realtime/fake-socket';

const sockets: FakeSocket[] = [];
vi.mock('@/lib/realtime/socket', () => ({
  JOIN_TIMEOUT_MS: 10_000,
  RECONNECT_DELAY_MS: 1_000,
  createSocket: () => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket;
  },
}));

const { useLiveChannel } = await import('@/lib/realtime/use-live-channel');

function renderChannel() {
  const onMessage = vi.fn();
  const view = renderHook(() =>
    useLiveChannel({
      join: { type: 'meeting', committee_code: 'FIN', meeting_code: 'M1' },
      onMessage,
      onUnknown: () => undefined,
    }),
  );
  return { ...view, onMessage, socket: sockets.at(-1) as FakeSocket };
}

describe('useLiveChannel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sockets.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  it("is live once joined, rejoins after a reconnect and hands on the server's refresh", async () => {
    const { result, socket, onMessage } = renderChannel();
    await act(async () => socket.fire('connect'));
    expect(result.current.live).toBe(true);

    await act(async () => socket.fire('disconnect', 'transport close'));
    expect(result.current.live).toBe(false);
    await act(async () => socket.fire('connect'));
    expect(result.current.live).toBe(true);
    expect(socket.joins).toHaveLength(2);

    const refresh = { channel: 'meeting.mt-1', kind: 'refresh', payload: { target: 'all' } };
    await act(async () => socket.fire('gavel', refresh));
    expect(onMessage).toHaveBeenCalledWith(refresh);
    // Another channel's message is not this page's.
    await act(async () => socket.fire('gavel', { ...refresh, channel: 'meeting.other' }));
    expect(onMessage).toHaveBeenCalledTimes(1);
  });

  it("hands on a batch's messages one by one, in order", async () => {
    const { socket, onMessage } = renderChannel();
    await act(async () => socket.fire('connect'));
    const checkIn = (id: string) => ({
      channel: 'meeting.mt-1',
      kind: 'attendee.updated',
      payload: { member: { id } },
    });
    await act(async () => socket.fire('gavel', [checkIn('a'), checkIn('b'), checkIn('c')]));
    expect(onMessage.mock.calls.map(([m]) => m.payload.member.id)).toEqual(['a', 'b', 'c']);
  });

  it('tries once more after the server ended the socket (a session replaced by a new sign-in)', async () => {
    const { result, socket } = renderChannel();
    await act(async () => socket.fire('connect'));
    await act(async () => socket.fire('disconnect', 'io server disconnect'));
    expect(result.current.live).toBe(false);
    expect(socket.connects).toBe(0);
    await act(async () => vi.advanceTimersByTime(1_000));
    expect(socket.connects).toBe(1);
  });

  it('leaves socket.io to retry a lost transport itself', async () => {
    const { socket } = renderChannel();
    await act(async () => socket.fire('connect'));
    await act(async () => socket.fire('disconnect', 'transport close'));
    await act(async () => vi.advanceTimersByTime(5_000));
    expect(socket.connects).toBe(0);
  });
});
