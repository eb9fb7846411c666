import { createHash } from 'node:crypto';
import { SESSION_EXPIRED_MESSAGE, SUBJECTS } from '@gavel/contracts';
import { type TestEnvironment, testEnvironment } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  type FakeUser,
  fakeIdentity,
  fakeUsers,
  Responders,
  startTestGateway,
  type TestGateway,
} from './support.js';

let env: TestEnvironment;
let gateway: TestGateway;
let responders: Responders;
let users: FakeUser[];

const sessionKey = (token: string) =>
  `${env.redisPrefix}session:${createHash('sha256').update(token).digest('hex')}`;

beforeAll(async () => {
  env = await testEnvironment();
  responders = await Responders.connect(env.infra.natsUrl, env.prefix);
  users = fakeUsers();
  fakeIdentity(responders, users);
  responders.on(SUBJECTS.meetings.meetingJoin, () => ({
    join_url: 'https://zoom.test/j/1',
    fallback: false,
  }));
  await responders.flush();
  gateway = await startTestGateway(env, { SESSION_TTL_SECONDS: '600', SESSION_MAX_AGE_SECONDS: '3600' });
});

afterAll(async () => {
  await gateway?.close();
  await responders?.close();
  await env?.cleanup();
});

const client = () => new Client(gateway.port, 'alpha.test');

