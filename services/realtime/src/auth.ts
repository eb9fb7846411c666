import { randomUUID } from 'node:crypto';
import { AppError, type TRequestContext } from '@gavel/contracts';
import {
  type Logger,
  type PrincipalResolver,
  parseHost,
  type SessionStore,
  sessionTokenFromCookieHeader,
  type TenantResolver,
} from '@gavel/service-kit';
import type { Socket } from 'socket.io';
import { realtimeMetrics } from './metrics.js';

/** What a socket carries once authenticated (server side only). */
export interface SocketData {
  tenantId: string;
  userId: string;
  /** The session cookie's token: joins check the session is still alive. Never sent anywhere. */
  token: string;
  /** The join request behind each channel the socket follows, to ask again when the user's roles change. */
  joins?: Map<string, unknown>;
}

export interface AuthDeps {
  tenants: TenantResolver;
  principals: PrincipalResolver;
  sessions: SessionStore;
  logger: Logger;
}

export const REFUSALS = {
  unknownHost: 'This address does not belong to any association.',
  crossSite: 'Connections from another site are not allowed.',
  unauthenticated: 'Unauthenticated: sign in to receive live updates.',
  unavailable: 'Live updates are not available right now. Please try again shortly.',
} as const;

/** The error a refused handshake gets: the client sees `message` and `data.code` in `connect_error`. */
export class HandshakeRefused extends Error {
  readonly data: { code: string; message: string };
  constructor(code: 'not_found' | 'forbidden' | 'unauthenticated' | 'unavailable', message: string) {
    super(message);
    this.data = { code, message };
  }
}

/** The host part of an Origin header, or null. */
function originHost(origin: string): string | null {
  try {
    return parseHost(new URL(origin).host);
  } catch {
    return null;
  }
}

export type Who = { tenantId: string; userId: string; token: string };

/**
 * Authenticates a handshake exactly as the gateway authenticates a request: the tenant of the Host header,
 * the session of the cookie (in that tenant) and a user identity still knows. A browser always sends
 * Origin on a websocket handshake; one from another host is refused (cross-site websocket hijacking).
 */
export async function authenticateHandshake(
  deps: AuthDeps,
  headers: Record<string, string | string[] | undefined>,
): Promise<Who> {
  const requestId = randomUUID();
  const hostHeader = typeof headers.host === 'string' ? headers.host : undefined;
  const host = parseHost(hostHeader);
  const origin = typeof headers.origin === 'string' ? headers.origin : undefined;
  if (origin !== undefined && originHost(origin) !== host) {
    throw new HandshakeRefused('forbidden', REFUSALS.crossSite);
  }
  try {
    const tenant = await deps.tenants.resolve(host, requestId);
    if (!tenant) throw new HandshakeRefused('not_found', REFUSALS.unknownHost);
    const cookie = typeof headers.cookie === 'string' ? headers.cookie : undefined;
    const token = sessionTokenFromCookieHeader(cookie);
    const session = token ? await deps.sessions.get(token) : null;
    if (!token || !session || session.tenantId !== tenant.id) {
      throw new HandshakeRefused('unauthenticated', REFUSALS.unauthenticated);
    }
    const principal = await deps.principals.get(tenant.id, session.userId, requestId);
    if (!principal) throw new HandshakeRefused('unauthenticated', REFUSALS.unauthenticated);
    return { tenantId: tenant.id, userId: principal.userId, token };
  } catch (err) {
    if (err instanceof HandshakeRefused) throw err;
    deps.logger.warn({ err: err instanceof Error ? err.message : err }, 'handshake lookup failed');
    throw new HandshakeRefused('unavailable', err instanceof AppError ? err.message : REFUSALS.unavailable);
  }
}

/** socket.io middleware: refuses the connection unless the handshake authenticates. */
export function handshakeMiddleware(deps: AuthDeps) {
  return (socket: Socket, next: (err?: Error) => void): void => {
    authenticateHandshake(deps, socket.handshake.headers).then(
      (who) => {
        (socket.data as SocketData) = who;
        realtimeMetrics.handshakes.inc({ outcome: 'ok' });
        next();
      },
      (err: HandshakeRefused) => {
        realtimeMetrics.handshakes.inc({ outcome: err.data.code });
        next(err);
      },
    );
  };
}

/**
 * Disconnects the sockets whose session is gone (signed out, replaced by a new sign-in, expired): a
 * socket authenticated once must not go on receiving its channels' messages (staff fields included) after
 * its session ended. Every `everyMs`, one check per session; `alive` must not extend the session. While
 * Redis cannot answer, sockets stay. Returns the function that stops the checks.
 */
export function watchSessions(opts: {
  sockets: () => Iterable<Socket>;
  alive: (token: string) => Promise<boolean>;
  everyMs: number;
  logger: Logger;
}): () => void {
  let running = false;
  const sweep = async () => {
    const byToken = new Map<string, Socket[]>();
    for (const socket of opts.sockets()) {
      const token = (socket.data as Partial<SocketData>).token;
      if (!token) continue;
      const same = byToken.get(token);
      if (same) same.push(socket);
      else byToken.set(token, [socket]);
    }
    let ended = 0;
    await Promise.all(
      [...byToken].map(async ([token, sockets]) => {
        if (await opts.alive(token).catch(() => true)) return;
        for (const socket of sockets) socket.disconnect(true);
        ended += sockets.length;
      }),
    );
    if (ended) opts.logger.info({ sockets: ended }, 'disconnected sockets whose session ended');
  };
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void sweep().finally(() => {
      running = false;
    });
  }, opts.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The request context of a socket's user right now: the session must still be alive (a join after a
 * sign-out is refused; watchSessions disconnects the socket) and roles and permissions are looked up again
 * (cached for seconds).
 */
export async function currentContext(deps: AuthDeps, data: SocketData): Promise<TRequestContext> {
  const requestId = randomUUID();
  const session = await deps.sessions.get(data.token);
  if (!session || session.tenantId !== data.tenantId || session.userId !== data.userId) {
    throw new AppError('unauthenticated', REFUSALS.unauthenticated);
  }
  const principal = await deps.principals.get(data.tenantId, data.userId, requestId);
  if (!principal) throw new AppError('unauthenticated', REFUSALS.unauthenticated);
  return {
    requestId,
    tenantId: data.tenantId,
    userId: principal.userId,
    roles: principal.roles,
    permissions: principal.permissions,
  };
}
