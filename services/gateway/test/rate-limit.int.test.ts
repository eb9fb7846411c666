import { type TestEnvironment, testEnvironment } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  fakeIdentity,
  fakeUsers,
  Responders,
  startTestGateway,
  type TestGateway,
} from './support.js';

let env: TestEnvironment;
let gateway: TestGateway;
let responders: Responders;

beforeAll(async () => {
  env = await testEnvironment();
  responders = await Responders.connect(env.infra.natsUrl, env.prefix);
  fakeIdentity(responders, fakeUsers());
  await responders.flush();
  // Behind a proxy on loopback: each test speaks from its own address through X-Forwarded-For.
  gateway = await startTestGateway(env, { TRUST_PROXY: 'loopback' });
});

afterAll(async () => {
  await gateway?.close();
  await responders?.close();
  await env?.cleanup();
});

async function clientAt(ip: string, host = 'alpha.test'): Promise<Client> {
  const c = new Client(gateway.port, host);
  const request = c.request.bind(c);
  c.request = (method, path, opts = {}) =>
    request(method, path, { ...opts, headers: { 'x-forwarded-for': ip, ...opts.headers } });
  await c.prime();
  return c;
}

const TOO_MANY = { message: 'Too many attempts. Please wait a minute and try again.' };

describe('login limits', () => {
  it('allows 5 failed attempts a minute per email from one address, then answers 429 with Retry-After', async () => {
    const c = await clientAt('10.1.0.1');
    for (let i = 0; i < 5; i++) {
      expect((await c.login('alice@alpha.test', `wrong ${i}`)).status).toBe(401);
    }
    const blocked = await c.login('Alice@Alpha.test', 'correct horse');
    expect(blocked.status).toBe(429);
    expect(blocked.json).toEqual(TOO_MANY);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(blocked.cookies.find((x) => x.name === 'gavel_session')).toBeUndefined();
    // Another email from the same address is not blocked.
    expect((await c.login('carol@alpha.test', 'wrong')).status).toBe(401);
    const keys = await gateway.redis.keys(`${env.redisPrefix}rl:login:*`);
    expect(keys.length).toBeGreaterThanOrEqual(3);
    expect(keys.join(' ')).not.toContain('alice');
  });

  it('allows 10 failed attempts a minute per address', async () => {
    const c = await clientAt('10.1.1.1');
    for (let i = 0; i < 10; i++) {
      expect((await c.login(`nobody${i}@alpha.test`, 'wrong')).status).toBe(401);
    }
    const blocked = await c.login('someone-else@alpha.test', 'wrong');
    expect(blocked.status).toBe(429);
    expect(blocked.json).toEqual(TOO_MANY);
    expect((await (await clientAt('10.1.1.2')).login('nobody0@alpha.test', 'wrong')).status).toBe(401);
  });

  it('does not lock a user out of their own address when someone elsewhere guesses their password', async () => {
    const attacker = await clientAt('10.1.6.1');
    for (let i = 0; i < 5; i++) {
      expect((await attacker.login('alice@alpha.test', `guess ${i}`)).status).toBe(401);
    }
    expect((await attacker.login('alice@alpha.test', 'correct horse')).status).toBe(429);
    const alice = await clientAt('10.1.6.2');
    expect((await alice.login('alice@alpha.test', 'not quite')).status).toBe(401);
    expect((await alice.login('alice@alpha.test', 'correct horse')).status).toBe(200);
  });

  it('still bounds the failed attempts at one email across all addresses (50 a minute)', async () => {
    // Ten addresses, each within its own limits, share the email's budget across all sources.
    for (let n = 0; n < 10; n++) {
      const c = await clientAt(`10.1.9.${n}`, 'beta.test');
      for (let i = 0; i < 5; i++) {
        expect((await c.login('bob@beta.test', `spread ${n}.${i}`)).status).toBe(401);
      }
    }
    const fresh = await clientAt('10.1.9.10', 'beta.test');
    const blocked = await fresh.login('bob@beta.test', 'correct horse');
    expect(blocked.status).toBe(429);
    expect(blocked.json).toEqual(TOO_MANY);
    // The address itself is not blocked for other emails.
    expect((await fresh.login('nobody@beta.test', 'wrong')).status).toBe(401);
  });

  it('counts an IPv6 client by its /64, however many of its addresses it uses', async () => {
    for (let i = 0; i < 10; i++) {
      const c = await clientAt(`2001:db8:a:1::${(i + 1).toString(16)}`);
      expect((await c.login(`rotating${i}@alpha.test`, 'wrong')).status).toBe(401);
    }
    const rotated = await clientAt('2001:db8:a:1:ffff:ffff:ffff:fffe');
    const blocked = await rotated.login('rotating-last@alpha.test', 'wrong');
    expect(blocked.status).toBe(429);
    expect(blocked.json).toEqual(TOO_MANY);
    // The next /64 is another client.
    expect((await (await clientAt('2001:db8:a:2::1')).login('rotating0@alpha.test', 'wrong')).status).toBe(
      401,
    );
  });

  it('counts IPv4 addresses one by one, an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    for (let i = 0; i < 10; i++) {
      const c = await clientAt('::ffff:10.1.8.1');
      expect((await c.login(`mapped${i}@alpha.test`, 'wrong')).status).toBe(401);
    }
    expect((await (await clientAt('10.1.8.1')).login('mapped-last@alpha.test', 'wrong')).status).toBe(429);
    expect((await (await clientAt('10.1.8.2')).login('mapped-last@alpha.test', 'wrong')).status).toBe(401);
    expect((await (await clientAt('::ffff:10.1.8.3')).login('mapped-last@alpha.test', 'wrong')).status).toBe(
      401,
    );
  });

  it('does not count successful sign-ins, so a venue behind one address can sign in', async () => {
    const c = await clientAt('10.1.2.1');
    for (let i = 0; i < 12; i++) {
      expect((await c.login('carol@alpha.test', 'battery staple')).status).toBe(200);
    }
  });

  it('counts invalid input as an attempt', async () => {
    const c = await clientAt('10.1.3.1');
    for (let i = 0; i < 10; i++) expect((await c.login('', '')).status).toBe(400);
    expect((await c.login('', '')).status).toBe(429);
  });
});