describe('CSRF', () => {
  it('issues a readable XSRF-TOKEN cookie on the first response, and only then', async () => {
    const c = client();
    const first = await c.get('/api/me');
    expect(first.status).toBe(401);
    const cookie = first.cookies.find((x) => x.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.attributes.httponly).toBeUndefined();
    expect(String(cookie?.attributes.samesite).toLowerCase()).toBe('lax');
    expect(cookie?.attributes.path).toBe('/');
    expect(cookie?.attributes.secure).toBeUndefined();
    const second = await c.get('/api/me');
    expect(second.cookies.find((x) => x.name === 'XSRF-TOKEN')).toBeUndefined();
  });

  it('answers 403 to a mutating request without X-Requested-With', async () => {
    const c = client();
    await c.prime();
    const res = await c.post(
      '/api/auth/login',
      { email: 'alice@alpha.test', password: 'correct horse' },
      { noCsrf: true, headers: { 'x-xsrf-token': c.jar.get('XSRF-TOKEN') as string } },
    );
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ message: 'Requests must carry the X-Requested-With header.' });
    expect(res.cookies.find((x) => x.name === 'gavel_session')).toBeUndefined();
  });

  it('answers 419 when the token header is missing or wrong', async () => {
    const c = client();
    await c.prime();
    const login = { email: 'alice@alpha.test', password: 'correct horse' };
    const missing = await c.post('/api/auth/login', login, {
      noCsrf: true,
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(missing.status).toBe(419);
    // Node knows no phrase for 419 ('unknown'): the one the convention's clients show.
    expect(missing.statusText).toBe('Page Expired');
    expect(missing.json).toEqual({ message: 'CSRF token mismatch. Please refresh the page and try again.' });
    const wrong = await c.post('/api/auth/login', login, { headers: { 'x-xsrf-token': 'A'.repeat(43) } });
    expect(wrong.status).toBe(419);
    // Without any cookie, a header alone is worth nothing; the answer hands out a cookie to retry with.
    const fresh = client();
    const noCookie = await fresh.post('/api/auth/login', login, {
      headers: { 'x-xsrf-token': 'A'.repeat(43) },
    });
    expect(noCookie.status).toBe(419);
    expect(noCookie.cookies.find((x) => x.name === 'XSRF-TOKEN')).toBeDefined();
    const retry = await fresh.post('/api/auth/login', login);
    expect(retry.status).toBe(200);
  });

  it('answers 403 to the join link (a GET that registers the caller) without X-Requested-With', async () => {
    const c = client();
    await c.login('alice@alpha.test', 'correct horse');
    const join = '/api/meeting/FIN/M1/join';
    const before = responders.callsTo(SUBJECTS.meetings.meetingJoin).length;
    // Another site sending the browser there: the session cookie goes along, but no header can.
    const navigation = await c.get(join);
    expect(navigation.status).toBe(403);
    expect(navigation.json).toEqual({ message: 'Requests must carry the X-Requested-With header.' });
    expect((await c.request('HEAD', join)).status).toBe(403);
    expect(responders.callsTo(SUBJECTS.meetings.meetingJoin)).toHaveLength(before);
    // The app's own call carries it (web/src/lib/api-client.ts sends it on every request).
    const app = await c.get(join, { headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(app.status).toBe(200);
    expect(app.json).toEqual({ join_url: 'https://zoom.test/j/1', fallback: false });
    expect(responders.callsTo(SUBJECTS.meetings.meetingJoin)).toHaveLength(before + 1);
    // Other GETs stay open to plain navigations.
    expect((await c.get('/api/me')).status).toBe(200);
  });

  it('accepts the token in X-CSRF-TOKEN too', async () => {
    const c = client();
    await c.prime();
    const res = await c.post(
      '/api/auth/login',
      { email: 'alice@alpha.test', password: 'correct horse' },
      {
        noCsrf: true,
        headers: { 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': c.jar.get('XSRF-TOKEN') as string },
      },
    );
    expect(res.status).toBe(200);
  });
});

describe('sessions', () => {
  it('signs in with an httpOnly, SameSite=Lax cookie backed by Redis, and /api/me then works', async () => {
    const c = client();
    const before = (await c.get('/api/me')).status;
    expect(before).toBe(401);
    const xsrfBefore = c.jar.get('XSRF-TOKEN');
    const res = await c.login('alice@alpha.test', 'correct horse');
    expect(res.status).toBe(200);
    expect(res.json.user.email).toBe('alice@alpha.test');
    expect(res.json).not.toHaveProperty('userId');
    const cookie = res.cookies.find((x) => x.name === 'gavel_session');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.attributes.httponly).toBe(true);
    expect(String(cookie?.attributes.samesite).toLowerCase()).toBe('lax');
    expect(cookie?.attributes.path).toBe('/');
    expect(cookie?.attributes.secure).toBeUndefined();
    // Signing in rotates the CSRF token too.
    expect(c.jar.get('XSRF-TOKEN')).not.toBe(xsrfBefore);

    const stored = JSON.parse((await gateway.redis.get(sessionKey(cookie?.value as string))) as string);
    expect(stored).toMatchObject({ userId: 'u-alice', tenantId: 'ten-alpha' });
    expect(typeof stored.createdAt).toBe('string');
    expect(Date.parse(stored.expiresAt) - Date.parse(stored.createdAt)).toBe(3600_000);
    const ttl = await gateway.redis.ttl(sessionKey(cookie?.value as string));
    expect(ttl).toBeGreaterThan(590);
    expect(ttl).toBeLessThanOrEqual(600);

    const me = await c.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.json.user.id).toBe('u-alice');
    // Personal data: the browser keeps no copy (which would outlive the sign-out).
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.headers.etag).toBeUndefined();
    const call = responders.callsTo(SUBJECTS.identity.me).at(-1);
    expect(call?.ctx).toMatchObject({
      tenantId: 'ten-alpha',
      userId: 'u-alice',
      roles: ['admin'],
      permissions: ['view users'],
      origin: 'http://alpha.test',
    });
  });

  it('extends the session on use (sliding expiry)', async () => {
    const c = client();
    await c.login('alice@alpha.test', 'correct horse');
    const key = sessionKey(c.jar.get('gavel_session') as string);
    await gateway.redis.expire(key, 30);
    expect((await c.get('/api/me')).status).toBe(200);
    expect(await gateway.redis.ttl(key)).toBeGreaterThan(590);
  });

  it('ends the session at SESSION_MAX_AGE_SECONDS however much it is used (a stolen cookie expires)', async () => {
    const c = client();
    await c.login('alice@alpha.test', 'correct horse');
    const token = c.jar.get('gavel_session') as string;
    const key = sessionKey(token);
    // Signed in 61 minutes ago and used ever since: every use extended the idle expiry.
    const stored = JSON.parse((await gateway.redis.get(key)) as string);
    const shift = (iso: string) => new Date(Date.parse(iso) - 61 * 60_000).toISOString();
    const aged = { ...stored, createdAt: shift(stored.createdAt), expiresAt: shift(stored.expiresAt) };
    await gateway.redis.set(key, JSON.stringify(aged), 'EX', 600);
    const res = await c.get('/api/me');
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: SESSION_EXPIRED_MESSAGE });
    expect(await gateway.redis.exists(key)).toBe(0);
  });

  it('rotates the session on a new sign-in', async () => {
    const c = client();
    await c.login('alice@alpha.test', 'correct horse');
    const old = c.jar.get('gavel_session') as string;
    await c.login('carol@alpha.test', 'battery staple');
    const current = c.jar.get('gavel_session') as string;
    expect(current).not.toBe(old);
    expect(await gateway.redis.exists(sessionKey(old))).toBe(0);
    const me = await c.get('/api/me');
    expect(me.json.user.id).toBe('u-carol');
    const replay = await c.get('/api/me', { headers: { cookie: `gavel_session=${old}` } });
    expect(replay.status).toBe(401);
  });

  it('signs out: deletes the session, clears the cookie, and the same cookie is then refused', async () => {
    const c = client();
    await c.login('alice@alpha.test', 'correct horse');
    const token = c.jar.get('gavel_session') as string;
    const out = await c.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ ok: true });
    const cleared = out.cookies.find((x) => x.name === 'gavel_session');
    expect(cleared?.value).toBe('');
    expect(await gateway.redis.exists(sessionKey(token))).toBe(0);
    const again = await c.get('/api/me', { headers: { cookie: `gavel_session=${token}` } });
    expect(again.status).toBe(401);
    // A page still holding the cookie is told its session is over, unlike a caller that never had one.
    expect(again.json).toEqual({ message: SESSION_EXPIRED_MESSAGE });
    const never = await client().get('/api/me');
    expect(never.json).toEqual({ message: 'Unauthenticated.' });
  });

  it('signs out while identity does not answer (cold caches), with CSRF checks still applied', async () => {
    const c = client();
    await c.login('alice@alpha.test', 'correct horse');
    const token = c.jar.get('gavel_session') as string;
    // A freshly started gateway (cold tenant and principal caches) on the same Redis, whose NATS prefix no
    // fake service listens on: identity answers neither the tenant of the host nor the principal.
    const down = await startTestGateway(env, {
      SUBJECT_PREFIX: `${env.prefix}down`,
      REQUEST_TIMEOUT_MS: '300',
    });
    try {
      const d = new Client(down.port, 'alpha.test');
      for (const [name, value] of c.jar) d.jar.set(name, value);
      expect((await d.get('/api/me')).status).toBe(503);
      const noHeader = await d.post('/api/auth/logout', undefined, {
        noCsrf: true,
        headers: { 'x-xsrf-token': d.jar.get('XSRF-TOKEN') as string },
      });
      expect(noHeader.status).toBe(403);
      const wrongToken = await d.post('/api/auth/logout', undefined, {
        headers: { 'x-xsrf-token': 'A'.repeat(43) },
      });
      expect(wrongToken.status).toBe(419);
      expect(await gateway.redis.exists(sessionKey(token))).toBe(1);

      const xsrfBefore = d.jar.get('XSRF-TOKEN');
      const out = await d.post('/api/auth/logout');
      expect(out.status).toBe(200);
      expect(out.json).toEqual({ ok: true });
      expect(out.cookies.find((x) => x.name === 'gavel_session')?.value).toBe('');
      expect(d.jar.get('XSRF-TOKEN')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(d.jar.get('XSRF-TOKEN')).not.toBe(xsrfBefore);
      expect(await gateway.redis.exists(sessionKey(token))).toBe(0);
    } finally {
      await down.close();
    }
  });

  it("ignores a session on another association's host", async () => {
    const c = client();
    await c.login('alice@alpha.test', 'correct horse');
    expect((await c.get('/api/me')).status).toBe(200);
    const elsewhere = await c.get('/api/me', { host: 'beta.test' });
    expect(elsewhere.status).toBe(401);
    // ...and the session still works at home.
    expect((await c.get('/api/me')).status).toBe(200);
  });

  it('ends the session of a user identity no longer knows', async () => {
    const c = client();
    const dave: FakeUser = {
      id: 'u-dave',
      tenantId: 'ten-alpha',
      email: 'dave@alpha.test',
      password: 'pw',
      roles: [],
      permissions: [],
      active: true,
    };
    users.push(dave);
    await c.login('dave@alpha.test', 'pw');
    const token = c.jar.get('gavel_session') as string;
    dave.active = false;
    // dave's principal was never looked up, so nothing is cached.
    const res = await c.get('/api/me', { headers: { cookie: `gavel_session=${token}` } });
    expect(res.status).toBe(401);
    expect(res.cookies.find((x) => x.name === 'gavel_session')?.value).toBe('');
    expect(await gateway.redis.exists(sessionKey(token))).toBe(0);
  });

  it('refuses a wrong password with the service message and sets no session', async () => {
    const c = client();
    const res = await c.login('alice@alpha.test', 'wrong');
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'These credentials do not match our records.' });
    expect(res.cookies.find((x) => x.name === 'gavel_session')).toBeUndefined();
  });

  it('takes no credentials from the address (it lands in access logs and browser history)', async () => {
    const c = client();
    await c.prime();
    const res = await c.post('/api/auth/login?email=alice@alpha.test&password=correct%20horse', {});
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      errors: { email: ['The email field is required.'], password: ['The password field is required.'] },
    });
    expect(res.cookies.find((x) => x.name === 'gavel_session')).toBeUndefined();
  });
});

