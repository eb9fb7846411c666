import {
  connectNats,
  createLogger,
  type HealthServer,
  startHealthServer,
  stopOnSignals,
} from '@gavel/service-kit';
import type { FastifyInstance } from 'fastify';
import { buildGateway } from './app.js';
import { loadGatewayConfig, type TGatewayConfig } from './config.js';
import { createRedis, redisReady } from './redis.js';

export interface StartGatewayOptions {
  /** Environment to read (defaults to process.env); tests pass their own. */
  env?: Record<string, string | undefined>;
  /** Install SIGTERM/SIGINT handlers (off in tests). */
  handleSignals?: boolean;
}

export interface RunningGateway {
  app: FastifyInstance;
  config: TGatewayConfig;
  /** The HTTP port actually bound (HTTP_PORT may be 0). */
  port: number;
  health: HealthServer;
  stop(): Promise<void>;
}

/**
 * Boot: validate config, connect NATS (reconnects forever) and Redis (retries in the background), serve
 * health on HEALTH_PORT and the gateway on HTTP_PORT; stop() shuts down gracefully.
 */
export async function startGateway(opts: StartGatewayOptions = {}): Promise<RunningGateway> {
  const config = loadGatewayConfig(opts.env ?? process.env);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const nc = await connectNats(config.NATS_URL, 'gateway', logger);
  const redis = createRedis(config.REDIS_URL, logger);
  // Without Redis the gateway still starts: requests needing it get 503 and readiness says why.
  await redisReady(redis, 10_000).catch((err: Error) =>
    logger.warn({ err: err.message }, 'Redis not ready yet'),
  );

  const app = await buildGateway({ config, logger, nc, redis });
  const health = await startHealthServer(
    config.HEALTH_PORT,
    [
      {
        name: 'redis',
        check: async () => {
          const pong = await redis.ping();
          if (pong !== 'PONG') throw new Error(`unexpected PING answer ${pong}`);
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
  await app.listen({ port: config.HTTP_PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.HTTP_PORT;
  logger.info({ port, healthPort: health.port, prefix: config.SUBJECT_PREFIX || undefined }, 'gateway ready');

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      logger.info('shutting down');
      health.setShuttingDown();
      await app.close(); // stops accepting, finishes requests in flight
      await nc.drain().catch(() => undefined);
      await redis.quit().catch(() => redis.disconnect());
      await health.close();
      logger.info('stopped');
    })();
    return stopping;
  };

  if (opts.handleSignals ?? false) stopOnSignals(stop, logger);

  return { app, config, port, health, stop };
}
