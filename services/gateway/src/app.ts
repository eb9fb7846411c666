import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import {
  HTTP_ROUTES,
  type HttpRoute,
  REQUEST_ID_HEADER,
  SERVER_TIME_HEADER,
  SESSION_EXPIRED_MESSAGE,
  type TPreloadedNotification,
} from '@gavel/contracts';
import { type Logger, metrics } from '@gavel/service-kit';
import type { NatsConnection } from '@nats-io/transport-node';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { TGatewayConfig } from './config.js';
import { CSRF_COOKIE, checkCsrf, isValidCsrfToken, setCsrfCookie } from './csrf.js';
import {
  BODY_LIMIT_BYTES,
  bodyError,
  clientErrorAnswer,
  errorHandler,
  MESSAGES,
  sendError,
  tooDeepError,
} from './errors.js';
import { methodNotAllowedMessage, methodsServing } from './method-not-allowed.js';
import { buildOpenApi, renderDocsHtml } from './openapi.js';
import { PrincipalResolver } from './principal.js';
import { DEFAULT_RATE_LIMITS, RateLimiter, type RateLimits } from './rate-limit.js';
import { attachRealtimeProxy, parseRealtimeUrls, SOCKET_IO_PATH } from './realtime-proxy.js';
import { registerForwardedRoutes } from './routes.js';
import { SECURITY_HEADERS } from './security-headers.js';
import { serverTimeStamp } from './server-time.js';
import { clearSessionCookie, SessionStore, sessionToken } from './session.js';
import { registerSpa, sendSpaIndex } from './spa.js';
import { parseHost, TenantResolver } from './tenant.js';
import { untrustedForwardingWarning } from './trusted-proxy.js';

/**
 * How deep a JSON body may nest objects and arrays. Real inputs need a few levels; a body of thousands
 * (`[[[[...]]]]` fits easily in the body limit) would overflow the stack of every recursive walk after parsing
 * (the NUL check, validation, encoding it for the service) and answer 500.
 */
export const MAX_JSON_DEPTH = 32;
/**
 * Answers from this size on are compressed for clients that accept it: the attendance list of a
 * convention and the SPA's bundles. Smaller ones (a cast's answer) are not worth the CPU.
 */
export const COMPRESS_FROM_BYTES = 8 * 1024;

export interface GatewayDeps {
  config: TGatewayConfig;
  logger: Logger;
  nc: NatsConnection;
  redis: Redis;
  /** The route catalogue to serve; HTTP_ROUTES unless a test says otherwise (with the gateway's flags). */
  routes?: readonly HttpRoute[];
  limits?: RateLimits;
}

/** The API description: a browsable page, or the JSON document for a client that asks for it. */
const DOCS_PATH = '/api/docs';
const DOCS_JSON_PATH = '/api/docs/openapi.json';

const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The caller's request id when it is a sane token, else a new one. */
export function requestIdFrom(header: unknown): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

export function isApiPath(url: string): boolean {
  const path = normalPath(url);
  return path === '/api' || path.startsWith('/api/');
}

/**
 * A request's path as the router reads it: percent-decoded (`/%61pi` is `/api`), repeated slashes as one
 * (`//api/me`), without the query. An undecodable path stays as sent.
 */
export function normalPath(url: string): string {
  const raw = url.split('?')[0] ?? '';
  let path = raw;
  try {
    path = decodeURIComponent(raw);
  } catch {
    // A malformed escape: the raw path is what there is.
  }
  return path.replace(/\/{2,}/g, '/');
}

/**
 * How loud one request's access line is: failures warn, refusals and slow answers inform, the rest is
 * debug (LOG_LEVEL=debug shows every request). At a convention thousands of casts a second would otherwise
 * each write a log line; the request metrics count every one of them anyway.
 */
