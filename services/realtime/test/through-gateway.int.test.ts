import { type RunningGateway, startGateway } from '@gavel/gateway/server';
import type { SessionStore } from '@gavel/service-kit';
import { eventually, type TestEnvironment, testEnvironment } from '@gavel/test-kit';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningRealtime } from '../src/start.js';
import {
  connectClient,
  Fakes,
  installFakes,
  MEETING_JOIN,
  news,
  sessionStore,
  startInstance,
  type TestClient,
} from './support.js';

let env: TestEnvironment;
let fakes: Fakes;
let a: RunningRealtime;
let b: RunningRealtime;
let gateway: RunningGateway;
let sessions: SessionStore;
let redis: Redis;
const clients: TestClient[] = [];
const CHANNEL = 'meeting.ten-alpha-m1' as const;

beforeAll(async () => {
  env = await testEnvironment();
  fakes = await Fakes.connect(env.infra.natsUrl, env.prefix);
  installFakes(fakes);
  await fakes.nc.flush();
  await fakes.ensureStream();
  ({ store: sessions, redis } = await sessionStore(env));
  a = await startInstance(env);
  b = await startInstance(env);
  gateway = await startGateway({
    env: env.env({
      HTTP_PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'fatal',
      REALTIME_URLS: `http://127.0.0.1:${a.port},http://127.0.0.1:${b.port}`,
    }),
  });
});

afterAll(async () => {
  for (const c of clients) c.close();
  await gateway?.stop();
  await Promise.all([a?.stop(), b?.stop()]);
  await fakes?.close();
  redis?.disconnect();
  await env?.cleanup();
});

async function viaGateway(userId: string | null): Promise<TestClient> {
  const token = userId ? await sessions.create(userId, 'ten-alpha') : null;
  const client = await connectClient(gateway.port, { token, origin: 'http://alpha.test' });
  clients.push(client);
  return client;
}

describe('realtime behind the gateway', () => {
  it('authenticates the gateway session cookie through /socket.io and delivers broadcasts', async () => {
    const client = await viaGateway('u-member');
    expect(await client.join(MEETING_JOIN)).toEqual({ ok: true, channel: CHANNEL });
    await fakes.publishBroadcast({
      tenantId: 'ten-alpha',
      channel: CHANNEL,
      kind: 'page.reload',
      payload: {},
    });
    await eventually(async () => news(client).length === 1);
    expect(news(client)[0]).toEqual({ channel: CHANNEL, kind: 'page.reload', payload: {} });
  });

  it('refuses a connection without a session through the gateway too', async () => {
    await expect(viaGateway(null)).rejects.toThrow(/Unauthenticated/);
  });

  it('on an instance shutdown, clients are disconnected, reconnect to the other instance and are told to refetch', async () => {
    // Two clients land on different instances (round-robin).
    const first = await viaGateway('u-member');
    const second = await viaGateway('u-member');
    for (const c of [first, second]) await c.join(MEETING_JOIN);
    const onA = (await a.io.fetchSockets()).map((s) => s.id);
    const victim = [first, second].find((c) => onA.includes(c.socket.id as string));
    expect(victim).toBeDefined();
    const gone = new Promise<string>((resolve) =>
      victim?.socket.once('disconnect', (reason) => resolve(reason)),
    );
    await a.stop();
    expect(await gone).toBe('transport close');

    // The client's reconnect (socket.io-client would do it after 1 s): through the gateway to B.
    const again = await viaGateway('u-member');
    expect(await again.join(MEETING_JOIN)).toEqual({ ok: true, channel: CHANNEL });
    await eventually(async () => again.messages.some((m) => m.kind === 'refresh'));
    expect(again.messages[0]).toEqual({ channel: CHANNEL, kind: 'refresh', payload: { target: 'all' } });
    expect((await b.io.fetchSockets()).map((s) => s.id)).toContain(again.socket.id);
  });
});
