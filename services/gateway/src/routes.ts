import { createHash } from 'node:crypto';
import {
  fieldErrors,
  type HttpRoute,
  SESSION_EXPIRED_MESSAGE,
  sessionReply,
  type TPrincipalReply,
  type TRequestContext,
  type TTenant,
} from '@gavel/contracts';
import { callService, callServiceConditional } from '@gavel/service-kit';
import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CSRF_COOKIE, isValidCsrfToken, setCsrfCookie } from './csrf.js';
import { errorResponse, MESSAGES, sendError } from './errors.js';
import { sendConditionalAnswer, sendFile, sendJson, sendUncachedJson } from './http-cache.js';
import type { PrincipalResolver } from './principal.js';
import { type Bucket, bucketsFor, type RateLimiter, type RateLimits } from './rate-limit.js';
import {
  clearSessionCookie,
  type SessionStore,
  sessionToken,
  setSessionCookie,
  type TSession,
} from './session.js';
import { parseHostAndPort, type TenantResolver } from './tenant.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The catalogue route requires X-Requested-With even on a GET (see HttpRoute.xhrOnly). */
    xhrOnly?: boolean;
  }
}

export interface ForwardingDeps {
  nc: NatsConnection;
  prefix: string;
  timeoutMs: number;
  tenants: TenantResolver;
  principals: PrincipalResolver;
  sessions: SessionStore;
  limiter: RateLimiter;
  limits: RateLimits;
}

/** `/api/admin/users/{id}` → `/api/admin/users/:id`. */
export function toFastifyPath(path: string): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

type Bag = Record<string, unknown>;

function isPlainObject(value: unknown): value is Bag {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The input a service receives: query, body and path params merged. Path params win, so the URL names the
 * thing acted on whatever the body says. Null when the body is JSON but not an object.
 */
export function mergeInput(params: unknown, query: unknown, body: unknown): Bag | null {
  if (body !== undefined && body !== null && !isPlainObject(body)) return null;
  return {
    ...(isPlainObject(query) ? query : {}),
    ...(isPlainObject(body) ? body : {}),
    ...(isPlainObject(params) ? params : {}),
  };
}

/** A lone UTF-16 surrogate (a JSON escape such as "\ud800"): Postgres would store U+FFFD in its place. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The first top-level field whose value holds text Postgres cannot keep as sent, with why, or null when
 * there is none: a NUL character (text cannot store one) or a lone surrogate (not Unicode; it would be
 * changed silently). Checked at the edge so no service meets them.
 */
export function fieldWithBadText(input: Bag): { field: string; message: string } | null {
  // Every string of a value, keys included, depth first in order; the first that cannot be kept says why.
  const inside = (value: unknown): string | null => {
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return MESSAGES.nulCharacter;
      return LONE_SURROGATE.test(value) ? MESSAGES.notUnicode : null;
    }
    const parts = Array.isArray(value) ? value : isPlainObject(value) ? Object.entries(value).flat() : [];
    for (const part of parts) {
      const message = inside(part);
      if (message) return message;
    }
    return null;
  };
  for (const [field, value] of Object.entries(input)) {
    const message = inside(field) ?? inside(value);
    if (message) return { field, message };
  }
  return null;
}

/**
 * The key of a sign-in attempt with a one-time secret: a hash of the browser's XSRF-TOKEN cookie, which the
 * same browser sends again when it retries, and which changes when a sign-in succeeds. Identity answers a
 * retry of the attempt that used a code as it answered the first (whose answer the browser may never have
 * had) and refuses any other. The cookie itself stays here: the key cannot be turned back into it.
 */
