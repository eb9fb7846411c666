import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { withRedis } from './redis.js';

export const SESSION_COOKIE = 'gavel_session';

/** 32 random bytes, base64url: 43 characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const ZSession = z.object({ userId: z.string().min(1), tenantId: z.string().min(1), createdAt: z.string() });
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

export function sessionToken(request: FastifyRequest): string | null {
  const value = request.cookies[SESSION_COOKIE];
  return isWellFormedToken(value) ? value : null;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
  });
}
