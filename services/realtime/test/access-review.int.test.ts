import { EVENTS, type TBroadcast } from '@gavel/contracts';
import { prefixed } from '@gavel/service-kit';
import { eventually } from '@gavel/test-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningRealtime } from '../src/start.js';
import {
  type FakeUser,
  MEETING_JOIN,
  news,
  type RealtimeTestBed,
  realtimeTestBed,
  USERS,
} from './support.js';

/**
 * A user's roles change while their page is open (identity's user event): their sockets follow the meeting
 * with the view the new roles give at once, without waiting for the page to join again.
 */
let bed: RealtimeTestBed;
let instance: RunningRealtime;
const CHANNEL = 'meeting.ten-alpha-m1' as const;
const saved = USERS.map((u) => ({ ...u }));

beforeAll(async () => {
  bed = await realtimeTestBed();
  instance = await bed.start();
});
afterEach(() => {
  // The fake services read USERS: put back what a test changed.
  for (const [i, u] of saved.entries()) Object.assign(USERS[i] as FakeUser, u);
});
afterAll(() => bed?.close());

function user(id: string): FakeUser {
  return USERS.find((u) => u.id === id) as FakeUser;
}

/** What identity publishes when a user's roles (or anything else of theirs) change. */
async function userChanged(userId: string): Promise<void> {
  bed.fakes.nc.publish(
    prefixed(bed.env.prefix, EVENTS.identity.userUpdated),
    JSON.stringify({ tenantId: 'ten-alpha', user: { id: userId } }),
  );
  await bed.fakes.nc.flush();
}

const broadcast = (n: number): TBroadcast => ({
  tenantId: 'ten-alpha',
  channel: CHANNEL,
  kind: 'motion.updated',
  payload: { n, view: 'member' },
  runner_payload: { n, view: 'runner' },
});

const refreshes = (messages: { kind: string }[]) => messages.filter((m) => m.kind === 'refresh').length;

describe("a user's roles change while they follow a meeting", () => {
  it('a runner who is no longer one gets the members’ payload from then on, and is told to refetch', async () => {
    const client = await bed.joined(instance, 'u-runner', MEETING_JOIN, CHANNEL);
    await bed.fakes.publishBroadcast(broadcast(1));
    await eventually(async () => news(client).length === 1);
    expect(news(client)[0]?.payload).toEqual({ n: 1, view: 'runner' });

    const before = refreshes(client.messages);
    user('u-runner').runner = false;
    await userChanged('u-runner');
    await eventually(async () => refreshes(client.messages) === before + 1);
    await bed.fakes.publishBroadcast(broadcast(2));
    await eventually(async () => news(client).length === 2);
    expect(news(client)[1]?.payload).toEqual({ n: 2, view: 'member' });
    client.close();
  });

  it('someone who may no longer follow the meeting stops receiving it', async () => {
    const client = await bed.joined(instance, 'u-member', MEETING_JOIN, CHANNEL);
    const before = refreshes(client.messages);
    user('u-member').allowed = false;
    await userChanged('u-member');
    // Told to refetch: the page then learns it may no longer show the meeting.
    await eventually(async () => refreshes(client.messages) === before + 1);
    await bed.fakes.publishBroadcast(broadcast(3));
    const watcher = await bed.joined(instance, 'u-staff', MEETING_JOIN, CHANNEL);
    await bed.fakes.publishBroadcast(broadcast(4));
    await eventually(async () => news(watcher).length === 1);
    expect(news(client)).toEqual([]);
    client.close();
    watcher.close();
  });

  it("another user's change leaves a socket's view alone", async () => {
    const client = await bed.joined(instance, 'u-chair', MEETING_JOIN, CHANNEL);
    const before = refreshes(client.messages);
    user('u-runner').runner = false;
    await userChanged('u-runner');
    await bed.fakes.publishBroadcast(broadcast(5));
    await eventually(async () => news(client).length === 1);
    expect(news(client)[0]?.payload).toEqual({ n: 5, view: 'runner' });
    expect(refreshes(client.messages)).toBe(before);
    client.close();
  });
});
