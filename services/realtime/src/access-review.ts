import {
  EVENT_FAMILIES,
  EVENTS,
  MEETING_VISIBILITY_OPEN,
  meetingChannel,
  type TBroadcast,
  type TMeetingVisibility,
  ZMeetingVisibility,
} from '@gavel/contracts';
import { type Logger, prefixed } from '@gavel/service-kit';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import { type JoinDeps, type ReviewOptions, reviewAccess } from './join.js';
import { channelRooms, userRoom } from './rooms.js';

/** Reviews of one channel's sockets run this many at a time (each asks the owning service once). */
const REVIEW_CONCURRENCY = 32;
/** Meetings whose last visibility an instance remembers (to tell a narrowing from any other update). */
const MEETINGS_KEPT = 20_000;

/**
 * The server-side event (between realtime instances, through the Redis adapter) asking every instance to
 * review one user's sockets: for a change only one instance learns of (a broadcast).
 */
export const REVIEW_USER_EVENT = 'gavel:review-user';

/**
 * Reviews of this instance's sockets (reviewAccess: the owning service decides again, a channel it refuses
 * is left). `userNow` is for a user whose roles changed (identity's user event; the principal was forgotten
 * first). `user` and `channel` are for changes another service applies to its own copy through its
 * consumer (a membership removed or declined, a meeting's visibility narrowed): they wait `settleMs` so the
 * owner's answer has caught up, and several changes of one user or channel in that time make one review.
 * Only a channel whose view changed or was lost is told to refetch.
 */
export interface AccessReviews {
  userNow(tenantId: string, userId: string): void;
  user(tenantId: string, userId: string): void;
  channel(tenantId: string, channel: string): void;
  stop(): void;
}

export function createAccessReviews(opts: {
  io: Pick<Server, 'of'>;
  deps: JoinDeps;
  settleMs: number;
}): AccessReviews {
  const { deps } = opts;
  const timers = new Map<string, NodeJS.Timeout>();
  let stopped = false;

  const socketsIn = (room: string): Socket[] => {
    const nsp = opts.io.of('/');
    const out: Socket[] = [];
    for (const id of nsp.adapter.rooms.get(room) ?? []) {
      const socket = nsp.sockets.get(id);
      if (socket) out.push(socket);
    }
    return out;
  };
  const hasSockets = (room: string) => (opts.io.of('/').adapter.rooms.get(room)?.size ?? 0) > 0;

  const review = async (sockets: Socket[], options: ReviewOptions) => {
    let next = 0;
    const worker = async () => {
      while (next < sockets.length) {
        const socket = sockets[next++] as Socket;
        if (socket.connected) await reviewAccess(deps, socket, options);
      }
    };
    await Promise.all(Array.from({ length: Math.min(REVIEW_CONCURRENCY, sockets.length) }, worker));
  };
  const run = (what: Promise<void>) =>
    what.catch((err: unknown) => deps.logger.warn({ err }, 'channel access review failed'));
  const later = (key: string, fn: () => Promise<void>) => {
    if (stopped || timers.has(key)) return;
    timers.set(
      key,
      setTimeout(() => {
        timers.delete(key);
        void run(fn());
      }, opts.settleMs),
    );
  };

  return {
    userNow(tenantId, userId) {
      void run(review(socketsIn(userRoom(tenantId, userId)), {}));
    },
    user(tenantId, userId) {
      const room = userRoom(tenantId, userId);
      if (!hasSockets(room)) return;
      later(`user:${room}`, () => review(socketsIn(room), { refreshChangedOnly: true }));
    },
    channel(tenantId, channel) {
      const room = channelRooms(tenantId, channel as TBroadcast['channel']).base;
      if (!hasSockets(room)) return;
      later(`channel:${room}`, () => review(socketsIn(room), { channel, refreshChangedOnly: true }));
    },
    stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

/** Who a membership event is about (the rest does not matter here). */
const ZMembershipChanged = z.object({ tenantId: z.string(), membership: z.object({ user_id: z.string() }) });
/** Which meeting an event is about, and its visibility now (events before visibility was carried: the narrower). */
const ZMeetingChanged = z.object({
  tenantId: z.string(),
  meeting: z.object({ id: z.string(), visibility: ZMeetingVisibility.default('committee') }),
});
/** Whose RSVP an 'rsvp.deleted' broadcast removed (its payload is ZAttendanceBroadcastPayload). */
const ZRsvpDeleted = z.object({ member: z.object({ user_id: z.string().min(1) }) });

/** The user whose RSVP a broadcast says was deleted, or null for any other broadcast. */
export function rsvpDeletedUser(broadcast: TBroadcast): string | null {
  if (broadcast.kind !== 'rsvp.deleted') return null;
  const parsed = ZRsvpDeleted.safeParse(broadcast.payload);
  return parsed.success ? parsed.data.member.user_id : null;
}

function json(data: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(data));
  } catch {
    return null;
  }
}

/**
 * Domain events after which a user may have lost a channel without a role change, as plain NATS messages
 * on their subjects (every instance hears each one and reviews its own sockets, like identity's user
 * events; one sent while this instance is away from NATS is not heard):
 * - a membership updated (declined, for one) or deleted: that user's sockets;
 * - a meeting updated to a narrower visibility than this instance last saw (or than it knows of): the
 *   sockets on the meeting's channel. Any other update of a meeting costs no review.
 * Returns a function that stops listening.
 */
export function watchAccessEvents(opts: {
  nc: NatsConnection;
  prefix: string;
  logger: Logger;
  reviews: AccessReviews;
}): () => void {
  const subject = (s: string) => prefixed(opts.prefix, s);
  const membershipCreated = subject(EVENTS.committees.membershipCreated);
  const meetingUpdated = subject(EVENTS.meetings.meetingUpdated);
  const meetingDeleted = subject(EVENTS.meetings.meetingDeleted);
  const visibilities = new Map<string, TMeetingVisibility>();

  const subs: Subscription[] = [
    opts.nc.subscribe(subject(EVENT_FAMILIES.memberships), {
      callback: (err, msg) => {
        if (err || msg.subject === membershipCreated) return;
        const event = ZMembershipChanged.safeParse(json(msg.data));
        if (event.success) opts.reviews.user(event.data.tenantId, event.data.membership.user_id);
      },
    }),
    opts.nc.subscribe(subject(EVENT_FAMILIES.meetings), {
      callback: (err, msg) => {
        if (err) return;
        const event = ZMeetingChanged.safeParse(json(msg.data));
        if (!event.success) return;
        const { tenantId, meeting } = event.data;
        const key = `${tenantId}:${meeting.id}`;
        const before = visibilities.get(key);
        visibilities.delete(key);
        if (msg.subject === meetingDeleted) return;
        visibilities.set(key, meeting.visibility);
        if (visibilities.size > MEETINGS_KEPT) {
          const oldest = visibilities.keys().next();
          if (!oldest.done) visibilities.delete(oldest.value);
        }
        const narrowed = meeting.visibility !== MEETING_VISIBILITY_OPEN && before !== meeting.visibility;
        if (msg.subject === meetingUpdated && narrowed) {
          opts.reviews.channel(tenantId, meetingChannel(meeting.id));
        }
      },
    }),
  ];
  return () => {
    for (const sub of subs) sub.unsubscribe();
  };
}