export function accessLogLevel(status: number, ms: number): 'warn' | 'info' | 'debug' {
  if (status >= 500) return 'warn';
  if (status >= 400 || ms >= SLOW_REQUEST_MS) return 'info';
  return 'debug';
}
const SLOW_REQUEST_MS = 1_000;
/** JSON bodies are read as UTF-8 and refused when they are not (a lenient decoder would store U+FFFD). */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The HTTP server's limits on slow and idle clients (see HTTP_REQUEST_TIMEOUT_MS in config.ts). Node
 * enforces the request timeout only when the headers timeout is no longer than it, and checks both on an
 * interval (30 s unless told otherwise), so both are set here.
 */
export function connectionTimeouts(config: TGatewayConfig) {
  const requestTimeout = config.HTTP_REQUEST_TIMEOUT_MS;
  return {
    requestTimeout,
    connectionTimeout: config.HTTP_CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    http: {
      // Node's default for the head alone, or less when the whole request must come sooner.
      headersTimeout: Math.min(60_000, requestTimeout),
      connectionsCheckingInterval: Math.min(1_000, requestTimeout),
    },
  };
}

/** Whether `value` nests objects and arrays more than `max` levels deep (a scalar is 0, `{}` is 1); no recursion. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > max) return true;
    for (const child of Object.values(next.value)) pending.push({ value: child, depth });
  }
  return false;
}

/** Whether an Accept header asks for JSON rather than a page (no q-values needed: browsers send text/html). */
export function prefersJson(accept: string | undefined): boolean {
  const types = (accept ?? '').split(',').map((t) => t.split(';')[0]?.trim().toLowerCase());
  return types.includes('application/json') && !types.includes('text/html');
}

/**
 * The HTTP edge, not yet listening: request ids, CSRF, the catalogue's routes forwarded over NATS with
 * sessions, tenants and rate limits, the OpenAPI document, and the SPA.
 */
