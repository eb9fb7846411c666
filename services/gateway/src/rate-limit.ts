import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { withRedis } from './redis.js';

export type RateLimitKind = 'login' | 'bypass';

export interface Bucket {
  /** Key under the Redis prefix, e.g. `rl:login:ip:1.2.3.4`. */
  key: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitInput {
  ip: string;
  tenantId: string;
  /** The email of a login attempt, when the body carries one. */
  email?: string | null;
}

export interface RateLimits {
  login: { perIp: number; perEmail: number };
  bypass: { perIp: number; perTenant: number };
  windowSeconds: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { perIp: 10, perEmail: 5 },
  bypass: { perIp: 5, perTenant: 30 },
  windowSeconds: 60,
};

const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

/**
 * The buckets an attempt counts against. Emails are hashed so no address sits in Redis; the bypass tenant
 * bucket spans every code of the association, so the code space cannot be walked from many addresses.
 */
export function bucketsFor(
  kind: RateLimitKind,
  input: RateLimitInput,
  limits = DEFAULT_RATE_LIMITS,
): Bucket[] {
  const windowSeconds = limits.windowSeconds;
  if (kind === 'login') {
    const buckets: Bucket[] = [{ key: `rl:login:ip:${input.ip}`, limit: limits.login.perIp, windowSeconds }];
    const email = input.email?.trim().toLowerCase();
    if (email) {
      buckets.push({
        key: `rl:login:email:${input.tenantId}:${digest(email)}`,
        limit: limits.login.perEmail,
        windowSeconds,
      });
    }
    return buckets;
  }
  return [
    { key: `rl:bypass:ip:${input.ip}`, limit: limits.bypass.perIp, windowSeconds },
    { key: `rl:bypass:tenant:${input.tenantId}`, limit: limits.bypass.perTenant, windowSeconds },
  ];
}

// INCR and, for a new window, EXPIRE in one step; answers the count and the seconds left in the window.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

// Gives an attempt back, only inside a live window (never creates a key without expiry).
const REFUND = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end
return 0
`;

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Fixed-window limits in Redis. Every attempt takes a slot up front, so a burst of parallel guesses cannot
 * slip past the count; attempts that succeed give their slot back (see `refund`), so only failed guesses
 * use up the budget and a venue full of delegates behind one address can still sign in.
 */
export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /**
   * Counts the attempt against each bucket in order and stops at the first that refuses it: an address
   * that keeps guessing after its own refusal does not use up the shared budgets behind it (the
   * association's bypass codes, an email), which would lock everyone else out.
   */
  async hit(buckets: Bucket[]): Promise<RateLimitResult> {
    for (const bucket of buckets) {
      const [count, ttl] = (await withRedis(() =>
        this.redis.eval(HIT, 1, this.prefix + bucket.key, bucket.windowSeconds),
      )) as [number, number];
      if (count > bucket.limit) return { allowed: false, retryAfterSeconds: Math.max(ttl, 1) };
    }
    return { allowed: true };
  }

  async refund(buckets: Bucket[]): Promise<void> {
    for (const bucket of buckets) {
      await withRedis(() => this.redis.eval(REFUND, 1, this.prefix + bucket.key));
    }
  }
}
