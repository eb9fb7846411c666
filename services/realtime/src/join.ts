import {
  AppError,
  SOCKET_EVENT,
  SUBJECTS,
  type TChannelAccess,
  type TJoinAck,
  type TRequestContext,
  type TSocketMessage,
  ZChannelAccess,
  ZJoinRequest,
  ZLeaveRequest,
} from '@gavel/contracts';
import { callService, runWithRequestId } from '@gavel/service-kit';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Socket } from 'socket.io';
import { type AuthDeps, currentContext, type SocketData } from './auth.js';
import { realtimeMetrics } from './metrics.js';
import { allRooms, channelRooms, roomsFor, userRoom } from './rooms.js';

export interface JoinDeps extends AuthDeps {
  nc: NatsConnection;
  prefix: string;
  timeoutMs: number;
  maxChannels: number;
}

/** Joins one socket may ask for per window (each costs a session read and a service call). */
export const JOIN_LIMIT = { max: 20, windowMs: 10_000 } as const;

export const JOIN_MESSAGES = {
  invalid: 'Invalid join request.',
  invalidLeave: 'Invalid leave request.',
  tooMany: 'Too many channels on one connection.',
  tooOften: 'Too many join requests. Please wait a moment.',
  failed: 'Could not join the channel. Please try again.',
} as const;

/** Asks the owning service whether the caller may join, and with what view. */
export function askAccess(deps: JoinDeps, ctx: TRequestContext, raw: unknown): Promise<TChannelAccess> {
  const parsed = ZJoinRequest.safeParse(raw);
  if (!parsed.success) throw new AppError('bad_request', JOIN_MESSAGES.invalid);
  const request = parsed.data;
  const opts = { prefix: deps.prefix, timeoutMs: deps.timeoutMs };
  return request.type === 'meeting'
    ? callService(
        deps.nc,
        SUBJECTS.meetings.channelAccess,
        ctx,
        { committee_code: request.committee_code, meeting_code: request.meeting_code },
        ZChannelAccess,
        opts,
      )
    : callService(
        deps.nc,
        SUBJECTS.voting.channelAccess,
        ctx,
        { committee_code: request.committee_code, vote_code: request.vote_code },
        ZChannelAccess,
        opts,
      );
}

/**
 * A client event's payload and ack: `emit('join', ack)` without a payload hands the ack over first, and it
 * must still get its answer.
 */
function payloadAndAck(raw: unknown, ack: unknown): [unknown, ((answer: unknown) => void) | undefined] {
  if (typeof ack === 'function') return [raw, ack as (answer: unknown) => void];
  if (typeof raw === 'function') return [undefined, raw as (answer: unknown) => void];
  return [raw, undefined];
}

/** Channels a socket is in (its base rooms). */
function channelsOf(socket: Socket, tenantId: string): string[] {
  const head = `${tenantId}:`;
  return [...socket.rooms].filter((r) => r.startsWith(head) && r.indexOf(':', head.length) < 0);
}

function joinsOf(data: SocketData): Map<string, unknown> {
  data.joins ??= new Map();
  return data.joins;
}

/** Where the owning service answered that the user may no longer follow the channel at all. */
const ACCESS_LOST = new Set(['unauthenticated', 'forbidden', 'not_found']);

/** What a review asks again about, and when it tells the socket to refetch. */
export interface ReviewOptions {
  /** Only this channel (default: every channel the socket follows). */
  channel?: string;
  /**
   * Tell the socket to refetch only a channel whose view changed or was lost (default: every channel asked
   * about, as a role change may alter what the page shows beyond the socket's view).
   */
  refreshChangedOnly?: boolean;
}

/**
 * Asks again, for each channel the socket follows, whether and with what view its user may follow it (their
 * roles changed, or their membership, the meeting's visibility, their RSVP: see access-review.ts): the
 * socket's rooms follow the answer and it is told to refetch, so someone who lost the runner's or staff's
 * view stops receiving runner or staff payloads now, not at their next join, and someone who may no longer
 * follow the channel stops receiving it. A channel the owner refuses is left; one the owner cannot answer
 * for right now is kept as it was.
 */
