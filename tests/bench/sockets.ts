import { SOCKET_EVENT, type TJoinRequest, type TSocketMessage } from '@gavel/contracts';
import { io, type Socket } from 'socket.io-client';
import { pool } from './stats.js';

export interface Listener {
  socket: Socket;
  /** When this client first saw a message matching the watched predicate (performance.now()). */
  sawAt: number | null;
}

/**
 * `count` socket.io clients, each with its delegate's session, spread round-robin over the realtime
 * instances, joined to the page's channel. `watch` decides which message counts as "saw the result".
 */
export async function connectListeners(opts: {
  urls: readonly string[];
  host: string;
  sessions: readonly string[];
  join: TJoinRequest;
  watch: (message: TSocketMessage) => boolean;
}): Promise<Listener[]> {
  const listeners: Listener[] = [];
  await pool(opts.sessions, 100, async (session, i) => {
    const url = opts.urls[i % opts.urls.length] as string;
    const socket = io(url, {
      transports: ['websocket'],
      reconnection: false,
      timeout: 30_000,
      extraHeaders: { Cookie: `gavel_session=${session}`, Host: opts.host },
    });
    const listener: Listener = { socket, sawAt: null };
    socket.on(SOCKET_EVENT, (message: TSocketMessage) => {
      if (listener.sawAt === null && opts.watch(message)) listener.sawAt = performance.now();
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (err) => reject(new Error(`socket ${i} to ${url}: ${err.message}`)));
    });
    const ack = (await socket.timeout(30_000).emitWithAck('join', opts.join)) as {
      ok: boolean;
      message?: string;
    };
    if (!ack.ok) throw new Error(`socket ${i} could not join: ${ack.message ?? 'refused'}`);
    listeners.push(listener);
  });
  return listeners;
}

export function closeListeners(listeners: readonly Listener[]): void {
  for (const { socket } of listeners) socket.close();
}