describe('tenants and request ids', () => {
  it('answers 404 on /api for a host no association uses, and caches the answer', async () => {
    const c = new Client(gateway.port, 'Nobody.Test:8080');
    const res = await c.get('/api/me');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: 'No association is served at this address.' });
    await c.get('/api/me');
    const lookups = responders
      .callsTo(SUBJECTS.identity.tenantResolve)
      .filter((x) => x.input && (x.input as { host: string }).host === 'nobody.test');
    expect(lookups).toHaveLength(1);
    expect(lookups[0]?.ctx).toMatchObject({ tenantId: '', userId: null });
  });

  it('echoes a sane x-request-id and passes it to the services in the NATS header and context', async () => {
    const c = client();
    await c.login('alice@alpha.test', 'correct horse');
    const res = await c.get('/api/me', { headers: { 'x-request-id': 'trace-42.a_b' } });
    expect(res.headers['x-request-id']).toBe('trace-42.a_b');
    const call = responders.callsTo(SUBJECTS.identity.me).at(-1);
    expect(call?.headerRequestId).toBe('trace-42.a_b');
    expect(call?.ctx.requestId).toBe('trace-42.a_b');
  });

  it('replaces an unsafe request id with a fresh UUID', async () => {
    const c = client();
    const res = await c.get('/api/me', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const other = await c.get('/api/me');
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(other.headers['x-request-id']).not.toBe(res.headers['x-request-id']);
  });
});
