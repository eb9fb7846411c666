import type { TBroadcast, TChannel, TChannelAccess, TSocketMessage } from '@gavel/contracts';
import { SOCKET_EVENT, ZChannel } from '@gavel/contracts';
import type { Server } from 'socket.io';
import { realtimeMetrics } from './metrics.js';
import { redact } from './redact.js';

/**
 * Rooms of one channel in one tenant. Everyone who joined is in `base`; staff also in `staff`, runners
 * also in `runners`, and runners who are staff as well also in `runnerStaff` (so the runner payload can
 * reach them unredacted while non-staff runners get it without staff-only fields).
 */
export interface ChannelRooms {
  base: string;
  staff: string;
  runners: string;
  runnerStaff: string;
}

export function channelRooms(tenantId: string, channel: TChannel): ChannelRooms {
  const base = `${tenantId}:${channel}`;
  return { base, staff: `${base}:staff`, runners: `${base}:runners`, runnerStaff: `${base}:runners:staff` };
}

/** Every socket of a user joins this room on connecting: messages meant for that user alone. */
export const userRoom = (tenantId: string, userId: string) => `${tenantId}:user:${userId}`;

/** The rooms a socket joins for an access answer. */
export function roomsFor(tenantId: string, access: TChannelAccess): string[] {
  const rooms = channelRooms(tenantId, access.channel);
  const out = [rooms.base];
  if (access.staff) out.push(rooms.staff);
  if (access.runner) out.push(rooms.runners);
  if (access.staff && access.runner) out.push(rooms.runnerStaff);
  return out;
}

/** Every room of a channel (to leave it). */
export function allRooms(tenantId: string, channel: TChannel): string[] {
  const r = channelRooms(tenantId, channel);
  return [r.base, r.staff, r.runners, r.runnerStaff];
}

/**
 * Emits a broadcast so that each socket on the channel gets exactly one message, the most complete it may
 * see: runners get `runner_payload` (without staff-only fields unless they are staff too), staff who did
 * not get that get `staff_payload`, everyone else `payload` (without staff-only fields). The Redis adapter
 * carries each emit to the sockets of every instance. Returns the number of room emits.
 */
export function fanOut(io: Pick<Server, 'to'>, broadcast: TBroadcast): number {
  const rooms = channelRooms(broadcast.tenantId, broadcast.channel);
  const message = (payload: unknown): TSocketMessage => ({
    channel: broadcast.channel,
    kind: broadcast.kind,
    payload,
  });
  const emit = (audience: string, target: ReturnType<Server['to']>, payload: unknown) => {
    target.emit(SOCKET_EVENT, message(payload));
    realtimeMetrics.messagesEmitted.inc({ kind: broadcast.kind, audience });
  };
  if (broadcast.user_id !== undefined) {
    emit('user', io.to(userRoom(broadcast.tenantId, broadcast.user_id)), redact(broadcast.payload));
    return 1;
  }
  const served: string[] = [];
  let emits = 0;
  if (broadcast.runner_payload !== undefined) {
    emit('runner_staff', io.to(rooms.runnerStaff), broadcast.runner_payload);
    emit('runner', io.to(rooms.runners).except(rooms.runnerStaff), redact(broadcast.runner_payload));
    served.push(rooms.runners);
    emits += 2;
  }
  if (broadcast.staff_payload !== undefined) {
    const target = served.length ? io.to(rooms.staff).except(served) : io.to(rooms.staff);
    emit('staff', target, broadcast.staff_payload);
    served.push(rooms.staff);
    emits += 1;
  }
  const everyone = served.length ? io.to(rooms.base).except(served) : io.to(rooms.base);
  emit('everyone', everyone, redact(broadcast.payload));
  return emits + 1;
}

/**
 * Emits several broadcasts of one channel (member messages, see member-batcher.ts: none has a runner
 * payload or a single user) as one socket message per audience, an array in their order: staff get each
 * one's staff payload where it has one, everyone else the redacted payloads.
 */
export function fanOutBatch(io: Pick<Server, 'to'>, broadcasts: readonly TBroadcast[]): void {
  const first = broadcasts[0];
  if (!first) return;
  const rooms = channelRooms(first.tenantId, first.channel);
  const messages = (pick: (b: TBroadcast) => unknown): TSocketMessage[] =>
    broadcasts.map((b) => ({ channel: b.channel, kind: b.kind, payload: pick(b) }));
  const everyone = messages((b) => redact(b.payload));
  if (broadcasts.some((b) => b.staff_payload !== undefined)) {
    const staff = messages((b) => (b.staff_payload !== undefined ? b.staff_payload : redact(b.payload)));
    io.to(rooms.staff).emit(SOCKET_EVENT, staff);
    io.to(rooms.base).except(rooms.staff).emit(SOCKET_EVENT, everyone);
  } else {
    io.to(rooms.base).emit(SOCKET_EVENT, everyone);
  }
  for (const b of broadcasts) realtimeMetrics.messagesEmitted.inc({ kind: b.kind, audience: 'batch' });
}

/** The channel of a base room (`{tenantId}:{channel}`), or null for any other room. */
export function channelOfRoom(room: string): TChannel | null {
  const colon = room.indexOf(':');
  if (colon <= 0) return null;
  const channel = room.slice(colon + 1);
  return !channel.includes(':') && ZChannel.safeParse(channel).success ? channel : null;
}

/**
 * Tells this instance's sockets, and no other instance's, to refetch every channel they are in ('refresh'
 * 'all'): for when this instance's feed lost continuity (its Redis adapter subscription or its NATS
 * connection was down) while its sockets stayed connected, so they may have missed messages. Returns the
 * number of channels told.
 */
export function refreshLocalChannels(io: Pick<Server, 'local' | 'of'>): number {
  let told = 0;
  for (const room of io.of('/').adapter.rooms.keys()) {
    const channel = channelOfRoom(room);
    if (channel === null) continue;
    const refresh: TSocketMessage = { channel, kind: 'refresh', payload: { target: 'all' } };
    io.local.to(room).emit(SOCKET_EVENT, refresh);
    realtimeMetrics.messagesEmitted.inc({ kind: 'refresh', audience: 'resync' });
    told++;
  }
  return told;
}
