import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { AppError, SUBJECTS, type TMe } from '@gavel/contracts';
import { connectNats, createLogger } from '@gavel/service-kit';
import { ALPHA, BETA, HOSTS, Responders } from '@gavel/service-kit/testing';
import type { TestEnvironment } from '@gavel/test-kit';
import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { buildGateway } from '../src/app.js';
import { loadGatewayConfig, type TGatewayConfig } from '../src/config.js';
import { createRedis, redisReady } from '../src/redis.js';

// Fake services answering over NATS: the service kit's, shared with the other services' tests.
export { NEST_ERR, NO_REPLY, type ReceivedCall, Responders } from '@gavel/service-kit/testing';

// ---------------------------------------------------------------------------------------------------------
// A small identity: two associations on their own hosts (the kit's, which realtime's tests share), a few users.

export interface FakeUser {
  id: string;
  tenantId: string;
  email: string;
  password: string;
  roles: string[];
  permissions: string[];
  active: boolean;
}

export function fakeUsers(): FakeUser[] {
  return [
    {
      id: 'u-alice',
      tenantId: ALPHA.id,
      email: 'alice@alpha.test',
      password: 'correct horse',
      roles: ['admin'],
      permissions: ['view users'],
      active: true,
    },
    {
      id: 'u-carol',
      tenantId: ALPHA.id,
      email: 'carol@alpha.test',
      password: 'battery staple',
      roles: [],
      permissions: [],
      active: true,
    },
    {
      id: 'u-bob',
      tenantId: BETA.id,
      email: 'bob@beta.test',
      password: 'correct horse',
      roles: [],
      permissions: [],
      active: true,
    },
  ];
}

export function meOf(user: FakeUser): TMe {
  const tenant = user.tenantId === ALPHA.id ? ALPHA : BETA;
  const [first = '', last = ''] = user.email.split('@');
  return {
    user: {
      id: user.id,
      nrds: null,
      first_name: first,
      last_name: last,
      displayed_first_name: first,
      nickname: null,
      name: `${first} ${last}`,
      email: user.email,
      username: null,
      phone: null,
      verified_phone: null,
      profile_display_url: null,
      external_id: null,
    },
    roles: user.roles.map((name) => ({
      id: `r-${name}`,
      name,
      permissions: user.permissions.map((p) => ({ name: p })),
    })),
    permissions: user.permissions,
    tenant,
  };
}

/**
 * Registers identity.tenant.resolve, principal.get, auth.login, auth.bypass and me.get over `users`, but
 * not the subjects in `except` (a test answers those itself).
 */
export function fakeIdentity(responders: Responders, users: FakeUser[], except: string[] = []): void {
  const on: Responders['on'] = (subject, handler) => {
    if (!except.includes(subject)) responders.on(subject, handler);
  };
  on(SUBJECTS.identity.tenantResolve, (input: { host: string }) => HOSTS[input.host] ?? null);
  on(SUBJECTS.identity.principalGet, (input: { userId: string }, ctx) => {
    const user = users.find((u) => u.id === input.userId && u.tenantId === ctx.tenantId && u.active);
    return user ? { userId: user.id, roles: user.roles, permissions: user.permissions } : null;
  });
  on(SUBJECTS.identity.login, (input: { email: string; password: string }, ctx) => {
    const user = users.find(
      (u) => u.email === input.email.trim().toLowerCase() && u.tenantId === ctx.tenantId && u.active,
    );
    if (!user || user.password !== input.password) {
      throw new AppError('unauthenticated', 'These credentials do not match our records.');
    }
    return { userId: user.id, body: meOf(user) };
  });
  on(SUBJECTS.identity.bypass, (input: { code: string }, ctx) => {
    const user = users.find((u) => u.tenantId === ctx.tenantId && input.code === 'GOOD42');
    if (!user) throw new AppError('not_found', 'This code is not valid or has expired.');
    return { userId: user.id, body: { to: '/meetings' } };
  });
  on(SUBJECTS.identity.me, (_input, ctx) => {
    const user = users.find((u) => u.id === ctx.userId && u.tenantId === ctx.tenantId);
    if (!user) throw new AppError('unauthenticated', 'Unauthenticated.');
    return meOf(user);
  });
}

// ---------------------------------------------------------------------------------------------------------
// The gateway under test, on a random port.