export async function reviewAccess(deps: JoinDeps, socket: Socket, opts: ReviewOptions = {}): Promise<void> {
  const data = socket.data as SocketData;
  const joins = joinsOf(data);
  if (joins.size === 0 || (opts.channel !== undefined && !joins.has(opts.channel))) return;
  // Signed out meanwhile: watchSessions disconnects the socket. Sessions or identity not answering: views kept.
  const ctx = await currentContext(deps, data).catch((err: unknown) => {
    if (!(err instanceof AppError && err.code === 'unauthenticated')) {
      deps.logger.warn({ err }, 'could not review channel access; views kept');
    }
    return null;
  });
  if (!ctx) return;
  const reviewed =
    opts.channel === undefined ? [...joins] : [[opts.channel, joins.get(opts.channel)] as const];
  for (const [channel, raw] of reviewed) {
    const access = await runWithRequestId(ctx.requestId, () => askAccess(deps, ctx, raw)).catch(
      (err: unknown) => {
        if (err instanceof AppError && ACCESS_LOST.has(err.code)) return null;
        deps.logger.warn({ err, channel }, 'could not review channel access; view kept');
        return undefined;
      },
    );
    // Left meanwhile (the page closed it): stays left.
    if (access === undefined || !joins.has(channel)) continue;
    const rooms = allRooms(data.tenantId, channel);
    const before = rooms.filter((room) => socket.rooms.has(room));
    const after = access ? roomsFor(data.tenantId, access) : [];
    const changed = before.length !== after.length || before.some((room) => !after.includes(room));
    if (changed) {
      for (const room of rooms) socket.leave(room);
      if (access) socket.join(after);
    }
    if (!access) joins.delete(channel);
    if (opts.refreshChangedOnly && !changed) continue;
    const refresh: TSocketMessage = {
      channel: channel as TSocketMessage['channel'],
      kind: 'refresh',
      payload: { target: 'all' },
    };
    socket.emit(SOCKET_EVENT, refresh);
  }
}

/**
 * `join` (ZJoinRequest, acked with ZJoinAck) and `leave` ({channel}). A successful join is followed by a
 * 'refresh' of everything: the Redis adapter keeps no missed messages, so a socket that (re)joins refetches
 * what it may have missed while it was away (spec section 4, "resumes without continuity").
 */
export function registerChannelHandlers(deps: JoinDeps, socket: Socket): void {
  const data = socket.data as SocketData;
  socket.join(userRoom(data.tenantId, data.userId));
  let windowStart = 0;
  let joinsInWindow = 0;

  socket.on('join', (first: unknown, second?: unknown) => {
    const [raw, ack] = payloadAndAck(first, second);
    const reply = (answer: TJoinAck) => ack?.(answer);
    const now = Date.now();
    if (now - windowStart >= JOIN_LIMIT.windowMs) {
      windowStart = now;
      joinsInWindow = 0;
    }
    if (++joinsInWindow > JOIN_LIMIT.max) {
      realtimeMetrics.joins.inc({ outcome: 'rate_limited' });
      reply({ ok: false, message: JOIN_MESSAGES.tooOften });
      return;
    }
    void (async () => {
      try {
        const ctx = await currentContext(deps, data);
        const access = await runWithRequestId(ctx.requestId, () => askAccess(deps, ctx, raw));
        const rooms = channelRooms(data.tenantId, access.channel);
        const already = socket.rooms.has(rooms.base);
        // From this check to the rooms joined below nothing is awaited (the adapter joins rooms at once), so
        // joins answered together cannot pass the limit together: keep it so, or reserve places up front.
        if (!already && channelsOf(socket, data.tenantId).length >= deps.maxChannels) {
          throw new AppError('rule_broken', JOIN_MESSAGES.tooMany);
        }
        // A join again (after a role change, a reconnect) replaces the socket's view of the channel.
        for (const room of allRooms(data.tenantId, access.channel)) socket.leave(room);
        socket.join(roomsFor(data.tenantId, access));
        joinsOf(data).set(access.channel, raw);
        realtimeMetrics.joins.inc({ outcome: 'ok' });
        reply({ ok: true, channel: access.channel });
        const refresh: TSocketMessage = {
          channel: access.channel,
          kind: 'refresh',
          payload: { target: 'all' },
        };
        socket.emit(SOCKET_EVENT, refresh);
      } catch (err) {
        const code = err instanceof AppError ? err.code : 'internal';
        realtimeMetrics.joins.inc({ outcome: code });
        if (!(err instanceof AppError)) deps.logger.error({ err }, 'join failed');
        reply({ ok: false, message: err instanceof AppError ? err.message : JOIN_MESSAGES.failed });
      }
    })();
  });

  socket.on('leave', (first: unknown, second?: unknown) => {
    const [raw, ack] = payloadAndAck(first, second);
    const parsed = ZLeaveRequest.safeParse(raw);
    if (!parsed.success) {
      ack?.({ ok: false, message: JOIN_MESSAGES.invalidLeave });
      return;
    }
    for (const room of allRooms(data.tenantId, parsed.data.channel)) socket.leave(room);
    joinsOf(data).delete(parsed.data.channel);
    ack?.({ ok: true });
  });
}
