import { infra, uniqueName } from '@gavel/test-kit';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  isWellFormedToken,
  newToken,
  parseCookieHeader,
  SessionStore,
  sessionTokenFromCookieHeader,
} from './sessions.js';

describe('session cookies', () => {
  it('reads the session token from a raw Cookie header, as the gateway sets it', () => {
    const token = newToken();
    expect(isWellFormedToken(token)).toBe(true);
    expect(sessionTokenFromCookieHeader(`XSRF-TOKEN=abc; gavel_session=${token}; other=1`)).toBe(token);
    expect(sessionTokenFromCookieHeader(`gavel_session="${token}"`)).toBe(token);
  });

  it('ignores a missing, malformed or shadowing cookie', () => {
    expect(sessionTokenFromCookieHeader(undefined)).toBeNull();
    expect(sessionTokenFromCookieHeader('gavel_session=short')).toBeNull();
    expect(sessionTokenFromCookieHeader(`xgavel_session=${newToken()}`)).toBeNull();
  });

  it('parses names and decodes values, first one winning', () => {
    const cookies = parseCookieHeader('a=1; b=x%20y;  a=2; broken; =v; c=%E0');
    expect([...cookies]).toEqual([
      ['a', '1'],
      ['b', 'x y'],
      ['c', '%E0'],
    ]);
  });
});

describe('SessionStore lifetime', () => {
  const prefix = `${uniqueName('sess')}:`;
  const DAY = 24 * 3600 * 1000;
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis((await infra()).redisUrl, { maxRetriesPerRequest: 1 });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  /** Moves the store's clock (Date only: Redis and its timers keep real time). */
  const clockAt = (ms: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(ms);
  };

  /** A session as an older gateway wrote it, straight into Redis. */
  const stored = async (store: SessionStore, session: Record<string, string>) => {
    const token = newToken();
    await redis.set(store.key(token), JSON.stringify(session), 'EX', 600);
    return token;
  };

  it('ends a session at its maximum age however often it is used, and deletes it', async () => {
    const store = new SessionStore(redis, prefix, 600, 3600);
    const start = Date.now();
    const token = await store.create('u-alice', 'ten-alpha');
    for (const minutes of [9, 18, 27, 36, 45, 54]) {
      clockAt(start + minutes * 60_000);
      expect(await store.get(token)).toMatchObject({ userId: 'u-alice', tenantId: 'ten-alpha' });
    }
    clockAt(start + 61 * 60_000);
    expect(await store.get(token)).toBeNull();
    expect(await redis.exists(store.key(token))).toBe(0);
  });

  it('never lets Redis keep the key past the end, so a check of the key alone agrees', async () => {
    const store = new SessionStore(redis, prefix, 600, 300);
    const token = await store.create('u-alice', 'ten-alpha');
    expect(await redis.pttl(store.key(token))).toBeLessThanOrEqual(300_000);
    expect(await store.get(token)).not.toBeNull();
    const pttl = await redis.pttl(store.key(token));
    expect(pttl).toBeGreaterThan(0);
    expect(pttl).toBeLessThanOrEqual(300_000);
    // Far from its end, a read slides the idle expiry as before.
    const long = new SessionStore(redis, prefix, 600, 3600);
    const other = await long.create('u-alice', 'ten-alpha');
    await redis.expire(long.key(other), 30);
    expect(await long.get(other)).not.toBeNull();
    expect(await redis.ttl(long.key(other))).toBeGreaterThan(590);
  });

  it("honours the end a session was created with in a store that only reads (realtime's)", async () => {
    const gateway = new SessionStore(redis, prefix, 600, 120);
    const reader = new SessionStore(redis, prefix, 600);
    const start = Date.now();
    const token = await gateway.create('u-alice', 'ten-alpha');
    clockAt(start + 60_000);
    expect(await reader.get(token)).not.toBeNull();
    clockAt(start + 121_000);
    expect(await reader.get(token)).toBeNull();
    expect(await redis.exists(reader.key(token))).toBe(0);
  });

  it('ends older sessions when the maximum age is lowered', async () => {
    const before = new SessionStore(redis, prefix, 600, 3600);
    const lowered = new SessionStore(redis, prefix, 600, 120);
    const start = Date.now();
    const token = await before.create('u-alice', 'ten-alpha');
    clockAt(start + 121_000);
    expect(await lowered.get(token)).toBeNull();
  });

  it('gives a session created before there was a limit the default maximum age (7 days)', async () => {
    const reader = new SessionStore(redis, prefix, 600);
    const createdAt = (ago: number) => new Date(Date.now() - ago).toISOString();
    const old = await stored(reader, {
      userId: 'u-alice',
      tenantId: 'ten-alpha',
      createdAt: createdAt(8 * DAY),
    });
    expect(await reader.get(old)).toBeNull();
    expect(await redis.exists(reader.key(old))).toBe(0);
    const recent = await stored(reader, {
      userId: 'u-alice',
      tenantId: 'ten-alpha',
      createdAt: createdAt(DAY),
    });
    expect(await reader.get(recent)).toMatchObject({ userId: 'u-alice' });
    const gateway = new SessionStore(redis, prefix, 600, 3600);
    expect(await gateway.get(recent)).toBeNull();
  });
});
