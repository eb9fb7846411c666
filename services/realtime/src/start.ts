import { createServer, type Server as HttpServer } from 'node:http';
import type { TChannel } from '@gavel/contracts';
import {
  connectNats,
  createLogger,
  createRedis,
  type HealthServer,
  type Logger,
  PrincipalResolver,
  redisReady,
  SessionStore,
  startHealthServer,
  stopOnSignals,
  TenantResolver,
} from '@gavel/service-kit';
import type { NatsConnection } from '@nats-io/transport-node';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import {
  createAccessReviews,
  REVIEW_USER_EVENT,
  rsvpDeletedUser,
  watchAccessEvents,
} from './access-review.js';
import { type AuthDeps, handshakeMiddleware, watchSessions } from './auth.js';
import { type RunningBroadcastConsumer, startBroadcastConsumer } from './broadcast-consumer.js';
import { loadRealtimeConfig, type TRealtimeConfig } from './config.js';
import { type JoinDeps, registerChannelHandlers } from './join.js';
import { createMemberBatcher } from './member-batcher.js';
import { trackSockets } from './metrics.js';
import { channelRooms, fanOut, fanOutBatch, refreshLocalChannels } from './rooms.js';
import { type RunningTallyCoalescer, startTallyCoalescer, tallyIntervalMs } from './tally-coalescer.js';

export interface StartRealtimeOptions {
  /** Environment to read (defaults to process.env); tests pass their own. */
  env?: Record<string, string | undefined>;
  /** Install SIGTERM/SIGINT handlers (off in tests). */
  handleSignals?: boolean;
  /** Pull from the shared broadcast consumer (default true; tests turn it off on one instance). */
  consumeBroadcasts?: boolean;
}

export interface RunningRealtime {
  io: Server;
  config: TRealtimeConfig;
  /** The socket.io port actually bound (SOCKET_PORT may be 0). */
  port: number;
  health: HealthServer;
  logger: Logger;
  /** Broadcasts this instance took from JetStream and fanned out. */
  readonly broadcastsHandled: number;
  /** voting.vote.live requests this instance made. */
  readonly liveRequests: number;
  stop(): Promise<void>;
}

/**
 * One realtime instance: socket.io (websocket transport only) on SOCKET_PORT, sharing rooms with every other
 * instance through the Redis adapter; the shared JetStream broadcast consumer; the tally coalescer; health
 * and metrics on HEALTH_PORT. stop() shuts down gracefully.
 */
