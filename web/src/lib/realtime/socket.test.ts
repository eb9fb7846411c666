import { describe, expect, it, vi } from 'vitest';

const io = vi.hoisted(() => vi.fn(() => ({})));
vi.mock('socket.io-client', () => ({ io }));

const { createSocket } = await import('@/lib/realtime/socket');

describe('createSocket', () => {
  it('retries a lost connection within 1 second (spec section 9), over websockets through /socket.io', () => {
    createSocket();
    expect(io).toHaveBeenCalledWith(
      expect.objectContaining({
        path: '/socket.io',
        transports: ['websocket'],
        reconnectionDelay: 1_000,
        reconnectionDelayMax: 1_000,
      }),
    );
  });
});