export interface TestGateway {
  app: FastifyInstance;
  config: TGatewayConfig;
  port: number;
  nc: NatsConnection;
  redis: Redis;
  close(): Promise<void>;
}

export async function startTestGateway(
  env: TestEnvironment,
  extra: Record<string, string> = {},
): Promise<TestGateway> {
  // Failures the tests provoke on purpose would otherwise fill the output; LOG_LEVEL in `extra` wins.
  const config = loadGatewayConfig(env.env({ HTTP_PORT: '0', LOG_LEVEL: 'fatal', ...extra }));
  const logger = createLogger('gateway-test', config.LOG_LEVEL);
  const nc = await connectNats(config.NATS_URL, 'gateway-test');
  const redis = createRedis(config.REDIS_URL, logger);
  await redisReady(redis, 5_000);
  const app = await buildGateway({ config, logger, nc, redis });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    config,
    port,
    nc,
    redis,
    async close() {
      await app.close();
      await nc.drain().catch(() => undefined);
      redis.disconnect();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// An HTTP client with a cookie jar that can set the Host header (fetch cannot).

export interface SetCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

export interface Answer {
  status: number;
  /** The status line's reason phrase. */
  statusText: string;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies in assertions
  json: any;
  cookies: SetCookie[];
  ms: number;
}

export function parseSetCookie(header: string): SetCookie {
  const [pair = '', ...attrs] = header.split(';').map((s) => s.trim());
  const eq = pair.indexOf('=');
  const attributes: Record<string, string | true> = {};
  for (const attr of attrs) {
    const i = attr.indexOf('=');
    if (i < 0) attributes[attr.toLowerCase()] = true;
    else attributes[attr.slice(0, i).toLowerCase()] = attr.slice(i + 1);
  }
  return { name: pair.slice(0, eq), value: decodeURIComponent(pair.slice(eq + 1)), attributes };
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is, with Content-Type application/json unless headers say otherwise. */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  /** Leave out X-Requested-With and the CSRF header on a mutating request. */
  noCsrf?: boolean;
  host?: string;
}

/** The body as sent before the gateway compressed it. */
function decode(raw: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'gzip') return gunzipSync(raw);
  if (encoding === 'br') return brotliDecompressSync(raw);
  return raw;
}

export class Client {
  readonly jar = new Map<string, string>();

  constructor(
    private readonly port: number,
    public host: string,
  ) {}

  get(path: string, opts: RequestOptions = {}): Promise<Answer> {
    return this.request('GET', path, opts);
  }

  post(path: string, body?: unknown, opts: RequestOptions = {}): Promise<Answer> {
    return this.request('POST', path, { ...opts, body });
  }

  put(path: string, body?: unknown, opts: RequestOptions = {}): Promise<Answer> {
    return this.request('PUT', path, { ...opts, body });
  }

  request(method: string, path: string, opts: RequestOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { host: opts.host ?? this.host };
    const payload = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const mutating = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    const xsrf = this.jar.get('XSRF-TOKEN');
    if (mutating && !opts.noCsrf) {
      headers['x-requested-with'] = 'XMLHttpRequest';
      if (xsrf) headers['x-xsrf-token'] = xsrf;
    }
    if (this.jar.size) {
      headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    Object.assign(headers, opts.headers);
    const started = Date.now();
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: this.port, method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = decode(raw, res.headers['content-encoding']).toString('utf8');
          const cookies = (res.headers['set-cookie'] ?? []).map(parseSetCookie);
          for (const c of cookies) {
            const expired = c.attributes.expires && Date.parse(String(c.attributes.expires)) <= Date.now();
            if (c.value === '' || expired || c.attributes['max-age'] === '0') this.jar.delete(c.name);
            else this.jar.set(c.name, c.value);
          }
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({
            status: res.statusCode ?? 0,
            statusText: res.statusMessage ?? '',
            headers: res.headers,
            text,
            json,
            cookies,
            ms: Date.now() - started,
          });
        });
      });
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  /** First visit: picks up the XSRF-TOKEN cookie as a browser would. */
  async prime(): Promise<void> {
    await this.get('/api/docs/openapi.json');
  }

  async login(email: string, password: string): Promise<Answer> {
    if (!this.jar.has('XSRF-TOKEN')) await this.prime();
    return this.post('/api/auth/login', { email, password });
  }
}
