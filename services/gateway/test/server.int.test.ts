import { request as httpRequest } from 'node:http';
import { connect as netConnect } from 'node:net';
import { SUBJECTS } from '@gavel/contracts';
import { type TestEnvironment, testEnvironment } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server.js';
import { Client, fakeIdentity, fakeUsers, meOf, Responders, startTestGateway } from './support.js';

let env: TestEnvironment;
let responders: Responders;
let running: RunningGateway | undefined;

function get(port: number, path: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => {
        text += c.toString('utf8');
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    })
      .on('error', reject)
      .end();
  });
}

beforeAll(async () => {
  env = await testEnvironment();
  responders = await Responders.connect(env.infra.natsUrl, env.prefix);
  const users = fakeUsers();
  fakeIdentity(responders, users);
  // A slow users.get, to catch a request in flight during shutdown.
  responders.on(SUBJECTS.identity.usersGet, async (input: { id: string }) => {
    await new Promise((r) => setTimeout(r, 300));
    return {
      user: { ...meOf(users[0] as (typeof users)[0]).user, id: input.id },
      roles: [],
      own_displayed_first_name: null,
      available_roles: [],
    };
  });
  await responders.flush();
});

afterAll(async () => {
  await running?.stop();
  await responders?.close();
  await env?.cleanup();
});

describe('startGateway', () => {
  it('serves health, readiness and metrics on its own port, and shuts down gracefully', async () => {
    running = await startGateway({ env: env.env({ HTTP_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'fatal' }) });
    const { health, port } = running;
    expect(health.port).not.toBe(port);

    expect((await get(health.port, '/healthz')).status).toBe(200);
    const ready = await get(health.port, '/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text).checks).toEqual({ redis: 'ok', nats: 'ok' });

    const c = new Client(port, 'alpha.test');
    expect((await c.login('alice@alpha.test', 'correct horse')).status).toBe(200);
    const metrics = await get(health.port, '/metrics');
    expect(metrics.text).toMatch(
      /gavel_http_request_duration_seconds_count\{[^}]*route="\/api\/auth\/login"[^}]*\} [1-9]/,
    );

    // A request in flight when the shutdown starts still gets its answer.
    const inFlight = c.get('/api/admin/users/u-9');
    await new Promise((r) => setTimeout(r, 100));
    const stopping = running.stop();
    // Readiness turns false first, so the load balancer stops sending work.
    const notReady = await get(health.port, '/readyz');
    expect(notReady.status).toBe(503);
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe('close');
    expect(answer.json.user.id).toBe('u-9');
    await stopping;
    await expect(c.get('/api/me')).rejects.toThrow();
    running = undefined;
  });
});

describe('a request arriving during shutdown', () => {
  it('gets 503 in the API error shape, with its request id and the security headers', async () => {
    const gateway = await startTestGateway(env);
    const c = new Client(gateway.port, 'alpha.test');
    expect((await c.login('alice@alpha.test', 'correct horse')).status).toBe(200);

    // A connection that has begun its request when the shutdown starts is not closed as idle: its request,
    // finished then, arrives while the gateway is closing.
    const socket = netConnect({ host: '127.0.0.1', port: gateway.port });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
    });
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write('GET /api/me HTTP/1.1\r\nHost: alpha.test\r\nX-Request-Id: closing-req-1\r\n');
    // A slow request in flight keeps the shutdown from finishing at once.
    const inFlight = c.get('/api/admin/users/u-9');
    await new Promise((r) => setTimeout(r, 50));
    const closed = gateway.close();
    await new Promise((r) => setTimeout(r, 50));
    socket.write('\r\n');
    await ended;
    expect((await inFlight).status).toBe(200);
    await closed;

    const [head = '', body = ''] = received.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head).toMatch(/^x-request-id: closing-req-1$/im);
    expect(head).toMatch(/^x-content-type-options: nosniff$/im);
    expect(head).toMatch(/^cache-control: no-store$/im);
    expect(head).toMatch(/^connection: close$/im);
    expect(JSON.parse(body)).toEqual({ message: 'The server is restarting. Please try again in a moment.' });
  });
});