export async function startRealtime(opts: StartRealtimeOptions = {}): Promise<RunningRealtime> {
  const config = loadRealtimeConfig(opts.env ?? process.env);
  const logger = createLogger('realtime', config.LOG_LEVEL);
  const nc: NatsConnection = await connectNats(config.NATS_URL, 'realtime', logger);
  const redis = createRedis(config.REDIS_URL, logger);
  await redisReady(redis, 10_000).catch((err: Error) =>
    logger.warn({ err: err.message }, 'Redis not ready yet'),
  );
  // The adapter's clients queue while Redis is away (pub/sub must survive a reconnect). Named, so that
  // CLIENT LIST tells them apart.
  const clientName = (role: string) => `${config.REDIS_PREFIX}realtime-${role}`.replace(/[^!-~]/g, '_');
  const pub = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null, connectionName: clientName('pub') });
  const sub = pub.duplicate({ connectionName: clientName('sub') });
  for (const client of [pub, sub]) client.on('error', () => undefined); // the session client logs it

  const prefix = config.SUBJECT_PREFIX;
  const timeoutMs = config.REQUEST_TIMEOUT_MS;
  const auth: AuthDeps = {
    tenants: new TenantResolver({ nc, prefix, timeoutMs }),
    principals: new PrincipalResolver({ nc, prefix, timeoutMs }),
    sessions: new SessionStore(redis, config.REDIS_PREFIX, config.SESSION_TTL_SECONDS),
    logger,
  };
  const joinDeps: JoinDeps = { ...auth, nc, prefix, timeoutMs, maxChannels: config.MAX_CHANNELS_PER_SOCKET };

  const httpServer: HttpServer = createServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
  });
  const io = new Server(httpServer, {
    path: '/socket.io',
    // Websocket only: no long-polling, so instances need no sticky sessions behind the gateway.
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: 16 * 1024,
    adapter: createAdapter(pub, sub, { key: `${config.REDIS_PREFIX}socket.io` }),
  });
  io.use(handshakeMiddleware(auth));
  io.on('connection', (socket) => registerChannelHandlers(joinDeps, socket));
  // A user's roles changed (identity's user event): their sockets here follow their channels with the
  // view the new roles give (each instance reviews its own sockets). So do they when their membership is
  // removed or declined, or a meeting's visibility narrows (access-review.ts), or their RSVP is deleted:
  // that broadcast reaches one instance, which asks the others too.
  const reviews = createAccessReviews({ io, deps: joinDeps, settleMs: config.ACCESS_REVIEW_SETTLE_MS });
  auth.principals.onUserChanged((tenantId, userId) => reviews.userNow(tenantId, userId));
  const stopAccessEvents = watchAccessEvents({ nc, prefix, logger, reviews });
  io.on(REVIEW_USER_EVENT, (tenantId: unknown, userId: unknown) => {
    if (typeof tenantId === 'string' && typeof userId === 'string') reviews.user(tenantId, userId);
  });
  const reviewEverywhere = (tenantId: string, userId: string) => {
    reviews.user(tenantId, userId);
    io.serverSideEmit(REVIEW_USER_EVENT, tenantId, userId);
  };
  const untrack = trackSockets(() => io.engine.clientsCount);
  const stopSessionWatch = watchSessions({
    sockets: () => io.of('/').sockets.values(),
    // EXISTS, not the store's read: a socket keeps a session alive no longer than it would live anyway.
    alive: async (token) => (await redis.exists(auth.sessions.key(token))) === 1,
    everyMs: config.SESSION_CHECK_INTERVAL_MS,
    logger,
  });

  // Our sockets stay connected when this instance loses Redis (messages other instances publish meanwhile
  // never reach us) or NATS (tally notes are lost; a long outage leaves broadcasts too old to send): once
  // back, tell them to refetch, as a client that reconnects without continuity does (spec section 4).
  const resync = (cause: string) => {
    const channels = refreshLocalChannels(io);
    logger.warn({ cause, channels }, 'live feed was interrupted; clients told to refetch');
  };
  let subLost = false;
  sub.on('close', () => {
    subLost = true;
  });
  sub.on('ready', () => {
    if (subLost) resync('redis');
    subLost = false;
  });
  void (async () => {
    for await (const status of nc.status()) if (status.type === 'reconnect') resync('nats');
  })();

  const socketsOn = (tenantId: string, channel: TChannel) =>
    io.of('/').adapter.rooms.get(channelRooms(tenantId, channel).base)?.size ?? 0;
  const members = createMemberBatcher({
    // The tallies' write budget: a room of this instance's sockets gets a member batch as often as a tally.
    windowMs: (tenantId, channel) =>
      tallyIntervalMs({
        minMs: 0,
        sockets: socketsOn(tenantId, channel),
        writesPerSecond: config.TALLY_WRITES_PER_SECOND,
        maxIntervalMs: config.TALLY_MAX_INTERVAL_MS,
      }),
    fanOut: (broadcast) => fanOut(io, broadcast),
    fanOutBatch: (broadcasts) => fanOutBatch(io, broadcasts),
  });
  let broadcastsHandled = 0;
  const handle = (broadcast: Parameters<typeof fanOut>[1]) => {
    broadcastsHandled++;
    const rsvpRemoved = rsvpDeletedUser(broadcast);
    if (rsvpRemoved) reviewEverywhere(broadcast.tenantId, rsvpRemoved);
    return members.handle(broadcast);
  };
  const consumer: RunningBroadcastConsumer | null =
    (opts.consumeBroadcasts ?? true)
      ? await startBroadcastConsumer({
          nc,
          prefix,
          logger,
          maxAgeMs: config.BROADCAST_MAX_AGE_MS,
          streamReplicas: config.EVENTS_STREAM_REPLICAS,
          handle,
        })
      : null;
  const coalescer: RunningTallyCoalescer = await startTallyCoalescer({
    nc,
    prefix,
    logger,
    timeoutMs,
    intervalMs: config.TALLY_INTERVAL_MS,
    audience: {
      sockets: socketsOn,
      writesPerSecond: config.TALLY_WRITES_PER_SECOND,
      maxIntervalMs: config.TALLY_MAX_INTERVAL_MS,
    },
    queue: prefix ? `${prefix}.realtime` : 'realtime',
    gate: async (key, ms) => {
      const gateKey = `${config.REDIS_PREFIX}realtime:tally:${key}`;
      if ((await redis.set(gateKey, '1', 'PX', ms, 'NX')) === 'OK') return 0;
      const left = await redis.pttl(gateKey);
      return left > 0 ? left : 1;
    },
    handle: (broadcast) => fanOut(io, broadcast),
  });

  const health = await startHealthServer(
    config.HEALTH_PORT,
    [
      {
        name: 'redis',
        check: async () => {
          const pong = await redis.ping();
          if (pong !== 'PONG') throw new Error(`unexpected PING answer ${pong}`);
          if (pub.status !== 'ready' || sub.status !== 'ready') throw new Error('adapter clients not ready');
        },
      },
      {
        name: 'nats',
        check: async () => {
          if (nc.isClosed()) throw new Error('connection closed');
          await nc.flush();
        },
      },
    ],
    logger,
  );

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.SOCKET_PORT, config.HOST, () => resolve());
  });
  const address = httpServer.address();
  const port = typeof address === 'object' && address ? address.port : config.SOCKET_PORT;
  logger.info({ port, healthPort: health.port, prefix: prefix || undefined }, 'realtime ready');

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      logger.info('shutting down');
      health.setShuttingDown();
      // Stop taking work first (unacked broadcasts go to the other instances), then let sockets go: their
      // clients reconnect through the gateway to another instance and rejoin (and refetch).
      await consumer?.stop();
      stopAccessEvents();
      reviews.stop();
      members.flushAll();
      await coalescer.stop();
      stopSessionWatch();
      await new Promise<void>((resolve) => {
        io.close(() => resolve());
      });
      untrack();
      await nc.drain().catch(() => undefined);
      await Promise.all([redis, pub, sub].map((client) => client.quit().catch(() => client.disconnect())));
      await health.close();
      logger.info('stopped');
    })();
    return stopping;
  };

  if (opts.handleSignals ?? false) stopOnSignals(stop, logger);

  return {
    io,
    config,
    port,
    health,
    logger,
    get broadcastsHandled() {
      return broadcastsHandled;
    },
    get liveRequests() {
      return coalescer.requests;
    },
    stop,
  };
}
