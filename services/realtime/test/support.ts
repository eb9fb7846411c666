import { randomUUID } from 'node:crypto';
import {
  AppError,
  EVENTS,
  SOCKET_EVENT,
  SUBJECTS,
  type TBroadcast,
  type TChannelAccess,
  type TJoinAck,
  type TJoinRequest,
  type TRequestContext,
  type TSocketMessage,
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
import { ALPHA, BETA, HOSTS, Responders } from '@gavel/service-kit/testing';
import { type TestEnvironment, testEnvironment } from '@gavel/test-kit';
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

// The kit's two associations (realtime's tests also go through a gateway, whose fakes must agree); the
// tests import BETA from here.
export { BETA } from '@gavel/service-kit/testing';

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

/**
 * Meetings per tenant: committee FIN meetings M1, M2, ... are `meeting.{tenant}-m1`, `meeting.{tenant}-m2`, ...;
 * its vote V1 is `vote.{tenant}-v1`.
 */
export function installFakes(fakes: Fakes): void {
  fakes.on(SUBJECTS.identity.tenantResolve, (input: { host: string }) => HOSTS[input.host] ?? null);
  fakes.on(SUBJECTS.identity.principalGet, (input: { userId: string }, ctx) => {
    const user = USERS.find((u) => u.id === input.userId && u.tenantId === ctx.tenantId);
    return user ? { userId: user.id, roles: [], permissions: [] } : null;
  });
  const access = (ctx: TRequestContext, known: boolean, channel: string): TChannelAccess => {
    const user = USERS.find((u) => u.id === ctx.userId && u.tenantId === ctx.tenantId);
    if (!known) throw new AppError('not_found', 'No such meeting.');
    if (!user?.allowed) throw new AppError('forbidden', 'You may not follow this meeting.');
    return { channel: channel as TChannelAccess['channel'], staff: user.staff, runner: user.runner };
  };
  fakes.on(SUBJECTS.meetings.channelAccess, (input: { meeting_code: string }, ctx) =>
    access(
      ctx,
      /^M\d+$/.test(input.meeting_code),
      `meeting.${ctx.tenantId}-${input.meeting_code.toLowerCase()}`,
    ),
  );
  fakes.on(SUBJECTS.voting.channelAccess, (input: { vote_code: string }, ctx) =>
    access(ctx, input.vote_code === 'V1', `vote.${ctx.tenantId}-v1`),
  );
}

export const MEETING_JOIN = {
  type: 'meeting',
  committee_code: 'FIN',
  meeting_code: 'M1',
} satisfies TJoinRequest;
export const VOTE_JOIN = { type: 'vote', committee_code: 'FIN', vote_code: 'V1' } satisfies TJoinRequest;
/** The committee's other meeting: a second meeting channel. */
export const SECOND_MEETING_JOIN = { ...MEETING_JOIN, meeting_code: 'M2' } satisfies TJoinRequest;

export interface InstanceOptions {
  consumeBroadcasts?: boolean;
  extra?: Record<string, string>;
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

/** What one integration test file runs against: its own environment, fakes, sessions, instances and clients. */
export interface RealtimeTestBed {
  env: TestEnvironment;
  fakes: Fakes;
  sessions: SessionStore;
  /** The session store's Redis connection, for tests that look at Redis itself. */
  redis: Redis;
  /** Every client connected through the bed: close() closes them. */
  clients: TestClient[];
  /** Starts a realtime instance on this environment; close() stops it. */
  start(opts?: InstanceOptions): Promise<RunningRealtime>;
  /** Connects a client to a realtime (or gateway) port; close() closes it. */
  connect(port: number, opts?: ConnectOptions): Promise<TestClient>;
  /** An Alpha user's client on `instance` that has joined `request` (the ack must name `channel`). */
  joined(
    instance: RunningRealtime,
    userId: string,
    request: TJoinRequest,
    channel: string,
  ): Promise<TestClient>;
  /** Closes the clients, stops the instances, then the fakes, Redis and the environment. */
  close(): Promise<void>;
}

/**
 * Sets up a test file's environment, the fake services (on `natsUrl`, the shared NATS unless a file runs its
 * own), the event stream (so broadcasts published before a consuming instance starts are kept) and the
 * session store.
 */
export async function realtimeTestBed(opts: { natsUrl?: string } = {}): Promise<RealtimeTestBed> {
  const env = await testEnvironment();
  const fakes = await Fakes.connect(opts.natsUrl ?? env.infra.natsUrl, env.prefix);
  installFakes(fakes);
  await fakes.nc.flush();
  await fakes.ensureStream();
  const redis = createRedis(env.infra.redisUrl, createLogger('test', 'fatal'));
  await redisReady(redis, 5_000);
  const sessions = new SessionStore(redis, env.redisPrefix, 3600);
  const clients: TestClient[] = [];
  const instances: RunningRealtime[] = [];

  const connect = async (port: number, connectOpts?: ConnectOptions) => {
    const client = await connectClient(port, connectOpts);
    clients.push(client);
    return client;
  };
  return {
    env,
    fakes,
    sessions,
    redis,
    clients,
    async start(startOpts = {}) {
      const instance = await startRealtime({
        env: env.env({ SOCKET_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'fatal', ...startOpts.extra }),
        consumeBroadcasts: startOpts.consumeBroadcasts,
      });
      instances.push(instance);
      return instance;
    },
    connect,
    async joined(instance, userId, request, channel) {
      const token = await sessions.create(userId, ALPHA.id);
      const client = await connect(instance.port, { token });
      expect(await client.join(request)).toEqual({ ok: true, channel });
      return client;
    },
    async close() {
      for (const c of clients) c.close();
      // stop() may already have run in a test: it is idempotent.
      await Promise.all(instances.map((i) => i.stop()));
      await fakes.close();
      redis.disconnect();
      await env.cleanup();
    },
  };
}

/** Messages of a kind other than the 'refresh' every join brings. */
export function news(client: TestClient): TSocketMessage[] {
  return client.messages.filter((m) => m.kind !== 'refresh');
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
