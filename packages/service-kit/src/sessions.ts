import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { withRedis } from './redis.js';

/**
 * Browser sessions, shared by the gateway (which creates and destroys them) and the realtime service
 * (which authenticates socket handshakes with them): one reading of the cookie and of Redis for both.
 */
export const SESSION_COOKIE = 'gavel_session';

/**
 * The longest a session lives however often it is used (7 days): a stolen cookie kept in use cannot
 * keep its session alive forever.
 */
export const DEFAULT_SESSION_MAX_AGE_SECONDS = 7 * 24 * 3600;

/** 32 random bytes, base64url: 43 characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const ZSession = z.object({
  userId: z.string().min(1),
  tenantId: z.string().min(1),
  createdAt: z.string(),
  /** When the session ends however much it is used; absent on sessions created before there was a limit. */
  expiresAt: z.string().optional(),
});
export type TSession = z.infer<typeof ZSession>;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function isWellFormedToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN.test(value);
}

/**
 * Sessions in Redis under `${prefix}session:${sha256(token)}`: the token itself is only ever in the
 * browser's cookie, so a leaked Redis dump cannot be replayed. Sliding expiry: every read extends it, but
 * never past the session's absolute end (`expiresAt`, its creation plus the maximum age), after which
 * it is gone; Redis drops the key by then too, so a check of the key alone (realtime's) agrees.
 */
export class SessionStore {
  /**
   * `maxAgeSeconds`: the lifetime of the sessions this store creates, and the longest it accepts of any
   * (lowering it ends older sessions too). A store that only reads (realtime) leaves it out and honours
   * the end each session was created with, so the gateway's setting holds for both.
   */
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlSeconds: number,
    private readonly maxAgeSeconds?: number,
  ) {}

  key(token: string): string {
    return `${this.prefix}session:${createHash('sha256').update(token).digest('hex')}`;
  }

  async create(userId: string, tenantId: string): Promise<string> {
    const token = newToken();
    const now = Date.now();
    const maxAge = this.maxAgeSeconds ?? DEFAULT_SESSION_MAX_AGE_SECONDS;
    const session: TSession = {
      userId,
      tenantId,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + maxAge * 1000).toISOString(),
    };
    const ttl = Math.min(this.ttlSeconds, maxAge);
    await withRedis(() => this.redis.set(this.key(token), JSON.stringify(session), 'EX', ttl));
    return token;
  }

  /**
   * The session of a token, its lifetime extended up to its absolute end; null when unknown, expired
   * (idle or past its end, which deletes it) or malformed.
   */
  async get(token: string): Promise<TSession | null> {
    if (!isWellFormedToken(token)) return null;
    const key = this.key(token);
    const raw = await withRedis(() => this.redis.getex(key, 'EX', this.ttlSeconds));
    if (raw === null) return null;
    let session: TSession;
    try {
      const parsed = ZSession.safeParse(JSON.parse(raw));
      if (!parsed.success) return null;
      session = parsed.data;
    } catch {
      return null;
    }
    const endsAt = this.endOf(session);
    const now = Date.now();
    if (!(endsAt > now)) {
      await withRedis(() => this.redis.del(key));
      return null;
    }
    // The read just extended the key past the session's end: Redis must drop it at the end.
    if (endsAt < now + this.ttlSeconds * 1000) await withRedis(() => this.redis.pexpireat(key, endsAt));
    return session;
  }

  /** When a session ends, in epoch ms (NaN, so ended, when its dates cannot be read). */
  private endOf(session: TSession): number {
    const created = Date.parse(session.createdAt);
    const stamped = session.expiresAt === undefined ? undefined : Date.parse(session.expiresAt);
    if (this.maxAgeSeconds === undefined) return stamped ?? created + DEFAULT_SESSION_MAX_AGE_SECONDS * 1000;
    return Math.min(stamped ?? Number.POSITIVE_INFINITY, created + this.maxAgeSeconds * 1000);
  }

  async destroy(token: string): Promise<void> {
    if (!isWellFormedToken(token)) return;
    await withRedis(() => this.redis.del(this.key(token)));
  }
}

/** The cookies of a `Cookie` request header (the first value wins when a name repeats). */
export function parseCookieHeader(header: string | undefined | null): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (out.has(name)) continue;
    try {
      out.set(name, decodeURIComponent(value));
    } catch {
      out.set(name, value);
    }
  }
  return out;
}

/** The session token of a raw `Cookie` header, or null when absent or malformed. */
export function sessionTokenFromCookieHeader(header: string | undefined | null): string | null {
  const value = parseCookieHeader(header).get(SESSION_COOKIE);
  return isWellFormedToken(value) ? value : null;
}
