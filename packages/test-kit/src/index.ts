import { randomBytes } from 'node:crypto';
import { connect as netConnect } from 'node:net';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * Real infrastructure for tests: URLs from the environment, else the default localhost ports when
 * something listens there, else containers started with testcontainers when a Docker engine exists.
 */
export interface Infra {
  databaseUrl: string;
  natsUrl: string;
  redisUrl: string;
}

const DEFAULTS = {
  databaseUrl: 'postgres://postgres:postgres@127.0.0.1:5432/postgres',
  natsUrl: 'nats://127.0.0.1:4222',
  redisUrl: 'redis://127.0.0.1:6379',
};

function listening(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = netConnect({ host: hostname, port: Number(port) });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

let infraPromise: Promise<Infra> | null = null;

export function infra(env: Record<string, string | undefined> = process.env): Promise<Infra> {
  infraPromise ??= resolveInfra(env);
  return infraPromise;
}

async function resolveInfra(env: Record<string, string | undefined>): Promise<Infra> {
  const wanted = {
    databaseUrl: env.DATABASE_URL || DEFAULTS.databaseUrl,
    natsUrl: env.NATS_URL || DEFAULTS.natsUrl,
    redisUrl: env.REDIS_URL || DEFAULTS.redisUrl,
  };
  const up = await Promise.all([
    listening(wanted.databaseUrl),
    listening(wanted.natsUrl),
    listening(wanted.redisUrl),
  ]);
  if (up.every(Boolean)) return wanted;
  return startContainers(wanted, up);
}

/** Starts what is missing in containers; fails with a clear message when there is no Docker engine either. */
async function startContainers(wanted: Infra, up: boolean[]): Promise<Infra> {
  const missing = ['Postgres', 'NATS', 'Redis'].filter((_, i) => !up[i]);
  let tc: typeof import('testcontainers');
  try {
    tc = await import('testcontainers');
    const out = { ...wanted };
    if (!up[0]) {
      const c = await new tc.GenericContainer('postgres:16-alpine')
        .withEnvironment({ POSTGRES_PASSWORD: 'postgres' })
        .withExposedPorts(5432)
        .withWaitStrategy(tc.Wait.forLogMessage(/ready to accept connections/, 2))
        .start();
      out.databaseUrl = `postgres://postgres:postgres@${c.getHost()}:${c.getMappedPort(5432)}/postgres`;
    }
    if (!up[1]) {
      const c = await new tc.GenericContainer('nats:2-alpine')
        .withCommand(['-js'])
        .withExposedPorts(4222)
        .start();
      out.natsUrl = `nats://${c.getHost()}:${c.getMappedPort(4222)}`;
    }
    if (!up[2]) {
      const c = await new tc.GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
      out.redisUrl = `redis://${c.getHost()}:${c.getMappedPort(6379)}`;
    }
    return out;
  } catch (err) {
    throw new Error(
      `Tests need ${missing.join(', ')}: nothing listens on the default port, no URL is set in the environment ` +
        `(DATABASE_URL, NATS_URL, REDIS_URL), and containers could not be started (${(err as Error).message}). ` +
        'Run `npm run up` in another terminal, or start them yourself.',
    );
  }
}

/** A short random name part, safe for databases, subjects and stream names. */
export function uniqueName(prefix = 't'): string {
  return `${prefix}${randomBytes(5).toString('hex')}`;
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A fresh, empty database for one test file; drop() removes it. */
export async function createTestDatabase(baseUrl: string): Promise<TestDatabase> {
  const name = uniqueName('gavel_test_');
  const admin = new pg.Client({ connectionString: withDatabase(baseUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(baseUrl, name),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: withDatabase(baseUrl, 'postgres') });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Everything one test file needs, isolated from every other file, and its cleanup. */
export interface TestEnvironment {
  infra: Infra;
  db: TestDatabase;
  /** NATS subject prefix (and JetStream stream name part) for this file. */
  prefix: string;
  /** Redis key prefix for this file. */
  redisPrefix: string;
  /** Environment variables for a service or gateway started by the test. */
  env(extra?: Record<string, string>): Record<string, string>;
  cleanup(): Promise<void>;
}

export async function testEnvironment(): Promise<TestEnvironment> {
  const found = await infra();
  const db = await createTestDatabase(found.databaseUrl);
  const prefix = uniqueName('t');
  const redisPrefix = `${prefix}:`;
  return {
    infra: found,
    db,
    prefix,
    redisPrefix,
    env: (extra = {}) => ({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: db.url,
      NATS_URL: found.natsUrl,
      REDIS_URL: found.redisUrl,
      SUBJECT_PREFIX: prefix,
      REDIS_PREFIX: redisPrefix,
      HEALTH_PORT: '0',
      ...extra,
    }),
    async cleanup() {
      await db.drop().catch(() => undefined);
      await deleteStreams(found.natsUrl, prefix).catch(() => undefined);
      await deleteRedisKeys(found.redisUrl, redisPrefix).catch(() => undefined);
    },
  };
}

async function deleteStreams(natsUrl: string, prefix: string): Promise<void> {
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await jetstreamManager(nc);
    for await (const name of jsm.streams.names()) {
      if (name.startsWith(`${prefix.toUpperCase()}_`)) await jsm.streams.delete(name);
    }
  } finally {
    await nc.close();
  }
}

async function deleteRedisKeys(redisUrl: string, keyPrefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Polls until `fn` returns a truthy value or the time is up (for asynchronous effects like events). */
export async function eventually<T>(
  fn: () => Promise<T | undefined | null | false>,
  timeoutMs = 5000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < until) {
    try {
      const value = await fn();
      if (value) return value;
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(
    `condition not met within ${timeoutMs} ms${lastError ? `: ${(lastError as Error).message}` : ''}`,
  );
}
export { freePort, ServiceProcess } from './process.js';
