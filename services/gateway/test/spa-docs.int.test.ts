import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { HTTP_ROUTES, SERVER_TIME_HEADER, SESSION_EXPIRED_MESSAGE, SUBJECTS } from '@gavel/contracts';
import { type TestEnvironment, testEnvironment } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  Client,
  fakeIdentity,
  fakeUsers,
  Responders,
  startTestGateway,
  type TestGateway,
} from './support.js';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/index-abc123.js"></script></body></html>';
const BUNDLE = 'console.log("gavel");';
/** The build's compressed copies of a bundle (web/build/precompress.ts), told apart by their content. */
const VENDOR = 'console.log("vendor");';
const VENDOR_BR = 'console.log("vendor, from the .br copy");';
const VENDOR_GZ = 'console.log("vendor, from the .gz copy");';

let env: TestEnvironment;
let gateway: TestGateway;
let responders: Responders;
let webRoot: string;
let emptyRoot: string;

beforeAll(async () => {
  env = await testEnvironment();
  responders = await Responders.connect(env.infra.natsUrl, env.prefix);
  fakeIdentity(responders, fakeUsers());
  // A polled route, which answers 304 to the copy a browser holds.
  responders.on(SUBJECTS.meetings.retrieveAttendance, () => ({
    users: [],
    members: [],
    attendance: [],
    rsvps: [],
  }));
  await responders.flush();
  webRoot = await mkdtemp(join(tmpdir(), 'gavel-web-'));
  await mkdir(join(webRoot, 'assets'));
  await writeFile(join(webRoot, 'index.html'), INDEX);
  await writeFile(join(webRoot, 'assets', 'index-abc123.js'), BUNDLE);
  await writeFile(join(webRoot, 'assets', 'vendor-def456.js'), VENDOR);
  await writeFile(join(webRoot, 'assets', 'vendor-def456.js.br'), brotliCompressSync(VENDOR_BR));
  await writeFile(join(webRoot, 'assets', 'vendor-def456.js.gz'), gzipSync(VENDOR_GZ));
  await writeFile(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(webRoot, '.env'), 'SECRET=1');
  emptyRoot = await mkdtemp(join(tmpdir(), 'gavel-web-empty-'));
  gateway = await startTestGateway(env, { WEB_ROOT: webRoot });
});

afterAll(async () => {
  await gateway?.close();
  await responders?.close();
  await env?.cleanup();
  await rm(webRoot, { recursive: true, force: true });
  await rm(emptyRoot, { recursive: true, force: true });
});

