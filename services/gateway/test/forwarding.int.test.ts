import { AppError, SUBJECTS } from '@gavel/contracts';
import { createLogger } from '@gavel/service-kit';
import { type TestEnvironment, testEnvironment } from '@gavel/test-kit';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import { loadGatewayConfig } from '../src/config.js';
import { createRedis } from '../src/redis.js';
import {
  Client,
  fakeIdentity,
  fakeUsers,
  meOf,
  NEST_ERR,
  NO_REPLY,
  Responders,
  startTestGateway,
  type TestGateway,
} from './support.js';

const TIMEOUT_MS = 400;
let env: TestEnvironment;
let gateway: TestGateway;
let responders: Responders;
let alice: Client;

const users = fakeUsers();
const editView = (id: string) => ({
  user: { ...meOf(users[0] as (typeof users)[0]).user, id },
  roles: ['admin'],
  own_displayed_first_name: null,
  available_roles: [],
});

beforeAll(async () => {
  env = await testEnvironment();
  responders = await Responders.connect(env.infra.natsUrl, env.prefix);
  fakeIdentity(responders, users);
  responders.on(SUBJECTS.identity.usersGet, (input: { id: string }) => {
    switch (input.id) {
      case 'missing':
        throw new AppError('not_found', 'This user does not exist.');
      case 'taken':
        throw new AppError('conflict', 'The email has already been taken.', { email: ['Taken.'] });
      case 'rule':
        throw new AppError('rule_broken', 'A user needs at least one role.', { roles: ['Pick one.'] });
      case 'forbidden':
        throw new AppError('forbidden', 'This action is unauthorized.');
      case 'crash':
        return NEST_ERR;
      case 'bad-reply':
        return { nothing: 'like the contract', stack: 'at secret.ts:1' };
      case 'hang':
        return NO_REPLY;
      default:
        return editView(input.id);
    }
  });
  responders.on(SUBJECTS.identity.usersList, (input: Record<string, unknown>) =>
    Array.from({ length: input.first_name === 'Many' ? 500 : 1 }, (_, i) => ({
      id: `u-${i + 1}`,
      nrds: null,
      first_name: String(input.first_name ?? 'A'),
      last_name: 'B',
      displayed_first_name: 'A',
      sort_name: 'B, A',
      name: 'A B',
      email: 'a@b.test',
      profile_display_url: null,
    })),
  );
  // identity.users.update deliberately has no responder.
  await responders.flush();
  gateway = await startTestGateway(env, { REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) });
  alice = new Client(gateway.port, 'alpha.test');
  expect((await alice.login('alice@alpha.test', 'correct horse')).status).toBe(200);
});

afterAll(async () => {
  await gateway?.close();
  await responders?.close();
  await env?.cleanup();
});

