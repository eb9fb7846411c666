import { createServer, type Server as HttpServer, request as httpRequest } from 'node:http';
import { connect as netConnect } from 'node:net';
import { type TestEnvironment, testEnvironment } from '@gavel/test-kit';
import { Server } from 'socket.io';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  fakeIdentity,
  fakeUsers,
  Responders,
  startTestGateway,
  type TestGateway,
} from './support.js';

/** A stand-in realtime instance: records each handshake's headers and answers `whoami`. */
interface FakeRealtime {
  name: string;
  port: number;
  handshakes: Record<string, string | string[] | undefined>[];
  close(): Promise<void>;
}

async function fakeRealtime(name: string): Promise<FakeRealtime> {
  const http: HttpServer = createServer();
  const io = new Server(http, { transports: ['websocket'], serveClient: false });
  const handshakes: FakeRealtime['handshakes'] = [];
  io.use((socket, next) => {
    handshakes.push(socket.handshake.headers);
    next();
  });
  io.on('connection', (socket) => {
    socket.on('whoami', (ack: (v: unknown) => void) => ack({ instance: name }));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  const address = http.address();
  return {
    name,
    port: typeof address === 'object' && address ? address.port : 0,
    handshakes,
    close: () => new Promise((resolve) => io.close(() => resolve())),
  };
}

/** A port nothing listens on. */
async function deadPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const address = s.address();
  await new Promise((resolve) => s.close(resolve));
  return typeof address === 'object' && address ? address.port : 1;
}

let env: TestEnvironment;
let responders: Responders;
let gateway: TestGateway;
let one: FakeRealtime;
let two: FakeRealtime;
const sockets: Socket[] = [];

function connectThroughGateway(headers: Record<string, string>, port = gateway.port): Promise<Socket> {
  const socket = connectSocket(`http://127.0.0.1:${port}`, {
    transports: ['websocket'],
    extraHeaders: headers,
    reconnection: false,
    forceNew: true,
    timeout: 5000,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

beforeAll(async () => {
  env = await testEnvironment();
  responders = await Responders.connect(env.infra.natsUrl, env.prefix);
  fakeIdentity(responders, fakeUsers());
  await responders.flush();
  one = await fakeRealtime('one');
  two = await fakeRealtime('two');
  const dead = await deadPort();
  gateway = await startTestGateway(env, {
    REALTIME_URLS: `http://127.0.0.1:${one.port}, http://127.0.0.1:${dead},http://127.0.0.1:${two.port}`,
  });
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await gateway?.close();
  await Promise.all([one?.close(), two?.close()]);
  await responders?.close();
  await env?.cleanup();
});

describe('/socket.io through the gateway', () => {
  it('pipes a websocket to a realtime instance with the Host and cookies untouched', async () => {
    const socket = await connectThroughGateway({
      host: 'alpha.test',
      cookie: 'gavel_session=abc; XSRF-TOKEN=x',
    });
    const answer = (await socket.timeout(3000).emitWithAck('whoami')) as { instance: string };
    expect(['one', 'two']).toContain(answer.instance);
    const seen = [...one.handshakes, ...two.handshakes].at(-1);
    expect(seen?.host).toBe('alpha.test');
    expect(seen?.cookie).toBe('gavel_session=abc; XSRF-TOKEN=x');
    expect(seen?.['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('spreads connections round-robin and skips an instance that does not answer', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const socket = await connectThroughGateway({ host: 'alpha.test' });
      seen.add(((await socket.timeout(3000).emitWithAck('whoami')) as { instance: string }).instance);
    }
    expect(seen).toEqual(new Set(['one', 'two']));
  });

  it('does not let a client forge X-Forwarded-For', async () => {
    await connectThroughGateway({ host: 'alpha.test', 'x-forwarded-for': '6.6.6.6' });
    const seen = [...one.handshakes, ...two.handshakes];
    expect(seen.some((h) => String(h['x-forwarded-for']).includes('6.6.6.6'))).toBe(false);
  });

  it('takes the host from a trusted proxy as the HTTP routes do: the last X-Forwarded-Host entry', async () => {
    const behind = await startTestGateway(env, {
      REALTIME_URLS: `http://127.0.0.1:${one.port}`,
      TRUST_PROXY: '127.0.0.1',
    });
    try {
      // A client put its own entry first; the proxy appended the host it was reached on.
      const forwarded = { host: 'gateway.internal', 'x-forwarded-host': 'nobody.test, alpha.test' };
      const http = await new Client(behind.port, 'gateway.internal').get('/api/me', { headers: forwarded });
      expect(http.status).toBe(401); // alpha.test's association; nobody.test would answer 404
      const before = one.handshakes.length;
      await connectThroughGateway(forwarded, behind.port);
      expect(one.handshakes.slice(before).map((h) => h.host)).toEqual(['alpha.test']);
    } finally {
      await behind.close();
    }
  });

  it('ignores X-Forwarded-Host from a peer it does not trust', async () => {
    await connectThroughGateway({ host: 'alpha.test', 'x-forwarded-host': 'beta.test' });
    const seen = [...one.handshakes, ...two.handshakes].at(-1);
    expect(seen?.host).toBe('alpha.test');
    expect(seen?.['x-forwarded-host']).toBeUndefined();
  });

  it('answers plain HTTP (long-polling) on /socket.io with 400: websocket only', async () => {
    const client = new Client(gateway.port, 'alpha.test');
    const polling = await client.get('/socket.io/?EIO=4&transport=polling');
    expect(polling.status).toBe(400);
    expect(polling.json).toEqual({ message: 'Live updates use WebSocket connections only.' });
  });

  it('refuses upgrades on other paths', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port: gateway.port,
        path: '/api/me',
        headers: { host: 'alpha.test', connection: 'Upgrade', upgrade: 'websocket' },
      });
      req.on('response', (res) => resolve(res.statusCode ?? 0));
      req.on('upgrade', () => reject(new Error('upgraded')));
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(404);
  });

  it('keeps a quiet websocket open past the HTTP timeouts, which are for requests', async () => {
    const strict = await startTestGateway(env, {
      REALTIME_URLS: `http://127.0.0.1:${one.port}`,
      REQUEST_TIMEOUT_MS: '100',
      HTTP_REQUEST_TIMEOUT_MS: '200',
      HTTP_CONNECTION_TIMEOUT_MS: '300',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '200',
    });
    try {
      const socket = await connectThroughGateway({ host: 'alpha.test' }, strict.port);
      let disconnected = false;
      socket.once('disconnect', () => {
        disconnected = true;
      });
      // Nothing moves on the socket meanwhile: socket.io pings every 25 s.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(disconnected).toBe(false);
      expect(await socket.timeout(3000).emitWithAck('whoami')).toEqual({ instance: 'one' });
    } finally {
      await strict.close();
    }
  });

  it('ends proxied connections when the gateway closes', async () => {
    const other = await startTestGateway(env, { REALTIME_URLS: `http://127.0.0.1:${one.port}` });
    const socket = connectSocket(`http://127.0.0.1:${other.port}`, {
      transports: ['websocket'],
      extraHeaders: { host: 'alpha.test' },
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const disconnected = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    const started = Date.now();
    await other.close();
    await disconnected;
    expect(Date.now() - started).toBeLessThan(3000);
    // Nothing listens any more.
    const refused = await new Promise<boolean>((resolve) => {
      const s = netConnect({ host: '127.0.0.1', port: other.port });
      s.once('connect', () => {
        s.destroy();
        resolve(false);
      });
      s.once('error', () => resolve(true));
    });
    expect(refused).toBe(true);
  });
});
