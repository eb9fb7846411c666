import 'reflect-metadata';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { type DynamicModule, type INestMicroservice, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { loadConfig, ZServiceConfig } from './config.js';
import { ensureEventStream, type Transactional } from './events.js';
import { setHandlerLogger, setTenantShare } from './handler.js';
import { type HealthServer, startHealthServer } from './health.js';
import { createLogger, type Logger } from './logger.js';
import { ensureDatabase, migrate } from './migrate.js';
import { connectNats } from './nats.js';
import { GavelNatsServer } from './nats-server.js';
import { OutboxPublisher } from './outbox.js';
import { createPrismaClient, type RawSql } from './prisma.js';
import { RuntimeModule, ServiceRuntime } from './runtime.js';
import { TenantShare } from './tenant-share.js';

type PrismaLike = RawSql & Transactional<RawSql> & { $disconnect(): Promise<void> };

export interface StartServiceOptions<P extends PrismaLike> {
  /** Service name: NATS queue group, logger name, Postgres schema. */
  name: string;
  /** The service's root Nest module (handlers, services, repositories). */
  module: Type<unknown>;
  PrismaClient: new (options: { adapter: never }) => P;
  /** The service's `prisma/migrations` folder. */
  migrationsDir: string;
  /** Environment to read (defaults to process.env); tests pass their own. */
  env?: Record<string, string | undefined>;
  /** Install SIGTERM/SIGINT handlers (off in tests). */
  handleSignals?: boolean;
  /**
   * Runs after the runtime exists and before requests are taken (start consumers here); `app` gives
   * consumers the module's providers.
   */
  onStart?: (runtime: ServiceRuntime<P>, app: INestMicroservice) => Promise<void>;
}

export interface RunningService<P extends PrismaLike> {
  runtime: ServiceRuntime<P>;
  health: HealthServer;
  stop(): Promise<void>;
}

/**
 * Everything a service does at boot, once: validate config, migrate its schema, connect Postgres and NATS,
 * ensure the event stream, start the outbox publisher, serve Nest handlers on NATS in the service's queue
 * group, serve health and metrics, and shut down gracefully.
 */
export async function startService<P extends PrismaLike>(
  opts: StartServiceOptions<P>,
): Promise<RunningService<P>> {
  const config = loadConfig(ZServiceConfig, opts.env ?? process.env);
  const logger = createLogger(opts.name, config.LOG_LEVEL);
  setHandlerLogger(logger);
  setTenantShare(new TenantShare(config.TENANT_CONCURRENCY, config.TENANT_QUEUE_WAIT_MS));
  const schema = opts.name;

  await ensureDatabase(config.DATABASE_URL);
  const { applied } = await migrate({
    connectionString: config.DATABASE_URL,
    schema,
    migrationsDir: opts.migrationsDir,
  });
  if (applied.length) logger.info({ applied }, 'migrations applied');

  const prisma = createPrismaClient(opts.PrismaClient as never, {
    connectionString: config.DATABASE_URL,
    schema,
  }) as P;
  const nc = await connectNats(config.NATS_URL, `${opts.name}-events`, logger);
  const js = jetstream(nc);
  const jsm = await jetstreamManager(nc);
  await ensureEventStream(jsm, config.SUBJECT_PREFIX, config.EVENTS_STREAM_REPLICAS);
  const outbox = new OutboxPublisher({
    connectionString: config.DATABASE_URL,
    schema,
    js,
    prefix: config.SUBJECT_PREFIX,
    logger,
  });
  const runtime = new ServiceRuntime<P>(opts.name, schema, config, logger, prisma, nc, js, jsm, outbox);

  @Module({ imports: [RuntimeModule.forRoot(runtime as unknown as ServiceRuntime), opts.module] })
  class RootModule {}

  const server = new GavelNatsServer(
    { servers: config.NATS_URL, name: `${opts.name}-rpc`, maxReconnectAttempts: -1, reconnectTimeWait: 500 },
    { prefix: config.SUBJECT_PREFIX, queue: opts.name, graceMs: config.SHUTDOWN_GRACE_MS },
  );
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(
    RootModule as DynamicModule['module'],
    {
      strategy: server,
      logger: ['error', 'warn'],
    },
  );
  await outbox.start();
  if (opts.onStart) await opts.onStart(runtime, app);
  await app.listen();

  const health = await startHealthServer(
    config.HEALTH_PORT,
    [
      { name: 'database', check: async () => void (await prisma.$queryRawUnsafe('SELECT 1')) },
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
  logger.info({ prefix: config.SUBJECT_PREFIX || undefined }, `${opts.name} service ready`);

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      logger.info('shutting down');
      health.setShuttingDown();
      await app.close(); // stops taking requests, waits for those in flight, drains its connection
      for (const consumer of runtime.consumers) await consumer.stop();
      await outbox.stop();
      await nc.drain().catch(() => undefined);
      await prisma.$disconnect().catch(() => undefined);
      await health.close();
      logger.info('stopped');
    })();
    return stopping;
  };

  if (opts.handleSignals ?? true) stopOnSignals(stop, logger);
  return { runtime, health, stop };
}

/** A service's main(): start it, or log why not and exit non-zero. */
export function runService<P extends PrismaLike>(opts: StartServiceOptions<P>): void {
  runMain(opts.name, () => startService(opts));
}

/**
 * A process's main(): run `start`, or print why it could not start and exit non-zero, whether `start` throws
 * (a bad variable, read before any promise exists) or rejects.
 */
export function runMain(name: string, start: () => Promise<unknown>): void {
  Promise.resolve()
    .then(start)
    .catch((err: unknown) => {
      // Config errors name the bad variables; print them plainly.
      console.error(`${name} failed to start:`, err instanceof Error ? err.message : err);
      process.exit(1);
    });
}

/** On SIGTERM or SIGINT, `stop` (drain, finish in-flight work), then exit: 0, or 1 when stopping failed. */
export function stopOnSignals(stop: () => Promise<void>, logger: Logger): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void stop().then(
        () => process.exit(0),
        (err: unknown) => {
          logger.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}
