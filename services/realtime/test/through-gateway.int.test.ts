import { type RunningGateway, startGateway } from '@gavel/gateway/server';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningRealtime } from '../src/start.js';
import { MEETING_JOIN, news, type RealtimeTestBed, realtimeTestBed, type TestClient } from './support.js';

let bed: RealtimeTestBed;
let a: RunningRealtime;
let b: RunningRealtime;
let gateway: RunningGateway;
const CHANNEL = 'meeting.ten-alpha-m1' as const;

beforeAll(async () => {
  bed = await realtimeTestBed();
  a = await bed.start();
  b = await bed.start();
  gateway = await startGateway({
    env: bed.env.env({
      HTTP_PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'fatal',
      REALTIME_URLS: `http://127.0.0.1:${a.port},http://127.0.0.1:${b.port}`,
    }),
  });
});

afterAll(async () => {
  // The clients, then the gateway, then the instances behind it (closing a client twice is harmless).
  for (const c of bed?.clients ?? []) c.close();
  await gateway?.stop();
  await bed?.close();
});

async function viaGateway(userId: string | null): Promise<TestClient> {
  const token = userId ? await bed.sessions.create(userId, 'ten-alpha') : null;
  return bed.connect(gateway.port, { token, origin: 'http://alpha.test' });
}

describe('realtime behind the gateway', () => {
  it('authenticates the gateway session cookie through /socket.io and delivers broadcasts', async () => {
    const client = await viaGateway('u-member');
    expect(await client.join(MEETING_JOIN)).toEqual({ ok: true, channel: CHANNEL });
    await bed.fakes.publishBroadcast({
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
