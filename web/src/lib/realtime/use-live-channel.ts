import {
  SOCKET_EVENT,
  SOCKET_JOIN,
  SOCKET_LEAVE,
  type TJoinRequest,
  type TSocketMessage,
  ZJoinAck,
  ZSocketMessage,
} from '@gavel/contracts';
import * as React from 'react';
import { createSocket, JOIN_TIMEOUT_MS, RECONNECT_DELAY_MS } from '@/lib/realtime/socket';

export interface LiveChannelOptions {
  /** The page's channel by its URL codes; null joins nothing. */
  join: TJoinRequest | null;
  /**
   * Every message of the joined channel. The server follows every join with `refresh` `all` (a first join
   * and a rejoin without continuity alike), so whatever was missed is refetched from that message alone.
   */
  onMessage: (message: TSocketMessage) => void;
  /** A message this client does not understand (a newer server, say). */
  onUnknown: (raw: unknown) => void;
}

/**
 * Joins a page's realtime channel (meeting.{id} / vote.{id}, by the codes of the page URL) and reports
 * `live`: connected and joined. A reconnect rejoins, and the server's `refresh` `all` after the join makes
 * the page refetch what it missed (refetching here as well would double every reconnect's requests); while
 * not live the page falls back to polling (lib/realtime/polling.ts).
 */
export function useLiveChannel({ join, onMessage, onUnknown }: LiveChannelOptions): {
  live: boolean;
} {
  const [live, setLive] = React.useState(false);
  const handlers = React.useRef({ onMessage, onUnknown });
  handlers.current = { onMessage, onUnknown };
  const joinKey = join ? JSON.stringify(join) : null;

  React.useEffect(() => {
    if (joinKey === null) return;
    const request = JSON.parse(joinKey) as TJoinRequest;
    const socket = createSocket();
    let channel: string | null = null;
    let retry: number | undefined;
    let disposed = false;

    const joinChannel = () => {
      socket
        .timeout(JOIN_TIMEOUT_MS)
        .emitWithAck(SOCKET_JOIN, request)
        .then((raw: unknown) => {
          if (disposed) return;
          const ack = ZJoinAck.safeParse(raw);
          if (!ack.success || !ack.data.ok) {
            console.warn('realtime join refused', ack.success ? ack.data : raw);
            setLive(false);
            // Try again later (e.g. rate limited); polling covers the gap.
            retry = window.setTimeout(() => socket.connected && joinChannel(), RECONNECT_DELAY_MS * 10);
            return;
          }
          channel = ack.data.channel;
          setLive(true);
        })
        .catch(() => {
          if (disposed) return;
          setLive(false);
          retry = window.setTimeout(() => socket.connected && joinChannel(), RECONNECT_DELAY_MS);
        });
    };

    socket.on('connect', joinChannel);
    socket.on('disconnect', (reason: string) => {
      setLive(false);
      // The server ends a socket whose session ended, and socket.io does not retry that one. Try once
      // more: a new sign-in in another tab goes live again; a signed-out page stays on polling.
      if (reason === 'io server disconnect') {
        retry = window.setTimeout(() => !disposed && socket.connect(), RECONNECT_DELAY_MS);
      }
    });
    socket.on('connect_error', () => setLive(false));
    const receive = (raw: unknown) => {
      const parsed = ZSocketMessage.safeParse(raw);
      if (!parsed.success) {
        handlers.current.onUnknown(raw);
        return;
      }
      if (channel !== null && parsed.data.channel !== channel) return;
      handlers.current.onMessage(parsed.data);
    };
    // A batch (a hall checking in) is its messages in order.
    socket.on(SOCKET_EVENT, (raw: unknown) => {
      if (Array.isArray(raw)) for (const one of raw) receive(one);
      else receive(raw);
    });

    return () => {
      disposed = true;
      window.clearTimeout(retry);
      if (channel !== null && socket.connected) socket.emit(SOCKET_LEAVE, { channel });
      socket.removeAllListeners();
      socket.disconnect();
      setLive(false);
    };
  }, [joinKey]);

  return { live };
}
