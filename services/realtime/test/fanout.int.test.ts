import { EVENTS, type TBroadcast } from '@gavel/contracts';
import { prefixed } from '@gavel/service-kit';
import { eventually } from '@gavel/test-kit';
import { jetstream } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningRealtime } from '../src/start.js';
import {
  MEETING_JOIN,
  news,
  type RealtimeTestBed,
  realtimeTestBed,
  sleep,
  type TestClient,
} from './support.js';

let bed: RealtimeTestBed;
/** A: never pulls broadcasts; B and C: both pull from the shared consumer. */
let a: RunningRealtime;
let b: RunningRealtime;
let c: RunningRealtime;

const CHANNEL = 'meeting.ten-alpha-m1' as const;

const joined = (instance: RunningRealtime, userId: string) =>
  bed.joined(instance, userId, MEETING_JOIN, CHANNEL);

function broadcast(n: number, extra: Partial<TBroadcast> = {}): TBroadcast {
  return { tenantId: 'ten-alpha', channel: CHANNEL, kind: 'motion.updated', payload: { n }, ...extra };
}

beforeAll(async () => {
  bed = await realtimeTestBed();
  a = await bed.start({ consumeBroadcasts: false });
  b = await bed.start();
});

afterAll(() => bed?.close());

describe('two instances', () => {
  it('a client on instance A receives a broadcast that only instance B consumed', async () => {
    const onA = await joined(a, 'u-member');
    await bed.fakes.publishBroadcast(broadcast(1));
    await eventually(async () => news(onA).length === 1);
    expect(news(onA)).toEqual([{ channel: CHANNEL, kind: 'motion.updated', payload: { n: 1 } }]);
    expect(a.broadcastsHandled).toBe(0);
    expect(b.broadcastsHandled).toBe(1);
    onA.close();
  });

  it('with two consumers, each broadcast is handled by one instance and reaches every client exactly once', async () => {
    c = await bed.start();
    const clientsOn = [await joined(a, 'u-member'), await joined(b, 'u-member'), await joined(c, 'u-member')];
    const before = b.broadcastsHandled + c.broadcastsHandled;
    const N = 40;
    for (let n = 0; n < N; n++) await bed.fakes.publishBroadcast(broadcast(100 + n));
    await eventually(async () => clientsOn.every((cl) => news(cl).length >= N), 10_000);
    await sleep(300); // anything extra would show up now
    for (const cl of clientsOn) {
      const got = news(cl).map((m) => (m.payload as { n: number }).n);
      expect(got).toHaveLength(N);
      expect(new Set(got).size).toBe(N);
    }
    expect(b.broadcastsHandled + c.broadcastsHandled - before).toBe(N);
    expect(b.broadcastsHandled).toBeGreaterThan(1); // the work is shared
    expect(c.broadcastsHandled).toBeGreaterThan(0);
    for (const cl of clientsOn) cl.close();
  });

  it('drops a broadcast of another tenant or channel for these clients', async () => {
    const onA = await joined(a, 'u-member');
    await bed.fakes.publishBroadcast(broadcast(7, { tenantId: 'ten-beta', channel: 'meeting.ten-beta-m1' }));
    await bed.fakes.publishBroadcast(broadcast(8, { channel: 'meeting.other' }));
    await bed.fakes.publishBroadcast(broadcast(9));
    await eventually(async () => news(onA).length >= 1);
    await sleep(200);
    expect(news(onA).map((m) => (m.payload as { n: number }).n)).toEqual([9]);
    onA.close();
  });
});

describe('bad envelopes', () => {
  it('drops an envelope that is not a broadcast and keeps serving the next ones', async () => {
    const onA = await joined(a, 'u-member');
    const js = jetstream(bed.fakes.nc);
    const subject = prefixed(bed.env.prefix, EVENTS.realtime.broadcast);
    await js.publish(subject, 'not json');
    await js.publish(subject, JSON.stringify({ ...broadcast(1), kind: 'no.such.kind' }));
    await js.publish(subject, JSON.stringify({ ...broadcast(2), channel: 'meeting with spaces' }));
    await bed.fakes.publishBroadcast(broadcast(3));
    await eventually(async () => news(onA).length >= 1);
    await sleep(200);
    expect(news(onA).map((m) => (m.payload as { n: number }).n)).toEqual([3]);
    onA.close();
  });
});

describe('redaction', () => {
  it('never gives non-staff email, username or nrds, and never gives non-runners the runner payload', async () => {
    const member = await joined(a, 'u-member');
    const staff = await joined(b, 'u-staff');
    const runner = await joined(a, 'u-runner');
    const chair = await joined(b, 'u-chair');
    const all = [member, staff, runner, chair];

    const attendee = { id: 'att-1', name: 'Ann Lee', checked_in: true };
    const full = { ...attendee, email: 'ann@alpha.test', username: 'ann', nrds: '000123' };
    // A careless publisher that leaves the fields in the public payload too.
    await bed.fakes.publishBroadcast(
      broadcast(0, {
        kind: 'attendee.updated',
        payload: { attendee: full },
        staff_payload: { attendee: full },
      }),
    );
    await bed.fakes.publishBroadcast(
      broadcast(0, {
        kind: 'vote.updated',
        payload: { vote: { id: 'v', outcome: null } },
        runner_payload: { vote: { id: 'v', outcome: [{ response: 'yes', count: 3 }] }, voters: [full] },
      }),
    );
    await eventually(async () => all.every((cl) => news(cl).length >= 2), 10_000);
    await sleep(200);
    for (const cl of all) expect(news(cl)).toHaveLength(2);

    // Two broadcasts handled by two instances may arrive in either order: look them up by kind.
    const of = (cl: TestClient, kind: string) => news(cl).find((m) => m.kind === kind)?.payload;
    const body = (cl: TestClient) => JSON.stringify(news(cl));
    for (const cl of [member, runner]) {
      expect(body(cl)).not.toMatch(/email|username|nrds|ann@alpha\.test|000123/);
    }
    expect(of(member, 'attendee.updated')).toEqual({ attendee });
    expect(of(staff, 'attendee.updated')).toEqual({ attendee: full });
    expect(of(chair, 'attendee.updated')).toEqual({ attendee: full });
    expect(of(runner, 'attendee.updated')).toEqual({ attendee });

    // The runner payload: runners only (without staff fields unless staff too).
    expect(of(member, 'vote.updated')).toEqual({ vote: { id: 'v', outcome: null } });
    expect(of(staff, 'vote.updated')).toEqual({ vote: { id: 'v', outcome: null } });
    expect(of(runner, 'vote.updated')).toEqual({
      vote: { id: 'v', outcome: [{ response: 'yes', count: 3 }] },
      voters: [attendee],
    });
    expect(of(chair, 'vote.updated')).toEqual({
      vote: { id: 'v', outcome: [{ response: 'yes', count: 3 }] },
      voters: [full],
    });
  });
});
