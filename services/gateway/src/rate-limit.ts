import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
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
  login: {
    /** Failed attempts per client (an IPv4 address, an IPv6 /64), whatever the email. */
    perIp: number;
    /** Failed attempts per email from one client: a guesser elsewhere cannot lock the user out of theirs. */
    perEmailPerIp: number;
    /** Failed attempts per email from all clients together, so a guess spread over many still has a bound. */
    perEmail: number;
  };
  bypass: { perIp: number; perTenant: number };
  windowSeconds: number;
}

/** The cap on failed sign-ins for one email across every source, per window. */
export const LOGIN_PER_EMAIL_ALL_SOURCES = 50;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { perIp: 10, perEmailPerIp: 5, perEmail: LOGIN_PER_EMAIL_ALL_SOURCES },
  bypass: { perIp: 5, perTenant: 30 },
  windowSeconds: 60,
};

const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

/** The eight 16-bit groups of an IPv6 address (a zone such as `%eth0` ignored), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const bare = address.split('%', 1)[0] ?? '';
  if (!isIPv6(bare)) return null;
  let text = bare;
  const tail: number[] = [];
  // An embedded IPv4 address in dotted form (`::ffff:1.2.3.4`) is the last two groups.
  const lastColon = text.lastIndexOf(':');
  const dotted = text.slice(lastColon + 1);
  if (isIPv4(dotted)) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
    tail.push((a << 8) | b, (c << 8) | d);
    text = text.slice(0, lastColon + 1);
    if (!text.endsWith('::')) text = text.slice(0, -1);
  }
  const groups = (part: string | undefined) =>
    part ? part.split(':').map((g) => Number.parseInt(g, 16)) : [];
  const [before, after] = text.split('::');
  const head = groups(before);
  const rest = [...groups(after), ...tail];
  const zeros = text.includes('::') ? 8 - head.length - rest.length : 0;
  return [...head, ...new Array<number>(zeros).fill(0), ...rest];
}

/**
 * Whom a per-address limit counts: an IPv4 address as it is; an IPv6 address by its /64, the block one
 * subscriber routinely holds (billions of addresses to rotate through); an IPv4-mapped IPv6 address
 * (`::ffff:1.2.3.4`) as the IPv4 address it carries. Anything else is taken as it is.
 */
export function clientKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (groups?.length !== 8) return ip;
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
    return `${g6 >> 8}.${g6 & 0xff}.${g7 >> 8}.${g7 & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/**
 * The buckets an attempt counts against, in order. Addresses count as `clientKey` gives them. Emails are
 * hashed so no address sits in Redis; a login counts against the email from that client (its own small
 * budget, so a guesser elsewhere cannot lock the user out) and then against the email from everywhere (a
 * larger one, so a guess spread over many clients is bounded too). The bypass tenant bucket spans every
 * code of the association, so the code space cannot be walked from many addresses.
 */
export function bucketsFor(
  kind: RateLimitKind,
  input: RateLimitInput,
  limits = DEFAULT_RATE_LIMITS,
): Bucket[] {
  const windowSeconds = limits.windowSeconds;
  const client = clientKey(input.ip);
  if (kind === 'login') {
    const buckets: Bucket[] = [{ key: `rl:login:ip:${client}`, limit: limits.login.perIp, windowSeconds }];
    const email = input.email?.trim().toLowerCase();
    if (email) {
      buckets.push(
        {
          key: `rl:login:email-ip:${input.tenantId}:${digest(`${email}\n${client}`)}`,
          limit: limits.login.perEmailPerIp,
          windowSeconds,
        },
        {
          key: `rl:login:email:${input.tenantId}:${digest(email)}`,
          limit: limits.login.perEmail,
          windowSeconds,
        },
      );
    }
    return buckets;
  }
  return [
    { key: `rl:bypass:ip:${client}`, limit: limits.bypass.perIp, windowSeconds },
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