describe('forwarding', () => {
  it('answers 401 on a user route without a session, without calling the service', async () => {
    const before = responders.callsTo(SUBJECTS.identity.usersGet).length;
    const res = await new Client(gateway.port, 'alpha.test').get('/api/admin/users/u-1');
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Unauthenticated.' });
    expect(responders.callsTo(SUBJECTS.identity.usersGet)).toHaveLength(before);
  });

  it('forwards path params, query and body as one input, the path winning', async () => {
    const res = await alice.get('/api/admin/users/u-7?id=other&extra=1');
    expect(res.status).toBe(200);
    expect(res.json.user.id).toBe('u-7');
    expect(responders.callsTo(SUBJECTS.identity.usersGet).at(-1)?.input).toEqual({ id: 'u-7', extra: '1' });

    const list = await alice.post('/api/admin/users/list', { first_name: 'Zed', email: 'z' });
    expect(list.status).toBe(200);
    expect(list.json[0].first_name).toBe('Zed');
    expect(responders.callsTo(SUBJECTS.identity.usersList).at(-1)?.input).toEqual({
      first_name: 'Zed',
      email: 'z',
    });
  });

  it('tells the service the address it was reached at: the host as parsed, and a port only when it is not the default', async () => {
    for (const [host, origin] of [
      ['ALPHA.test.:8080', 'http://alpha.test:8080'],
      ['alpha.test:80', 'http://alpha.test'],
      ['Alpha.Test.', 'http://alpha.test'],
    ]) {
      const res = await alice.get('/api/admin/users/u-1', { host });
      expect(res.status, host).toBe(200);
      expect(responders.callsTo(SUBJECTS.identity.usersGet).at(-1)?.ctx.origin, host).toBe(origin);
    }
  });

  it.each([
    ['missing', 404, { message: 'This user does not exist.' }],
    ['forbidden', 403, { message: 'This action is unauthorized.' }],
    ['taken', 409, { message: 'The email has already been taken.', errors: { email: ['Taken.'] } }],
    ['rule', 422, { message: 'A user needs at least one role.', errors: { roles: ['Pick one.'] } }],
  ])('maps the AppError of %s to %i with message and errors', async (id, status, body) => {
    const res = await alice.get(`/api/admin/users/${id}`);
    expect(res.status).toBe(status);
    expect(res.json).toEqual(body);
  });

  it('compresses a large answer for a client that accepts gzip, and leaves small ones alone', async () => {
    const gzip = { headers: { 'accept-encoding': 'gzip' } };
    const large = await alice.post('/api/admin/users/list', { first_name: 'Many' }, gzip);
    expect(large.status).toBe(200);
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(large.json).toHaveLength(500);
    const small = await alice.post('/api/admin/users/list', { first_name: 'Zed' }, gzip);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json).toHaveLength(1);
    const plain = await alice.post('/api/admin/users/list', { first_name: 'Many' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json).toHaveLength(500);
  });

  it('answers 500 without details when a service fails outside the contract', async () => {
    // A handler that blew up in Nest: the kit reports it as an internal AppError.
    const crash = await alice.get('/api/admin/users/crash');
    expect(crash.status).toBe(500);
    expect(crash.json).toEqual({ message: 'The service failed to handle the request.' });
    // A reply that breaks the contract: the gateway's own generic message, nothing of the reply.
    const bad = await alice.get('/api/admin/users/bad-reply');
    expect(bad.status).toBe(500);
    expect(bad.json).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    expect(bad.text).not.toContain('secret');
  });

  it('answers 503 within the timeout when the service never answers', async () => {
    const res = await alice.get('/api/admin/users/hang');
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ message: 'The identity service did not answer in time. Please try again.' });
    expect(res.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(res.ms).toBeLessThan(TIMEOUT_MS + 1500);
  });

  it('answers 503 at once when no instance of the service runs', async () => {
    const res = await alice.put('/api/admin/users/u-1', {
      first_name: 'A',
      last_name: 'B',
      email: 'a@b.test',
      roles: [],
    });
    expect(res.status).toBe(503);
    expect(res.json).toEqual({
      message: 'The identity service is not available right now. Please try again shortly.',
    });
    expect(res.ms).toBeLessThan(TIMEOUT_MS);
  });

  it('validates the input at the gateway with per-field messages', async () => {
    const res = await alice.put('/api/admin/users/u-1', {
      first_name: '  ',
      email: 'not-an-email',
      roles: 'x',
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('The given data was invalid.');
    expect(res.json.errors.first_name).toEqual(['The first name field is required.']);
    expect(res.json.errors.email).toEqual(['The email must be a valid email address.']);
    expect(Object.keys(res.json.errors)).toEqual(expect.arrayContaining(['last_name', 'roles']));

    const login = await new Client(gateway.port, 'alpha.test').login('', '');
    expect(login.status).toBe(400);
    expect(login.json.errors).toMatchObject({
      email: expect.arrayContaining(['The email field is required.']),
      password: ['The password field is required.'],
    });
  });

  it('answers 400 to malformed JSON and to a body that is not an object', async () => {
    const bad = await alice.request('POST', '/api/admin/users/list', { rawBody: '{"first_name": ' });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ message: 'The request body is not valid JSON.' });
    const array = await alice.request('POST', '/api/admin/users/list', { rawBody: '[1, 2]' });
    expect(array.status).toBe(400);
    expect(array.json).toEqual({ message: 'The request body must be a JSON object.' });
    const poisoned = await alice.request('POST', '/api/admin/users/list', {
      rawBody: '{"__proto__": {"admin": true}}',
    });
    expect(poisoned.status).toBe(400);
    const empty = await alice.request('POST', '/api/admin/users/list', { rawBody: '' });
    expect(empty.status).toBe(200);
  });

  it('answers 415 to a body that is not JSON', async () => {
    const res = await alice.request('POST', '/api/admin/users/list', {
      rawBody: 'first_name=Ann',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    expect(res.json).toEqual({ message: 'The request body must be JSON (Content-Type: application/json).' });
  });

  it('reads bodies as UTF-8 only: another charset answers 415, bytes that are not UTF-8 answer 400', async () => {
    const before = responders.callsTo(SUBJECTS.identity.usersList).length;
    const latin1 = await alice.request('POST', '/api/admin/users/list', {
      rawBody: '{"last_name":"Smith"}',
      headers: { 'content-type': 'application/json; charset=latin1' },
    });
    expect(latin1.status).toBe(415);
    expect(latin1.json).toEqual({ message: 'The request body must be JSON in UTF-8 (charset=utf-8).' });
    const bytes = await alice.request('POST', '/api/admin/users/list', {
      rawBody: Buffer.concat([Buffer.from('{"last_name":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
    });
    expect(bytes.status).toBe(400);
    expect(bytes.json).toEqual({ message: 'The request body is not valid UTF-8.' });
    expect(responders.callsTo(SUBJECTS.identity.usersList)).toHaveLength(before);
    for (const charset of ['utf-8', 'UTF8', '"utf-8"']) {
      const ok = await alice.request('POST', '/api/admin/users/list', {
        rawBody: '{"last_name":"Zoë"}',
        headers: { 'content-type': `application/json; charset=${charset}` },
      });
      expect(ok.status, charset).toBe(200);
    }
    expect(responders.callsTo(SUBJECTS.identity.usersList).at(-1)?.input).toMatchObject({ last_name: 'Zoë' });
  });

  it('answers an address or headers too long to read in the API error shape', async () => {
    const res = await alice.get(`/api/admin/users/${'A'.repeat(20_000)}?${'b=1&'.repeat(5_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json).toEqual({ message: 'The request headers or address are too long.' });
  });

  it('answers 400 naming the field when text holds a NUL character, in the body or the path', async () => {
    const body = await alice.post('/api/admin/users/list', { last_name: 'Sm\u0000ith' });
    expect(body.status).toBe(400);
    expect(body.json).toEqual({
      message: 'The given data was invalid.',
      errors: { last_name: ['Text may not contain NUL characters.'] },
    });
    const path = await alice.get('/api/admin/users/u%00-1');
    expect(path.status).toBe(400);
    expect(path.json.errors).toEqual({ id: ['Text may not contain NUL characters.'] });
  });

  it('answers 400 to a body nested too deeply, in a known field or not, without calling the service', async () => {
    const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const before = responders.callsTo(SUBJECTS.identity.usersList).length;
    for (const rawBody of [`{"first_name":${deep(20_000)}}`, `{"extra":${deep(20_000)}}`]) {
      const res = await alice.request('POST', '/api/admin/users/list', { rawBody });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message: 'The request body nests objects or arrays too deeply.' });
    }
    expect(responders.callsTo(SUBJECTS.identity.usersList)).toHaveLength(before);
    // Depth the inputs actually use passes: here to the service, whose schema strips the unknown field.
    const ok = await alice.request('POST', '/api/admin/users/list', {
      rawBody: `{"first_name":"Ann","extra":{"a":[${deep(20)}]}}`,
    });
    expect(ok.status).toBe(200);
  });

  it('refuses bodies over 512 KiB with 413, so every body it takes fits in a NATS message', async () => {
    const res = await alice.post('/api/admin/users/list', { first_name: 'x'.repeat(512 * 1024) });
    expect(res.status).toBe(413);
    expect(res.json.message).toBe('The request body is too large (at most 512 KiB).');
    // Just under the limit, with a key no schema knows, the body reaches the service and is answered.
    const near = await alice.post('/api/admin/users/list', {
      first_name: 'Ann',
      junk: 'x'.repeat(512 * 1024 - 100),
    });
    expect(near.status).toBe(200);
  });

  it('answers JSON 404 for unknown API paths, never the SPA', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing/here'],
      ['GET', '/api'],
      ['POST', '/api/nothing'],
      ['GET', '/%61pi/nope'],
      ['GET', '//api/me'],
    ] as const) {
      const res = await alice.request(method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json).toEqual({ message: 'Not found.' });
    }
  });

  it('answers 405 with Allow to a method the address does not take', async () => {
    const del = await alice.request('DELETE', '/api/me');
    expect(del.status).toBe(405);
    expect(del.headers.allow).toBe('GET, HEAD');
    expect(del.json).toEqual({ message: 'This address does not take DELETE: use GET.' });
    const patch = await alice.request('PATCH', '/api/admin/users/00000000-0000-4000-8000-000000000000');
    expect(patch.status).toBe(405);
    expect(patch.headers.allow?.toString().split(', ').sort()).toEqual(['GET', 'HEAD', 'PUT']);
  });

  it('answers a URL with bad percent-encoding in the API error shape, with a request id', async () => {
    for (const path of ['/api/admin/users/%E0%A4%A', '/admin/%E0%A4%A']) {
      const res = await alice.get(path);
      expect(res.status, path).toBe(400);
      expect(res.json).toEqual({ message: 'The address is not valid (bad percent-encoding).' });
      expect(res.headers['x-request-id']).toBeTruthy();
    }
  });
});

describe('outages', () => {
  it('answers 503 with a message, not a hang, when Redis is away', async () => {
    const config = loadGatewayConfig(env.env({ REDIS_URL: 'redis://127.0.0.1:1', HTTP_PORT: '0' }));
    const logger = createLogger('gateway-test', 'silent');
    const nc = await connect({ servers: env.infra.natsUrl });
    const redis = createRedis(config.REDIS_URL, logger);
    const app = await buildGateway({ config, logger, nc, redis });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      const c = new Client(typeof address === 'object' && address ? address.port : 0, 'alpha.test');
      const res = await c.get('/api/me', { headers: { cookie: `gavel_session=${'a'.repeat(43)}` } });
      expect(res.status).toBe(503);
      expect(res.json.message).toMatch(/not available right now/);
      expect(res.ms).toBeLessThan(3000);
      // Without a session cookie nothing needs Redis.
      expect((await c.get('/api/me')).status).toBe(401);
    } finally {
      await app.close();
      redis.disconnect();
      await nc.close();
    }
  });
});
