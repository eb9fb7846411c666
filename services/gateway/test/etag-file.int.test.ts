import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { HTTP_ROUTES, type HttpRoute, SUBJECTS } from '@gavel/contracts';
import { createLogger, PreparedAnswer } from '@gavel/service-kit';
import { type TestEnvironment, testEnvironment } from '@gavel/test-kit';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildGateway } from '../src/app.js';
import { loadGatewayConfig } from '../src/config.js';
import { createRedis, redisReady } from '../src/redis.js';
import { Client, fakeIdentity, fakeUsers, meOf, Responders } from './support.js';

const ZFile = z.object({ filename: z.string(), content_type: z.string(), body: z.string() });
const TEST_ROUTES: HttpRoute[] = [
  {
    method: 'GET',
    path: '/api/test/{code}/retrieve/thing',
    summary: 'A polled resource',
    tag: 'test',
    subject: 'test.thing.get',
    auth: 'public',
    input: z.object({ code: z.string() }),
    reply: z.object({ code: z.string(), version: z.number() }),
  },
  {
    method: 'POST',
    path: '/api/test/{code}/thing',
    summary: 'A change',
    tag: 'test',
    subject: 'test.thing.bump',
    auth: 'public',
    input: z.object({ code: z.string() }),
    reply: z.object({ version: z.number() }),
  },
  {
    method: 'GET',
    path: '/api/test/{code}/calendar',
    summary: 'A calendar file',
    tag: 'test',
    subject: 'test.calendar',
    auth: 'public',
    input: z.object({ code: z.string() }),
    reply: ZFile,
    file: true,
  },
  {
    method: 'GET',
    path: '/api/test/broken-file',
    summary: 'A file answer that is not one',
    tag: 'test',
    subject: 'test.broken',
    auth: 'public',
    reply: z.unknown(),
    file: true,
  },
  {
    method: 'GET',
    path: '/api/test/{code}/retrieve/list',
    summary: 'A large list its service encodes once',
    tag: 'test',
    subject: 'test.list.get',
    auth: 'public',
    input: z.object({ code: z.string() }),
    reply: z.object({ code: z.string(), rows: z.array(z.string()) }),
  },
];

/** Rows that hardly compress: `count` of them make a gzip body of about 13 bytes each. */
const randomRows = (count: number) =>
  Array.from({ length: count }, () => randomBytes(12).toString('base64url'));

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nSUMMARY:Réunion\r\nEND:VCALENDAR\r\n';

let env: TestEnvironment;
let responders: Responders;
let app: FastifyInstance;
let nc: NatsConnection;
let redis: Redis;
let client: Client;
let port: number;
let version = 1;
/** What test.list.get answers, encoded once per list like the attendance lists. */
const lists = new Map<string, PreparedAnswer>();
const listAnswer = (code: string) => lists.get(code) ?? null;

beforeAll(async () => {
  env = await testEnvironment();
  responders = await Responders.connect(env.infra.natsUrl, env.prefix);
  const users = fakeUsers();
  fakeIdentity(responders, users);
  responders.on(SUBJECTS.identity.usersGet, (input: { id: string }) => ({
    user: { ...meOf(users[1] as (typeof users)[number]).user, id: input.id },
    roles: [],
    own_displayed_first_name: null,
    available_roles: [],
  }));
  responders.on(SUBJECTS.meetings.retrieveAttendance, () => ({
    users: [],
    members: [],
    attendance: [],
    rsvps: [],
  }));
  responders.on('test.thing.get', (input: { code: string }) => ({ code: input.code, version }));
  responders.on('test.thing.bump', () => ({ version: ++version }));
  responders.on('test.calendar', (input: { code: string }) => ({
    filename: `${input.code} meeting.ics`,
    content_type: 'text/calendar; charset=utf-8',
    body: ICS,
  }));
  responders.on('test.broken', () => ({ nope: true }));
  responders.on('test.list.get', (input: { code: string }) => listAnswer(input.code));
  await responders.flush();
  const config = loadGatewayConfig(env.env({ HTTP_PORT: '0', LOG_LEVEL: 'fatal' }));
  const logger = createLogger('gateway-test', 'fatal');
  nc = await connect({ servers: config.NATS_URL });
  redis = createRedis(config.REDIS_URL, logger);
  await redisReady(redis, 5000);
  app = await buildGateway({ config, logger, nc, redis, routes: [...HTTP_ROUTES, ...TEST_ROUTES] });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  client = new Client(port, 'alpha.test');
  await client.prime();
});

afterAll(async () => {
  await app?.close();
  await nc?.drain().catch(() => undefined);
  redis?.disconnect();
  await responders?.close();
  await env?.cleanup();
});

