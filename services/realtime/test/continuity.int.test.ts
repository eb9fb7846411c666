import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningRealtime } from '../src/start.js';
import { MEETING_JOIN, news, type RealtimeTestBed, realtimeTestBed, sleep } from './support.js';

let bed: RealtimeTestBed;
/** A never pulls broadcasts (its clients get them through Redis); B pulls them. */
let a: RunningRealtime;
let b: RunningRealtime;
const CHANNEL = 'meeting.ten-alpha-m1' as const;

const joined = (instance: RunningRealtime, userId: string) =>
  bed.joined(instance, userId, MEETING_JOIN, CHANNEL);

beforeAll(async () => {
  bed = await realtimeTestBed();
  const extra = { SESSION_CHECK_INTERVAL_MS: '200' };
  a = await bed.start({ consumeBroadcasts: false, extra });
  b = await bed.start({ extra });
});

afterAll(() => bed?.close());

describe('a session that ends', () => {
  it('a signed-out session is disconnected and gets no more live updates (no staff fields)', async () => {
    const token = await bed.sessions.create('u-staff', 'ten-alpha');
    const staff = await bed.connect(a.port, { token });
    expect(await staff.join(MEETING_JOIN)).toEqual({ ok: true, channel: CHANNEL });
    let disconnectReason: string | null = null;
    staff.socket.once('disconnect', (reason) => {
      disconnectReason = reason;
    });
    // A member whose session lives on proves the broadcast went out.
    const watcher = await joined(a, 'u-member');

    await bed.sessions.destroy(token); // signed out (in another tab), or replaced by a new sign-in
    await sleep(600);
    await bed.fakes.publishBroadcast({
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
    const member = await joined(a, 'u-member');
    await sleep(700);
    expect(member.socket.connected).toBe(true);
  });
});

describe('the fan-out losing continuity', () => {
  it("tells an instance's clients to refetch when its Redis adapter subscription was lost and came back", async () => {
    const onA = await joined(a, 'u-member');
    const onB = await joined(b, 'u-staff');
    await eventually(async () => onA.messages.length === 1 && onB.messages.length === 1); // the joins' refresh
    onA.messages.length = 0;
    onB.messages.length = 0;

    // Drop the adapter subscriber connections of this file's instances (nobody else's): what one
    // instance publishes until the other has resubscribed never reaches the other's sockets.
    const list = String(await bed.redis.call('CLIENT', 'LIST', 'TYPE', 'pubsub'));
    const ids = list
      .split('\n')
      .filter((line) => line.includes(` name=${bed.env.redisPrefix}realtime-sub `))
      .map((line) => /(?:^|\s)id=(\d+)/.exec(line)?.[1] as string);
    expect(ids).toHaveLength(2);
    for (const id of ids) await bed.redis.call('CLIENT', 'KILL', 'ID', id);

    const refresh = { channel: CHANNEL, kind: 'refresh', payload: { target: 'all' } };
    await eventually(async () => onA.messages.length > 0 && onB.messages.length > 0, 10_000);
    await sleep(200);
    expect(onA.messages).toEqual([refresh]);
    expect(onB.messages).toEqual([refresh]);
  });
});
