import type { SessionStore } from '@gavel/service-kit';
import { eventually, type TestEnvironment, testEnvironment } from '@gavel/test-kit';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningRealtime } from '../src/start.js';
import {
  connectClient,
  Fakes,
  installFakes,
  joinedClient,
  MEETING_JOIN,
  news,
  sessionStore,
  sleep,
  startInstance,
  type TestClient,
} from './support.js';

let env: TestEnvironment;
let fakes: Fakes;
/** A never pulls broadcasts (its clients get them through Redis); B pulls them. */
let a: RunningRealtime;
let b: RunningRealtime;
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
  const extra = { SESSION_CHECK_INTERVAL_MS: '200' };
  a = await startInstance(env, { consumeBroadcasts: false, extra });
  b = await startInstance(env, { extra });
});

afterAll(async () => {
  for (const c of clients) c.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await fakes?.close();
  redis?.disconnect();
  await env?.cleanup();
});

describe('a session that ends', () => {
  it('a signed-out session is disconnected and gets no more live updates (no staff fields)', async () => {
    const token = await sessions.create('u-staff', 'ten-alpha');
    const staff = await connectClient(a.port, { token });
    clients.push(staff);
    expect(await staff.join(MEETING_JOIN)).toEqual({ ok: true, channel: CHANNEL });
    let disconnectReason: string | null = null;
    staff.socket.once('disconnect', (reason) => {
      disconnectReason = reason;
    });
    // A member whose session lives on proves the broadcast went out.
    const watcher = await joinedClient({
      port: a.port,
      sessions,
      userId: 'u-member',
      request: MEETING_JOIN,
      channel: CHANNEL,
      clients,
    });

    await sessions.destroy(token); // signed out (in another tab), or replaced by a new sign-in
    await sleep(600);
    await fakes.publishBroadcast({
      tenantId: 'ten-alpha',
      channel: CHANNEL,
      kind: 'attendee.updated',
      payload: { attendee: { id: 'att-1', name: 'Ann Lee' } },
      staff_payload: { attendee: { id: 'att-1', name: 'Ann Lee', email: 'ann@alpha.test', nrds: '000123' } },
    });
    await eventually(async () => news(watcher).length === 1);
    await sleep(200);
    expect(news(watcher)[0]?.payload).toEqual({ attendee: { id: 'att-1', name: 'Ann Lee' } });
    expect(news(staff)).toEqual([]);
    expect(disconnectReason).toBe('io server disconnect');
  });

  it('keeps sockets whose session is alive', async () => {
    const member = await joinedClient({
      port: a.port,
      sessions,
      userId: 'u-member',
      request: MEETING_JOIN,
      channel: CHANNEL,
      clients,
    });
    await sleep(700);
    expect(member.socket.connected).toBe(true);
  });
});

describe('the fan-out losing continuity', () => {
  it("tells an instance's clients to refetch when its Redis adapter subscription was lost and came back", async () => {
    const onA = await joinedClient({
      port: a.port,
      sessions,
      userId: 'u-member',
      request: MEETING_JOIN,
      channel: CHANNEL,
      clients,
    });
    const onB = await joinedClient({
      port: b.port,
      sessions,
      userId: 'u-staff',
      request: MEETING_JOIN,
      channel: CHANNEL,
      clients,
    });
    await eventually(async () => onA.messages.length === 1 && onB.messages.length === 1); // the joins' refresh
    onA.messages.length = 0;
    onB.messages.length = 0;

    // Drop the adapter subscriber connections of this file's instances (nobody else's): what one
    // instance publishes until the other has resubscribed never reaches the other's sockets.
    const list = String(await redis.call('CLIENT', 'LIST', 'TYPE', 'pubsub'));
    const ids = list
      .split('\n')
      .filter((line) => line.includes(` name=${env.redisPrefix}realtime-sub `))
      .map((line) => /(?:^|\s)id=(\d+)/.exec(line)?.[1] as string);
    expect(ids).toHaveLength(2);
    for (const id of ids) await redis.call('CLIENT', 'KILL', 'ID', id);

    const refresh = { channel: CHANNEL, kind: 'refresh', payload: { target: 'all' } };
    await eventually(async () => onA.messages.length > 0 && onB.messages.length > 0, 10_000);
    await sleep(200);
    expect(onA.messages).toEqual([refresh]);
    expect(onB.messages).toEqual([refresh]);
  });
});
