import { io, type Socket } from 'socket.io-client';

/** Spec section 9: a lost connection is retried after 1 second. */
export const RECONNECT_DELAY_MS = 1_000;
/** How long a join waits for its acknowledgement. */
export const JOIN_TIMEOUT_MS = 10_000;

/**
 * A socket.io connection to the realtime service through the gateway: same origin, path /socket.io,
 * websocket transport only (the instances share no long-polling state), the session cookie as the
 * credential. Tests replace this module.
 */
export function createSocket(): Socket {
  return io({
    path: '/socket.io',
    transports: ['websocket'],
    withCredentials: true,
    // Every retry comes within the spec's second; socket.io's jitter (0.5 to 1 s) keeps a hall of
    // delegates that lost the connection together from all knocking at the same instant.
    reconnectionDelay: RECONNECT_DELAY_MS,
    reconnectionDelayMax: RECONNECT_DELAY_MS,
  });
}
