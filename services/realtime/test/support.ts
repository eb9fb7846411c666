import { randomUUID } from 'node:crypto';
import {
  AppError,
  DEFAULT_VOTING_SETTINGS,
  EVENTS,
  SOCKET_EVENT,
  SUBJECTS,
  type TBroadcast,
  type TChannelAccess,
  type TJoinAck,
  type TJoinRequest,
  type TRequestContext,
  type TSocketMessage,
  type TTenant,
} from '@gavel/contracts';
import {
  connectNats,
  createLogger,
  createRedis,
  ensureEventStream,
  prefixed,
  redisReady,
  SessionStore,
} from '@gavel/service-kit';
import { Responders } from '@gavel/service-kit/testing';
import type { TestEnvironment } from '@gavel/test-kit';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { Redis } from 'ioredis';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import { type RunningRealtime, startRealtime } from '../src/start.js';

/**
 * The services realtime talks to, faked with NATS subscriptions speaking the kit's (Nest's) wire format:
 * identity (tenant by host, principal), meetings/voting channel access and the live tally.
 */
export class Fakes extends Responders {
  static override async connect(natsUrl: string, prefix: string): Promise<Fakes> {
    return new Fakes(await connectNats(natsUrl, 'fakes'), prefix);
  }

  /** Publishes a broadcast the way an owning service's outbox does. */
  async publishBroadcast(broadcast: TBroadcast): Promise<void> {
    const js = jetstream(this.nc);
    await js.publish(prefixed(this.prefix, EVENTS.realtime.broadcast), JSON.stringify(broadcast), {
      msgID: randomUUID(),
    });
  }

  async ensureStream(): Promise<void> {
    await ensureEventStream(await jetstreamManager(this.nc), this.prefix);
  }
}

export const ALPHA: TTenant = {
  id: 'ten-alpha',
  name: 'Alpha Association',
  uses_nicknames: false,
  default_from_name: null,
  company: null,
  time_zone: null,
  voting: DEFAULT_VOTING_SETTINGS,
};
export const BETA: TTenant = { ...ALPHA, id: 'ten-beta', name: 'Beta Association' };
export const HOSTS: Record<string, TTenant> = { 'alpha.test': ALPHA, 'beta.test': BETA };

/** Users: who they are, in which tenant, and what channel access the fake owning services grant them. */
export interface FakeUser {
  id: string;
  tenantId: string;
  staff: boolean;
  runner: boolean;
  /** May join at all. */
  allowed: boolean;
}

export const USERS: FakeUser[] = [
  { id: 'u-member', tenantId: ALPHA.id, staff: false, runner: false, allowed: true },
  { id: 'u-staff', tenantId: ALPHA.id, staff: true, runner: false, allowed: true },
  { id: 'u-runner', tenantId: ALPHA.id, staff: false, runner: true, allowed: true },
  { id: 'u-chair', tenantId: ALPHA.id, staff: true, runner: true, allowed: true },
  { id: 'u-outsider', tenantId: ALPHA.id, staff: false, runner: false, allowed: false },
  { id: 'u-beta', tenantId: BETA.id, staff: true, runner: true, allowed: true },
];

/** Meetings per tenant: committee FIN meeting M1 is `meeting.{tenant}-m1`; votes alike. */
export function installFakes(fakes: Fakes): void {
  fakes.on(SUBJECTS.identity.tenantResolve, (input: { host: string }) => HOSTS[input.host] ?? null);
  fakes.on(SUBJECTS.identity.principalGet, (input: { userId: string }, ctx) => {
    const user = USERS.find((u) => u.id === input.userId && u.tenantId === ctx.tenantId);
    return user ? { userId: user.id, roles: [], permissions: [] } : null;
  });
  const access = (ctx: TRequestContext, code: string, channel: string): TChannelAccess => {
    const user = USERS.find((u) => u.id === ctx.userId && u.tenantId === ctx.tenantId);
    if (code !== 'M1' && code !== 'V1') throw new AppError('not_found', 'No such meeting.');
    if (!user?.allowed) throw new AppError('forbidden', 'You may not follow this meeting.');
    return { channel: channel as TChannelAccess['channel'], staff: user.staff, runner: user.runner };
  };
  fakes.on(SUBJECTS.meetings.channelAccess, (input: { meeting_code: string }, ctx) =>
    access(ctx, input.meeting_code, `meeting.${ctx.tenantId}-m1`),
  );
  fakes.on(SUBJECTS.voting.channelAccess, (input: { vote_code: string }, ctx) =>
    access(ctx, input.vote_code, `vote.${ctx.tenantId}-v1`),
  );
}

