import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { withRedis } from './redis.js';

/**
 * Browser sessions, shared by the gateway (which creates and destroys them) and the realtime service
 * (which authenticates socket handshakes with them): one reading of the cookie and of Redis for both.
 */
export const SESSION_COOKIE = 'gavel_session';

/** 32 random bytes, base64url: 43 characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const ZSession = z.object({
  userId: z.string().min(1),
  tenantId: z.string().min(1),
  createdAt: z.string(),
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
 * browser's cookie, so a leaked Redis dump cannot be replayed. Sliding expiry: every read extends it.
 */
export class SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlSeconds: number,
  ) {}

  key(token: string): string {
    return `${this.prefix}session:${createHash('sha256').update(token).digest('hex')}`;
  }

  async create(userId: string, tenantId: string): Promise<string> {
    const token = newToken();
    const session: TSession = { userId, tenantId, createdAt: new Date().toISOString() };
    await withRedis(() => this.redis.set(this.key(token), JSON.stringify(session), 'EX', this.ttlSeconds));
    return token;
  }

  /** The session of a token, its lifetime extended; null when unknown, expired or malformed. */
  async get(token: string): Promise<TSession | null> {
    if (!isWellFormedToken(token)) return null;
    const raw = await withRedis(() => this.redis.getex(this.key(token), 'EX', this.ttlSeconds));
    if (raw === null) return null;
    try {
      const parsed = ZSession.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
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