describe('SPA', () => {
  it('serves index.html for page paths (history fallback), never cached, with a CSRF cookie', async () => {
    const c = new Client(gateway.port, 'alpha.test');
    for (const path of ['/admin/anything', '/admin/users/12/edit?tab=roles', '/meeting/ABC/DEF', '/']) {
      const res = await c.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toMatch(/text\/html/);
      expect(res.text, path).toBe(INDEX);
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
    const fresh = await new Client(gateway.port, 'alpha.test').get('/admin/anything');
    expect(fresh.cookies.find((x) => x.name === 'XSRF-TOKEN')).toBeDefined();
  });

  it('serves pages, assets and API answers with a Content-Security-Policy and no framing', async () => {
    const c = new Client(gateway.port, 'alpha.test');
    for (const path of [
      '/',
      '/admin',
      '/meeting/FIN/M1',
      '/assets/index-abc123.js',
      '/api/me',
      '/api/nothing',
    ]) {
      const res = await c.get(path);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, path).toContain("script-src 'self';");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("img-src 'self' data: blob: https:");
      expect(res.headers['x-frame-options'], path).toBe('DENY');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['cross-origin-opener-policy'], path).toBe('same-origin');
    }
  });

  it('stamps every API answer, refusals and 304s too, with its clock in milliseconds; pages and assets not', async () => {
    const c = new Client(gateway.port, 'alpha.test');
    expect((await c.login('alice@alpha.test', 'correct horse')).status).toBe(200);
    // The session test below counts the sessions in Redis.
    onTestFinished(async () => void (await c.post('/api/auth/logout')));
    const polled = '/api/meeting/FIN/M1/retrieve/attendance';
    const etag = String((await c.get(polled)).headers.etag);
    const calls = [
      () => c.get('/api/me'),
      () => c.get(polled, { headers: { 'if-none-match': etag } }),
      () => c.get('/api/nothing'),
      () => c.post('/api/auth/logout', undefined, { headers: { 'x-xsrf-token': 'stale' } }),
      () => new Client(gateway.port, 'alpha.test').get('/api/me'),
    ];
    const statuses: number[] = [];
    for (const call of calls) {
      const sentAt = Date.now();
      const answer = await call();
      const receivedAt = Date.now();
      statuses.push(answer.status);
      const stamp = String(answer.headers[SERVER_TIME_HEADER]);
      expect(stamp).toMatch(/^\d{13}$/);
      // Taken while the request was handled: after it was sent, before its answer arrived.
      expect(Number(stamp)).toBeGreaterThanOrEqual(sentAt);
      expect(Number(stamp)).toBeLessThanOrEqual(receivedAt);
    }
    expect(statuses).toEqual([200, 304, 404, 419, 401]);
    for (const path of ['/', '/meeting/FIN/M1', '/assets/index-abc123.js']) {
      expect((await c.get(path)).headers[SERVER_TIME_HEADER], path).toBeUndefined();
    }
  });

  it("sends the meeting page's calendar link to the API's .ics file", async () => {
    const res = await new Client(gateway.port, 'alpha.test').get('/meeting/FIN/M%201/calendar');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/api/meeting/FIN/M%201/calendar');
  });

  it('tells a browser whose session expired, once, in the page it serves', async () => {
    const c = new Client(gateway.port, 'alpha.test');
    expect((await c.login('alice@alpha.test', 'correct horse')).status).toBe(200);
    const signedIn = await c.get('/admin');
    expect(signedIn.text).toBe(INDEX);

    // The session disappears from Redis (expiry, sign-out elsewhere), the cookie stays in the browser.
    const keys = await gateway.redis.keys(`${env.redisPrefix}session:*`);
    expect(keys).toHaveLength(1);
    await gateway.redis.del(...keys);
    // The browser's favicon request, falling through to the page, neither takes the notice nor the cookie.
    const icon = await c.get('/favicon.ico', { headers: { 'sec-fetch-dest': 'image' } });
    expect(icon.text).toBe(INDEX);
    expect(c.jar.has('gavel_session')).toBe(true);
    const expired = await c.get('/admin', { headers: { 'sec-fetch-dest': 'document' } });
    expect(expired.status).toBe(200);
    expect(expired.text).toContain(
      `window.__GAVEL_NOTIFICATIONS__=[{"type":"info","message":"${SESSION_EXPIRED_MESSAGE}"}];`,
    );
    // The inline script runs under the page's policy by its nonce, fresh for this page.
    const nonce = /<script nonce="([^"]+)">window\.__GAVEL_NOTIFICATIONS__/.exec(expired.text)?.[1];
    expect(nonce).toBeTruthy();
    expect(expired.headers['content-security-policy']).toContain(`script-src 'self' 'nonce-${nonce}';`);
    expect(expired.text).toContain('<div id="root"></div>');
    expect(c.jar.has('gavel_session')).toBe(false);

    expect((await c.get('/admin')).text).toBe(INDEX);
  });

  it('serves hashed assets with a long cache and other files revalidated', async () => {
    const c = new Client(gateway.port, 'alpha.test');
    const js = await c.get('/assets/index-abc123.js');
    expect(js.status).toBe(200);
    expect(js.text).toBe(BUNDLE);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await c.get('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    const index = await c.get('/index.html');
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it("serves the build's compressed copies as they are, by the browser's Accept-Encoding", async () => {
    const c = new Client(gateway.port, 'alpha.test');
    const path = '/assets/vendor-def456.js';
    const br = await c.get(path, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.text).toBe(VENDOR_BR);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const gz = await c.get(path, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(VENDOR_GZ);
    const plain = await c.get(path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(VENDOR);
  });

  it('treats a path that is not canonical as any other: a page, or a JSON 404 under /api and /assets', async () => {
    // Each such answer once left a pile of listeners on its response, a warning in the log per request.
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    onTestFinished(() => {
      process.off('warning', onWarning);
    });
    const c = new Client(gateway.port, 'alpha.test');
    // '//' from a link with a doubled slash, '/./', a segment longer than a file name may be.
    for (const path of [
      '//meeting/FIN/M1',
      '/meeting//FIN/M1',
      '/admin/./committee',
      `/meeting/FIN/${'M'.repeat(300)}`,
    ]) {
      const res = await c.get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toBe(INDEX);
    }
    for (const path of ['/api//me', '/assets//index-abc123.js', `/api/admin/users/${'u'.repeat(300)}`]) {
      const res = await c.get(path);
      expect(res.status, path).toBe(404);
      expect(res.json, path).toEqual({ message: 'Not found.' });
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.map((w) => w.message)).toEqual([]);
  });

  it('answers 404 for a missing asset and hides dotfiles', async () => {
    const c = new Client(gateway.port, 'alpha.test');
    const missing = await c.get('/assets/index-gone.js');
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain('root');
    const dotfile = await c.get('/.env');
    expect(dotfile.text).not.toContain('SECRET');
  });

  it('answers a note instead of the app when the web app is not built', async () => {
    for (const root of [emptyRoot, join(emptyRoot, 'does-not-exist')]) {
      const other = await startTestGateway(env, { WEB_ROOT: root });
      try {
        const res = await new Client(other.port, 'alpha.test').get('/admin/anything');
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.text).toContain('not built');
        expect(res.text).toContain('npm run build');
      } finally {
        await other.close();
      }
    }
  });
});

describe('API docs', () => {
  it('serves an OpenAPI 3.1 document with every catalogue route', async () => {
    const res = await new Client(gateway.port, 'alpha.test').get('/api/docs/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const doc = res.json;
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.title).toBe('Gavel API');
    for (const route of HTTP_ROUTES) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      if (route.file) expect(op.responses['200'].description).toMatch(/file download/);
      else expect(op.responses['200'].content['application/json'].schema).toBeTypeOf('object');
    }
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(doc.components.schemas.ApiError.required).toEqual(['message']);
  });

  it('serves a self-contained HTML page listing every operation', async () => {
    const res = await new Client(gateway.port, 'alpha.test').get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    for (const route of HTTP_ROUTES) {
      expect(res.text).toContain(`<code>${route.path}</code>`);
    }
    expect(res.text).toContain('openapi.json');
    expect(res.text).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('answers the OpenAPI document at /api/docs too when JSON is asked for', async () => {
    const res = await new Client(gateway.port, 'alpha.test').get('/api/docs', {
      headers: { accept: 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json.openapi).toMatch(/^3\./);
    expect(res.headers.vary).toMatch(/accept/i);
  });

  it('is not served on an unknown host', async () => {
    const res = await new Client(gateway.port, 'unknown.test').get('/api/docs/openapi.json');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: 'No association is served at this address.' });
  });
});
