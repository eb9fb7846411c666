import { isWellFormedToken, SESSION_COOKIE } from '@gavel/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The session store and token rules live in the service kit, shared with the realtime service, which
 * authenticates socket handshakes with the same cookie; the cookie handling on Fastify replies stays here.
 */
export {
  isWellFormedToken,
  newToken,
  SESSION_COOKIE,
  SessionStore,
  type TSession,
} from '@gavel/service-kit';

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