export async function buildGateway(deps: GatewayDeps): Promise<FastifyInstance> {
  const { config, logger, nc, redis } = deps;
  const routes = deps.routes ?? HTTP_ROUTES;
  const app = Fastify({
    logger: false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: BODY_LIMIT_BYTES,
    ...connectionTimeouts(config),
    requestIdHeader: false,
    genReqId: (req) => requestIdFrom(req.headers[REQUEST_ID_HEADER]),
    // While closing, the onRequest hook answers 503 itself, with a request id, the security headers and
    // the API's error shape (Fastify's own answer has none of them).
    return503OnClosing: false,
    // A URL Fastify cannot even route (bad percent-encoding) is answered before any hook runs: give it
    // the API's error shape and a request id all the same.
    frameworkErrors: (error, request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      sendError(reply, status, error.code === 'FST_ERR_BAD_URL' ? MESSAGES.badUrl : MESSAGES.invalid);
    },
    clientErrorHandler: (err: NodeJS.ErrnoException, socket) => {
      // A reset connection has nobody left to answer.
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      if (socket.writable) socket.write(clientErrorAnswer(err.code));
      socket.destroy(err);
    },
  });

  // JSON bodies only (text/plain would reach the services as a string): the default safe parser (rejects
  // __proto__ poisoning), but an empty body is no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES },
    (request, body, done) => {
      // JSON is UTF-8 (RFC 8259): another declared charset, or bytes that are not UTF-8, would otherwise be
      // stored as replacement characters.
      const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1];
      if (charset && !/^utf-?8$/i.test(charset)) {
        done(bodyError(MESSAGES.notUtf8Charset, 415), undefined);
        return;
      }
      let text: string;
      try {
        text = STRICT_UTF8.decode(body as Buffer);
      } catch {
        done(bodyError(MESSAGES.notUtf8), undefined);
        return;
      }
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      parseJson(request, text, (err, parsed) => {
        if (err) done(err);
        else if (nestedDeeperThan(parsed, MAX_JSON_DEPTH)) done(tooDeepError(), undefined);
        else done(null, parsed);
      });
    },
  );

  await app.register(fastifyCompress, { threshold: COMPRESS_FROM_BYTES, encodings: ['gzip', 'deflate'] });
  await app.register(fastifyCookie);
  const handleError = errorHandler(logger);
  app.setErrorHandler((err, request, reply) => {
    // The static files refuse a path that is not canonical ('//', '/./', a segment too long for a file
    // name) with a bare 403: it names no file, so it is a page path (the app shows its own not-found
    // page) or a JSON 404 like any unknown /api or /assets path.
    if ((err as { code?: unknown }).code === 'FST_STATIC_FORBIDDEN_PATH') {
      // Not returned: Fastify would wait on the reply as a promise, a listener on the response each time.
      reply.callNotFound();
      return;
    }
    return handleError(err, request, reply);
  });

  // Set when the shutdown starts: requests still arriving (on a connection busy when it started) are
  // refused, and answers end their connection so keep-alive clients do not hold the shutdown open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  // The client's address (request.ip, which the per-address rate limits count) is the peer's unless the
  // peer is in TRUST_PROXY: say so once when a peer left out forwards a client's address.
  const noticeForwarding = untrustedForwardingWarning(config.TRUST_PROXY, (fields, message) =>
    logger.warn(fields, message),
  );
  app.addHook('onRequest', async (request, reply) => {
    noticeForwarding(request.socket.remoteAddress, request.headers['x-forwarded-for']);
    reply.header(REQUEST_ID_HEADER, request.id);
    reply.headers(SECURITY_HEADERS);
    // Behind TLS, browsers are told to keep to https: a downgraded first visit would expose the cookies.
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
    if (closing) return sendError(reply, 503, MESSAGES.shuttingDown);
    const cookie = request.cookies[CSRF_COOKIE];
    if (!isValidCsrfToken(cookie)) setCsrfCookie(request, reply);
    const verdict = checkCsrf(request.method, request.headers, cookie, request.routeOptions.config.xhrOnly);
    if (verdict === 'missing_requested_with') return sendError(reply, 403, MESSAGES.requestedWith);
    if (verdict === 'token_mismatch') {
      // Node has no reason phrase for 419 and would send 'unknown': the one Laravel's clients know.
      reply.raw.statusMessage = 'Page Expired';
      return sendError(reply, 419, MESSAGES.csrf);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    if (isApiPath(request.url)) reply.header(SERVER_TIME_HEADER, serverTimeStamp(reply.elapsedTime));
    return payload;
  });

  // /socket.io: websocket upgrades are piped to the realtime instances; plain HTTP there (long-polling) is
  // not offered, since realtime runs the websocket transport only.
  const realtime = attachRealtimeProxy(app.server, {
    targets: parseRealtimeUrls(config.REALTIME_URLS),
    trustProxy: config.TRUST_PROXY,
    logger,
  });
  app.addHook('preClose', async () => {
    realtime.closeAll();
  });
  for (const url of [SOCKET_IO_PATH, `${SOCKET_IO_PATH}/*`]) {
    app.all(url, async (_request, reply) => sendError(reply, 400, MESSAGES.websocketOnly));
  }

  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    metrics.httpRequests.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(status) },
      ms / 1000,
    );
    const line = {
      requestId: request.id,
      method: request.method,
      url: request.url,
      status,
      ms: Math.round(ms),
    };
    logger[accessLogLevel(status, ms)](line, 'request');
  });

  const timeoutMs = config.REQUEST_TIMEOUT_MS;
  const prefix = config.SUBJECT_PREFIX;
  const tenants = new TenantResolver({ nc, prefix, timeoutMs });
  const principals = new PrincipalResolver({ nc, prefix, timeoutMs });
  const sessions = new SessionStore(
    redis,
    config.REDIS_PREFIX,
    config.SESSION_TTL_SECONDS,
    config.SESSION_MAX_AGE_SECONDS,
  );
  const limiter = new RateLimiter(redis, config.REDIS_PREFIX);
  const limits = deps.limits ?? DEFAULT_RATE_LIMITS;

  registerForwardedRoutes(app, routes, {
    nc,
    prefix,
    timeoutMs,
    tenants,
    principals,
    sessions,
    limiter,
    limits,
  });

  // The API description is the same for every association, but like all of /api it is only served on a
  // known association's address.
  const document = buildOpenApi(routes, { limits });
  const documentJson = JSON.stringify(document);
  const documentHtml = renderDocsHtml(document);
  const knownHost = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const tenant = await tenants.resolve(parseHost(request.host), request.id);
    if (!tenant) sendError(reply, 404, MESSAGES.unknownHost);
    return tenant !== null;
  };
  const sendDocument = (reply: FastifyReply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(documentJson);
  app.get(DOCS_JSON_PATH, async (request, reply) => {
    if (!(await knownHost(request, reply))) return reply;
    return sendDocument(reply);
  });
  // One address for both: a browser gets the page, a client asking for JSON the document.
  app.get(DOCS_PATH, async (request, reply) => {
    if (!(await knownHost(request, reply))) return reply;
    if (prefersJson(request.headers.accept)) return sendDocument(reply.header('vary', 'accept'));
    return reply
      .header('vary', 'accept')
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      )
      .send(documentHtml);
  });

  // The spec's calendar link is {meeting base}/calendar; the file itself is an API answer.
  app.get<{ Params: { committeeCode: string; meetingCode: string } }>(
    '/meeting/:committeeCode/:meetingCode/calendar',
    async (request, reply) => {
      const { committeeCode, meetingCode } = request.params;
      const codes = `${encodeURIComponent(committeeCode)}/${encodeURIComponent(meetingCode)}`;
      return reply.redirect(`/api/meeting/${codes}/calendar`, 302);
    },
  );

  await registerSpa(app, config.WEB_ROOT);

  const methodsAt = methodsServing([
    ...routes,
    { method: 'GET', path: DOCS_PATH },
    { method: 'GET', path: DOCS_JSON_PATH },
  ]);
  app.setNotFoundHandler(async (request, reply) => {
    if (isApiPath(request.url)) {
      // An address the API serves, but not with this method (a path the router does not read as sent,
      // such as `//api/me`, stays a 404).
      const allowed = methodsAt(normalPath(request.url));
      if (allowed.length > 0 && !allowed.includes(request.method)) {
        reply.header('allow', allowed.join(', '));
        return sendError(reply, 405, methodNotAllowedMessage(request.method, allowed));
      }
      return sendError(reply, 404, MESSAGES.notFound);
    }
    if (normalPath(request.url).startsWith('/assets/')) return sendError(reply, 404, MESSAGES.notFound);
    if (request.method === 'GET' || request.method === 'HEAD') return sendSpaPage(request, reply);
    return sendError(reply, 404, MESSAGES.notFound);
  });
  // The static plugin would answer the root with a directory error; it is a page like any other.
  app.get('/', sendSpaPage);

  async function sendSpaPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    return sendSpaIndex(reply, config.WEB_ROOT, await expiredSessionNotice(request, reply));
  }

  /** A browser still holding a session cookie whose session is gone is told so, once, on its next page. */
  async function expiredSessionNotice(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<TPreloadedNotification[]> {
    // Only a page the user sees: an image or script request falling through to the app's page (a favicon)
    // would otherwise use up the notice, and clear the cookie, before the page that shows it.
    const dest = request.headers['sec-fetch-dest'];
    if (dest !== undefined && dest !== 'document') return [];
    const token = sessionToken(request);
    if (!token) return [];
    const session = await sessions.get(token).catch(() => undefined); // Redis down: serve the page anyway
    if (session !== null) return [];
    clearSessionCookie(request, reply);
    return [{ type: 'info', message: SESSION_EXPIRED_MESSAGE }];
  }

  return app;
}
