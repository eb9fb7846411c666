import { connect as netConnect } from 'node:net';
import { SUBJECTS } from '@gavel/contracts';
import { type TestEnvironment, testEnvironment } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  fakeIdentity,
  fakeUsers,
  meOf,
  Responders,
  startTestGateway,
  type TestGateway,
} from './support.js';

// Short limits, so that slow clients meet them within the test: the whole request in 500 ms, 1.5 s of
// silence on a connection, 1 s idle between keep-alive requests; services may take up to 1 s to answer.
const LIMITS = {
  REQUEST_TIMEOUT_MS: '1000',
  HTTP_REQUEST_TIMEOUT_MS: '500',
  HTTP_CONNECTION_TIMEOUT_MS: '1500',
  HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000',
};
const SERVICE_DELAY_MS = 800;

let env: TestEnvironment;
let responders: Responders;
let gateway: TestGateway;

beforeAll(async () => {
  env = await testEnvironment();
  responders = await Responders.connect(env.infra.natsUrl, env.prefix);
  const users = fakeUsers();
  fakeIdentity(responders, users);
  // A service that takes longer than a request may take to arrive, but less than the gateway waits.
  responders.on(SUBJECTS.identity.usersGet, async (input: { id: string }) => {
    await new Promise((r) => setTimeout(r, SERVICE_DELAY_MS));
    const user = users[0] as (typeof users)[number];
    return {
      user: { ...meOf(user).user, id: input.id },
      roles: [],
      own_displayed_first_name: null,
      available_roles: [],
    };
  });
  await responders.flush();
  gateway = await startTestGateway(env, LIMITS);
});

afterAll(async () => {
  await gateway?.close();
  await responders?.close();
  await env?.cleanup();
});

interface RawOutcome {
  /** Everything the gateway wrote before the connection closed (or the wait ran out). */
  received: string;
  /** When the gateway closed the connection (ms after connecting), or null if it was still open. */
  closedAfterMs: number | null;
}

/**
 * A raw TCP client: `behave` writes what a (slow) client sends; the gateway's side is watched for
 * `waitMs`. Data written after the gateway closed is dropped.
 */
function rawClient(
  behave: (write: (text: string) => void) => () => void,
  waitMs = 4_000,
): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const socket = netConnect({ host: '127.0.0.1', port: gateway.port });
    const started = Date.now();
    let received = '';
    let stop = () => {};
    const finish = (closedAfterMs: number | null) => {
      clearTimeout(timer);
      stop();
      socket.destroy();
      resolve({ received, closedAfterMs });
    };
    const timer = setTimeout(() => finish(null), waitMs);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => finish(Date.now() - started));
    socket.on('connect', () => {
      stop = behave((text) => {
        if (!socket.destroyed) socket.write(text);
      });
    });
  });
}

/** Writes `step()` every `ms` until stopped. */
const every = (ms: number, step: () => void) => {
  const interval = setInterval(step, ms);
  return () => clearInterval(interval);
};

describe('slow and idle clients', () => {
  it('answers 408 and closes the connection when the request head trickles in', async () => {
    const outcome = await rawClient((write) => {
      write('GET /api/me HTTP/1.1\r\nHost: alpha.test\r\n');
      let n = 0;
      return every(100, () => write(`X-Slow-${n++}: a\r\n`));
    });
    expect(outcome.closedAfterMs).not.toBeNull();
    expect(outcome.closedAfterMs).toBeLessThan(2_500);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers 408 and closes the connection when the body trickles in', async () => {
    const csrf = 'c'.repeat(43); // passes the CSRF check, so the gateway waits for the body
    const outcome = await rawClient((write) => {
      write(
        'POST /api/auth/login HTTP/1.1\r\nHost: alpha.test\r\nContent-Type: application/json\r\n' +
          `X-Requested-With: XMLHttpRequest\r\nCookie: XSRF-TOKEN=${csrf}\r\nX-XSRF-TOKEN: ${csrf}\r\n` +
          'Content-Length: 1000\r\n\r\n{"email":"',
      );
      return every(100, () => write('a'));
    });
    expect(outcome.closedAfterMs).not.toBeNull();
    expect(outcome.closedAfterMs).toBeLessThan(2_500);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection that never sends a request', async () => {
    const outcome = await rawClient(() => () => undefined);
    expect(outcome.closedAfterMs).not.toBeNull();
    expect(outcome.closedAfterMs).toBeLessThan(2_500);
  });

  it('closes an idle keep-alive connection after the keep-alive timeout, and says so', async () => {
    const outcome = await rawClient((write) => {
      write('GET /api/docs/openapi.json HTTP/1.1\r\nHost: alpha.test\r\n\r\n');
      return () => undefined;
    });
    expect(outcome.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(outcome.received).toMatch(/\r\nKeep-Alive: timeout=1\r\n/i);
    expect(outcome.closedAfterMs).not.toBeNull();
    expect(outcome.closedAfterMs).toBeLessThan(3_000);
  });

  it('still answers a request whose service takes longer than the request took to arrive', async () => {
    const c = new Client(gateway.port, 'alpha.test');
    expect((await c.login('alice@alpha.test', 'correct horse')).status).toBe(200);
    const answer = await c.get('/api/admin/users/u-9');
    expect(answer.status).toBe(200);
    expect(answer.json.user.id).toBe('u-9');
    expect(answer.ms).toBeGreaterThanOrEqual(SERVICE_DELAY_MS);
  });
});