describe('bypass code limits', () => {
  it('allows 5 wrong codes a minute per address', async () => {
    const c = await clientAt('10.2.0.1', 'beta.test');
    for (let i = 0; i < 5; i++) {
      const res = await c.post('/api/auth/bypass', { code: `WRONG${i}` });
      expect(res.status).toBe(404);
    }
    const blocked = await c.post('/api/auth/bypass', { code: 'GOOD42' });
    expect(blocked.status).toBe(429);
    expect(blocked.json).toEqual(TOO_MANY);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // An address that keeps on guessing after its refusal does not use up the association's budget:
    // everyone else can still enter a code.
    for (let i = 0; i < 30; i++) {
      expect((await c.post('/api/auth/bypass', { code: `MORE${i}` })).status).toBe(429);
    }
    const other = await clientAt('10.2.0.2', 'beta.test');
    expect((await other.post('/api/auth/bypass', { code: 'WRONG9' })).status).toBe(404);
  });

  it('allows 30 wrong codes a minute per association across all addresses', async () => {
    let attempts = 0;
    for (let n = 0; attempts < 30; n++) {
      const c = await clientAt(`10.2.1.${n}`);
      for (let i = 0; i < 5 && attempts < 30; i++, attempts++) {
        expect((await c.post('/api/auth/bypass', { code: `MISS${n}${i}` })).status).toBe(404);
      }
    }
    const fresh = await clientAt('10.2.2.1');
    const blocked = await fresh.post('/api/auth/bypass', { code: 'GOOD42' });
    expect(blocked.status).toBe(429);
    expect(blocked.json).toEqual(TOO_MANY);
    // Another association's codes are limited separately.
    const beta = await clientAt('10.2.2.2', 'beta.test');
    expect((await beta.post('/api/auth/bypass', { code: 'GOOD42' })).status).toBe(200);
  });
});

describe('behind a TLS proxy', () => {
  it('marks the cookies Secure when the request came over https', async () => {
    const c = new Client(gateway.port, 'alpha.test');
    const first = await c.get('/api/me', {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '10.3.0.1' },
    });
    expect(first.cookies.find((x) => x.name === 'XSRF-TOKEN')?.attributes.secure).toBe(true);
    const login = await c.post(
      '/api/auth/login',
      { email: 'carol@alpha.test', password: 'battery staple' },
      { headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '10.3.0.1' } },
    );
    expect(login.status).toBe(200);
    expect(login.cookies.find((x) => x.name === 'gavel_session')?.attributes.secure).toBe(true);
  });

  it('tells browsers to keep to https (HSTS) on pages and API answers that came over https, only then', async () => {
    const c = new Client(gateway.port, 'alpha.test');
    const over = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '10.3.0.2' };
    for (const path of ['/api/me', '/meetings']) {
      const secure = await c.get(path, { headers: over });
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000');
      const plain = await c.get(path, { headers: { 'x-forwarded-for': '10.3.0.2' } });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('a peer that is not a trusted proxy', () => {
  it('cannot name its own address or protocol through X-Forwarded-*', async () => {
    const elsewhere = await startTestGateway(env, { TRUST_PROXY: '10.9.9.9,192.168.0.0/16' });
    try {
      const c = new Client(elsewhere.port, 'alpha.test');
      await c.prime();
      // Every attempt claims a new address; they all count against the real one.
      for (let i = 0; i < 10; i++) {
        const res = await c.post(
          '/api/auth/login',
          { email: `forged${i}@alpha.test`, password: 'wrong' },
          { headers: { 'x-forwarded-for': `10.4.0.${i}` } },
        );
        expect(res.status).toBe(401);
      }
      const blocked = await c.post(
        '/api/auth/login',
        { email: 'forged-last@alpha.test', password: 'wrong' },
        { headers: { 'x-forwarded-for': '10.4.1.1' } },
      );
      expect(blocked.status).toBe(429);
      const https = await new Client(elsewhere.port, 'alpha.test').get('/api/me', {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.cookies.find((x) => x.name === 'XSRF-TOKEN')?.attributes.secure).toBeFalsy();
    } finally {
      await elsewhere.close();
    }
  });
});
