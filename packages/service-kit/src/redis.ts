import { AppError } from '@gavel/contracts';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * A Redis client that fails fast instead of queueing: while Redis is away a command rejects at once (the
 * request gets a 503) and the client keeps reconnecting in the background.
 */
export function createRedis(url: string, logger: Logger): Redis {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 2_000,
    connectTimeout: 5_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    // Commands issued in the same turn of the event loop share one write: under a convention burst each
    // request's session lookup was a socket write of its own, the gateway's largest cost.
    enableAutoPipelining: true,
  });
  let down = false;
  redis.on('error', (err: Error) => {
    if (!down) logger.warn({ err: err.message }, 'Redis connection problem; reconnecting');
    down = true;
  });
  redis.on('ready', () => {
    if (down) logger.info('Redis reconnected');
    down = false;
  });
  return redis;
}

/** Resolves once the client is connected, or rejects after `timeoutMs` (the client keeps trying). */
export function redisReady(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  if (redis.status === 'wait') redis.connect().catch(() => undefined);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      reject(new Error(`Redis did not become ready within ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', onReady);
  });
}

/** Runs a Redis operation; a Redis failure becomes a 503 with a message instead of a 500 or a hang. */
export async function withRedis<T>(op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('unavailable', 'Sign-in data is not available right now. Please try again shortly.');
  }
}