export function attemptKey(csrfCookie: unknown): string | undefined {
  if (!isValidCsrfToken(csrfCookie)) return undefined;
  return createHash('sha256').update(`gavel sign-in attempt\n${csrfCookie}`).digest('base64url');
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = { http: 80, https: 443 };

/**
 * The address the association was reached at, `scheme://host[:port]`, from the parsed Host (lowercased, no
 * trailing dot) and its validated port, left out when it is the scheme's own, as browsers write origins.
 */
export function originOf(protocol: string, address: { host: string; port: number | null }): string {
  const port = address.port === null || address.port === DEFAULT_PORTS[protocol] ? '' : `:${address.port}`;
  return `${protocol}://${address.host}${port}`;
}

export interface Caller {
  tenant: TTenant;
  /** The cookie's token, whether or not it names a usable session. */
  token: string | null;
  session: TSession | null;
  principal: NonNullable<TPrincipalReply> | null;
  ctx: TRequestContext;
}

/**
 * Who is calling: the tenant of the Host header, the session of the cookie (ignored when it belongs to
 * another tenant) and the user's roles and permissions. Answers 404 itself for an unknown host.
 */
export async function resolveCaller(
  deps: Pick<ForwardingDeps, 'tenants' | 'principals' | 'sessions'>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Caller | null> {
  const address = parseHostAndPort(request.host);
  const tenant = address ? await deps.tenants.resolve(address.host, request.id) : null;
  if (!address || !tenant) {
    sendError(reply, 404, MESSAGES.unknownHost);
    return null;
  }
  const token = sessionToken(request);
  let session = token ? await deps.sessions.get(token) : null;
  if (session && session.tenantId !== tenant.id) session = null;
  let principal: NonNullable<TPrincipalReply> | null = null;
  if (session && token) {
    principal = await deps.principals.get(tenant.id, session.userId, request.id);
    if (!principal) {
      // The user is gone or disabled: the session is worthless.
      await deps.sessions.destroy(token);
      clearSessionCookie(request, reply);
      session = null;
    }
  }
  const ctx: TRequestContext = {
    requestId: request.id,
    tenantId: tenant.id,
    userId: principal?.userId ?? null,
    roles: principal?.roles ?? [],
    permissions: principal?.permissions ?? [],
    origin: originOf(request.protocol, address),
  };
  return { tenant, token, session, principal, ctx };
}

/** A GET (or HEAD) answered with JSON the browser may keep, which the service may answer conditionally. */
function isPlainGet(route: HttpRoute, request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !route.file &&
    !route.session &&
    !route.personal
  );
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Registers one Fastify route per catalogue entry that forwards to its NATS subject. */
export function registerForwardedRoutes(
  app: FastifyInstance,
  routes: readonly HttpRoute[],
  deps: ForwardingDeps,
): void {
  for (const route of routes) {
    if (!route.subject && route.session !== 'destroy') {
      throw new Error(`HTTP route ${route.method} ${route.path} has no subject to forward to`);
    }
    // The request id travels explicitly (NATS header, access line), not in an AsyncLocalStorage: a
    // scope around every request turns on promise hooks, which cost the edge ~6% of its CPU per cast.
    app.route({
      method: route.method,
      url: toFastifyPath(route.path),
      // Read by the CSRF check, which runs before any route's handler.
      config: { xhrOnly: route.xhrOnly === true },
      handler: forwarder(route, deps),
    });
  }
}

function forwarder(route: HttpRoute, deps: ForwardingDeps) {
  const replySchema: z.ZodType = route.session === 'create' ? sessionReply(route.reply) : route.reply;
  const callOpts = { prefix: deps.prefix, timeoutMs: deps.timeoutMs };

  return async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    reply.header('cache-control', 'no-store');
    if (route.session === 'destroy') {
      // Signing out needs only the cookie's token, not identity: destroying one's own session is harmless
      // whatever the host, and a user must be able to sign out while identity is down.
      const token = sessionToken(request);
      if (token) await deps.sessions.destroy(token);
      clearSessionCookie(request, reply);
      setCsrfCookie(request, reply);
      return reply.send({ ok: true });
    }

    const caller = await resolveCaller(deps, request, reply);
    if (!caller) return reply;
    if (route.auth === 'user' && !caller.principal) {
      // A cookie whose session is gone: the page that sent it was signed in, and its user is told why.
      return sendError(reply, 401, caller.token ? SESSION_EXPIRED_MESSAGE : MESSAGES.unauthenticated);
    }

    // A secret (password, bypass code) never comes from the address: it would land in access logs.
    const query = route.rateLimit || route.session === 'create' ? undefined : request.query;
    const merged = mergeInput(request.params, query, request.body);
    let buckets: Bucket[] = [];
    if (route.rateLimit) {
      const email = typeof merged?.email === 'string' ? merged.email : null;
      buckets = bucketsFor(
        route.rateLimit,
        { ip: request.ip, tenantId: caller.tenant.id, email },
        deps.limits,
      );
      const verdict = await deps.limiter.hit(buckets);
      if (!verdict.allowed) {
        reply.header('retry-after', String(verdict.retryAfterSeconds));
        return sendError(reply, 429, MESSAGES.rateLimited);
      }
    }

    let giveBack = false;
    try {
      if (merged === null) return sendError(reply, 400, MESSAGES.notAnObject);
      const badText = fieldWithBadText(merged);
      if (badText !== null) {
        return sendError(reply, 400, MESSAGES.invalid, { [badText.field]: [badText.message] });
      }
      if (route.input) {
        const parsed = route.input.safeParse(merged);
        if (!parsed.success) return sendError(reply, 400, MESSAGES.invalid, fieldErrors(parsed.error));
      }
      // The service validates again with the same schema and applies its transforms once.
      let input: Bag = route.input ? merged : {};
      // The gateway's own key, whatever the body says.
      if (route.attemptKey) input = { ...input, attempt: attemptKey(request.cookies[CSRF_COOKIE]) };
      const subject = route.subject as string;
      if (isPlainGet(route, request)) {
        // The service may answer "not modified" to the copy the browser holds, or prepared bytes.
        const ifNoneMatch = headerText(request.headers['if-none-match']);
        const answer = await callServiceConditional(deps.nc, subject, caller.ctx, input, replySchema, {
          ...callOpts,
          ifNoneMatch,
        });
        giveBack = true;
        return sendConditionalAnswer(request, reply, answer);
      }
      const data = await callService(deps.nc, subject, caller.ctx, input, replySchema, callOpts);

      if (route.session === 'create') {
        const { userId, body } = data as { userId: string; body: unknown };
        if (caller.token) await deps.sessions.destroy(caller.token);
        const token = await deps.sessions.create(userId, caller.tenant.id);
        setSessionCookie(request, reply, token);
        setCsrfCookie(request, reply);
        giveBack = true;
        return reply.send(body);
      }
      giveBack = true;
      if (route.personal) return sendUncachedJson(reply, data);
      return route.file ? sendFile(request, reply, data) : sendJson(request, reply, data);
    } catch (err) {
      // A secret that was never checked (service down, our own failure) does not use up an attempt.
      if (errorResponse(err).status >= 500) giveBack = true;
      throw err;
    } finally {
      if (giveBack && buckets.length) {
        await deps.limiter.refund(buckets).catch(() => undefined);
      }
    }
  };
}
