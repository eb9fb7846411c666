import type { TBroadcast, TChannel, TRealtimeKind } from '@gavel/contracts';

/** The kinds that carry one member's RSVP or check-in: a hall checking in sends thousands of them. */
const MEMBER_KINDS: ReadonlySet<TRealtimeKind> = new Set([
  'rsvp.updated',
  'rsvp.deleted',
  'attendee.added',
  'attendee.updated',
]);

export interface MemberBatcherOptions {
  /** How long a channel's window stays open after a fan-out; 0 sends every message at once. */
  windowMs: (tenantId: string, channel: TChannel) => number;
  fanOut: (broadcast: TBroadcast) => void;
  /** Several member messages of one channel, in order, as one socket write per audience. */
  fanOutBatch: (broadcasts: TBroadcast[]) => void;
}

export interface MemberBatcher {
  /** Fans the broadcast out now or with its channel's next batch; resolves once it has been sent. */
  handle(broadcast: TBroadcast): Promise<void>;
  /** Sends every waiting batch now (shutdown). */
  flushAll(): void;
}

interface ChannelWindow {
  items: TBroadcast[];
  sent: Array<{ resolve: () => void; reject: (err: unknown) => void }>;
  timer?: NodeJS.Timeout;
}

const batchable = (b: TBroadcast) =>
  MEMBER_KINDS.has(b.kind) && b.user_id === undefined && b.runner_payload === undefined;

/**
 * Every check-in is news to every page open on the meeting, so a hall of N delegates checking in would
 * write N × N socket messages. The first member message of a quiet channel goes out at once; those that
 * follow within its window (longer for a bigger room) go out together at the window's end, in order, as
 * one write per audience. Any other message of the channel first sends the waiting batch, so the order the
 * channel's messages arrive in is the order clients apply them.
 */
export function createMemberBatcher(opts: MemberBatcherOptions): MemberBatcher {
  const windows = new Map<string, ChannelWindow>();

  /** Sends what the window holds; the waiting handle() calls settle with the outcome. */
  const send = (w: ChannelWindow): void => {
    const { items, sent } = w;
    w.items = [];
    w.sent = [];
    try {
      if (items.length === 1) opts.fanOut(items[0] as TBroadcast);
      else if (items.length > 1) opts.fanOutBatch(items);
      for (const waiting of sent) waiting.resolve();
    } catch (err) {
      for (const waiting of sent) waiting.reject(err);
    }
  };

  /** Keeps the window open for `ms`, then sends what it holds and opens the next, or closes when empty. */
  const arm = (key: string, w: ChannelWindow, ms: number): void => {
    w.timer = setTimeout(() => {
      const first = w.items[0];
      if (!first) {
        windows.delete(key); // quiet for a whole window: the next message goes out at once
        return;
      }
      send(w);
      arm(key, w, opts.windowMs(first.tenantId, first.channel));
    }, ms);
  };

  return {
    handle(broadcast) {
      const key = `${broadcast.tenantId}:${broadcast.channel}`;
      const w = windows.get(key);
      if (!batchable(broadcast)) {
        if (w) send(w);
        opts.fanOut(broadcast);
        return Promise.resolve();
      }
      if (w) {
        w.items.push(broadcast);
        return new Promise((resolve, reject) => w.sent.push({ resolve, reject }));
      }
      opts.fanOut(broadcast);
      const ms = opts.windowMs(broadcast.tenantId, broadcast.channel);
      if (ms > 0) {
        const opened: ChannelWindow = { items: [], sent: [] };
        windows.set(key, opened);
        arm(key, opened, ms);
      }
      return Promise.resolve();
    },
    flushAll() {
      for (const w of windows.values()) {
        clearTimeout(w.timer);
        send(w);
      }
      windows.clear();
    },
  };
}