export const MEETING_JOIN = {
  type: 'meeting',
  committee_code: 'FIN',
  meeting_code: 'M1',
} satisfies TJoinRequest;
export const VOTE_JOIN = { type: 'vote', committee_code: 'FIN', vote_code: 'V1' } satisfies TJoinRequest;

export async function sessionStore(env: TestEnvironment): Promise<{ store: SessionStore; redis: Redis }> {
  const redis = createRedis(env.infra.redisUrl, createLogger('test', 'fatal'));
  await redisReady(redis, 5_000);
  return { store: new SessionStore(redis, env.redisPrefix, 3600), redis };
}

export function startInstance(
  env: TestEnvironment,
  opts: { consumeBroadcasts?: boolean; extra?: Record<string, string> } = {},
): Promise<RunningRealtime> {
  return startRealtime({
    env: env.env({ SOCKET_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'fatal', ...opts.extra }),
    consumeBroadcasts: opts.consumeBroadcasts,
  });
}

/** A socket.io client with its received messages. */
export interface TestClient {
  socket: Socket;
  messages: TSocketMessage[];
  join(request: TJoinRequest): Promise<TJoinAck>;
  close(): void;
}

export interface ConnectOptions {
  host?: string;
  token?: string | null;
  origin?: string;
}

/** Connects to a realtime (or gateway) port; rejects with the connect_error when refused. */
export function connectClient(port: number, opts: ConnectOptions = {}): Promise<TestClient> {
  const headers: Record<string, string> = { host: opts.host ?? 'alpha.test' };
  if (opts.token) headers.cookie = `XSRF-TOKEN=abc; gavel_session=${opts.token}`;
  if (opts.origin) headers.origin = opts.origin;
  const socket = connectSocket(`http://127.0.0.1:${port}`, {
    transports: ['websocket'],
    extraHeaders: headers,
    reconnection: false,
    forceNew: true,
    timeout: 5_000,
  });
  const messages: TSocketMessage[] = [];
  socket.on(SOCKET_EVENT, (m: TSocketMessage) => messages.push(m));
  const client: TestClient = {
    socket,
    messages,
    join: (request) => socket.timeout(5_000).emitWithAck('join', request) as Promise<TJoinAck>,
    close: () => {
      socket.disconnect();
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(client));
    socket.once('connect_error', (err) => {
      socket.disconnect();
      reject(err);
    });
  });
}

/** Messages of a kind other than the 'refresh' every join brings. */

/**
 * An Alpha user's client on `port` that has joined `request` (the ack must name `channel`); added to
 * `clients` so the test file closes it at the end.
 */
export async function joinedClient(opts: {
  port: number;
  sessions: SessionStore;
  userId: string;
  request: TJoinRequest;
  channel: string;
  clients: TestClient[];
}): Promise<TestClient> {
  const token = await opts.sessions.create(opts.userId, ALPHA.id);
  const client = await connectClient(opts.port, { token });
  opts.clients.push(client);
  expect(await client.join(opts.request)).toEqual({ ok: true, channel: opts.channel });
  return client;
}
export function news(client: TestClient): TSocketMessage[] {
  return client.messages.filter((m) => m.kind !== 'refresh');
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