describe('ETag and 304 on GET replies', () => {
  it('tags a GET reply, answers 304 without a body while it is unchanged, and 200 once it changes', async () => {
    const first = await client.get('/api/test/FIN/retrieve/thing');
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ code: 'FIN', version: 1 });
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);

    const again = await client.get('/api/test/FIN/retrieve/thing', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(etag);

    const weak = await client.get('/api/test/FIN/retrieve/thing', {
      headers: { 'if-none-match': `W/${etag}` },
    });
    expect(weak.status).toBe(304);

    // Another resource has another tag.
    const other = await client.get('/api/test/OTHER/retrieve/thing', { headers: { 'if-none-match': etag } });
    expect(other.status).toBe(200);

    expect((await client.post('/api/test/FIN/thing', {})).status).toBe(200);
    const changed = await client.get('/api/test/FIN/retrieve/thing', { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.json).toEqual({ code: 'FIN', version: 2 });
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('does not tag mutating calls', async () => {
    const bumped = await client.post('/api/test/FIN/thing', {});
    expect(bumped.status).toBe(200);
    expect(bumped.headers.etag).toBeUndefined();
    expect(bumped.headers['cache-control']).toBe('no-store');
  });

  it('never tags an error', async () => {
    const me = await client.get('/api/me');
    expect(me.status).toBe(401);
    expect(me.headers.etag).toBeUndefined();
  });
});

describe('personal answers', () => {
  it("keep identity's answers about people out of the browser's cache: no-store, no ETag", async () => {
    const alice = new Client(port, 'alpha.test');
    expect((await alice.login('alice@alpha.test', 'correct horse')).status).toBe(200);
    for (const path of ['/api/me', '/api/admin/users/u-carol']) {
      const answer = await alice.get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.json.user.id, path).toBeTruthy();
      expect(answer.headers['cache-control'], path).toBe('no-store');
      expect(answer.headers.etag, path).toBeUndefined();
    }
  });

  it('leave the polled meeting routes their ETag and 304', async () => {
    const alice = new Client(port, 'alpha.test');
    expect((await alice.login('alice@alpha.test', 'correct horse')).status).toBe(200);
    const path = '/api/meeting/FIN/M1/retrieve/attendance';
    const first = await alice.get(path);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect((await alice.get(path, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });
});

describe('file replies', () => {
  it('serves a file answer with its Content-Type and a Content-Disposition, and supports 304', async () => {
    const file = await client.get('/api/test/FIN/calendar');
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="FIN meeting.ics"; filename*=UTF-8''FIN%20meeting.ics`,
    );
    expect(file.text).toBe(ICS);
    expect(file.json).toBeUndefined();
    const etag = file.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await client.get('/api/test/FIN/calendar', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('answers 500 with a message, never the raw answer, when a service answers something else', async () => {
    const broken = await client.get('/api/test/broken-file');
    expect(broken.status).toBe(500);
    expect(broken.json.message).toBeTruthy();
    expect(broken.text).not.toContain('nope');
  });
});

describe('prepared answers', () => {
  it("pass the service's gzip bytes to a client that takes gzip, and unzip them for one that does not", async () => {
    const data = { code: 'FIN', rows: randomRows(50) };
    const prepared = await PreparedAnswer.of(data);
    lists.set('FIN', prepared);

    const gzipped = await client.get('/api/test/FIN/retrieve/list', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(gzipped.headers.etag).toBe(prepared.etag);
    expect(gzipped.headers['cache-control']).toBe('private, no-cache');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gzipped.json).toEqual(data);

    const plain = await client.get('/api/test/FIN/retrieve/list', {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.etag).toBe(prepared.etag);
    expect(plain.text).toBe(JSON.stringify(data));
  });

  it("answer 304 for the copy a client holds, from the service's word alone", async () => {
    const prepared = await PreparedAnswer.of({ code: 'HELD', rows: randomRows(5) });
    lists.set('HELD', prepared);
    const held = await client.get('/api/test/HELD/retrieve/list', {
      headers: { 'if-none-match': `"stale", ${prepared.etag}` },
    });
    expect(held.status).toBe(304);
    expect(held.text).toBe('');
    expect(held.headers.etag).toBe(prepared.etag);
    expect(responders.callsTo('test.list.get').at(-1)?.headerIfNoneMatch).toBe(`"stale", ${prepared.etag}`);

    const next = await PreparedAnswer.of({ code: 'HELD', rows: randomRows(5) });
    lists.set('HELD', next);
    const changed = await client.get('/api/test/HELD/retrieve/list', {
      headers: { 'if-none-match': prepared.etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).toBe(next.etag);
  });

  it('arrive whole when they are larger than one NATS message', async () => {
    const data = { code: 'BIG', rows: randomRows(150_000) }; // ~2 MB of gzip: two chunks or more
    const prepared = await PreparedAnswer.of(data);
    expect(prepared.bytes).toBeGreaterThan(1.5 * 1024 * 1024);
    lists.set('BIG', prepared);
    const big = await client.get('/api/test/BIG/retrieve/list', { headers: { 'accept-encoding': 'gzip' } });
    expect(big.status).toBe(200);
    expect(JSON.parse(gunzipSync(prepared.gzipped).toString('utf8'))).toEqual(data);
    expect(big.json).toEqual(data);
  });
});
