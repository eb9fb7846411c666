import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The double-submit convention axios and Laravel clients know: JS reads the cookie and echoes it. */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADERS = ['x-xsrf-token', 'x-csrf-token'] as const;
export const MUTATING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function newCsrfToken(): string {
  return randomBytes(32).toString('base64url');
}

export function isValidCsrfToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN.test(value);
}

/** Constant-time comparison of the cookie and the header; false for anything missing or malformed. */
export function csrfTokensMatch(cookie: unknown, header: unknown): boolean {
  if (!isValidCsrfToken(cookie) || typeof header !== 'string') return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type CsrfVerdict = 'ok' | 'missing_requested_with' | 'token_mismatch';

/**
 * What a request's method and headers say about CSRF; safe methods pass, except on an `xhrOnly` route (a
 * GET with side effects), which needs X-Requested-With: a cross-site navigation cannot add a header.
 */
export function checkCsrf(
  method: string,
  headers: Record<string, string | string[] | undefined>,
  cookie: string | undefined,
  xhrOnly = false,
): CsrfVerdict {
  const mutating = MUTATING_METHODS.has(method.toUpperCase());
  if (!mutating && !xhrOnly) return 'ok';
  const requestedWith = headers['x-requested-with'];
  if (typeof requestedWith !== 'string' || requestedWith.trim() === '') return 'missing_requested_with';
  if (!mutating) return 'ok';
  for (const name of CSRF_HEADERS) {
    if (csrfTokensMatch(cookie, headers[name])) return 'ok';
  }
  return 'token_mismatch';
}

export function setCsrfCookie(request: FastifyRequest, reply: FastifyReply, token = newCsrfToken()): string {
  reply.setCookie(CSRF_COOKIE, token, {
    httpOnly: false,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
  });
  return token;
}
