import { randomUUID } from 'node:crypto';
import {
  EVENTS,
  SUBJECTS,
  type TBroadcast,
  type TMeetingVisibility,
  ZMeetingEvent,
  ZMembershipEvent,
} from '@gavel/contracts';
import { prefixed } from '@gavel/service-kit';
import { eventually } from '@gavel/test-kit';
import { jetstream } from '@nats-io/jetstream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningRealtime } from '../src/start.js';
import {
  type FakeUser,
  MEETING_JOIN,
  news,
  type RealtimeTestBed,
  realtimeTestBed,
  SECOND_MEETING_JOIN,
  type TestClient,
  USERS,
} from './support.js';

/**
 * A user loses a meeting without a role change while their page is open: their committee membership is
 * removed, an admin narrows the meeting's visibility, their RSVP is deleted. Their sockets stop receiving
 * the meeting once the owning service (here the fakes, which read USERS) says so.
 */
let bed: RealtimeTestBed;
let instance: RunningRealtime;
/** A second instance that takes no broadcasts: it learns of a deleted RSVP from the instance that did. */
let other: RunningRealtime;
const CHANNEL = 'meeting.ten-alpha-m1' as const;
const SECOND_CHANNEL = 'meeting.ten-alpha-m2' as const;
const saved = USERS.map((u) => ({ ...u }));
const extra = { ACCESS_REVIEW_SETTLE_MS: '50' };

beforeAll(async () => {
  bed = await realtimeTestBed();
  instance = await bed.start({ extra });
  other = await bed.start({ extra, consumeBroadcasts: false });
});
afterEach(() => {
  for (const [i, u] of saved.entries()) Object.assign(USERS[i] as FakeUser, u);
});
afterAll(() => bed?.close());

function user(id: string): FakeUser {
  return USERS.find((u) => u.id === id) as FakeUser;
}

/** Publishes a domain event the way an owning service's outbox does. */
async function publishEvent(subject: string, payload: unknown): Promise<void> {
  await jetstream(bed.fakes.nc).publish(prefixed(bed.env.prefix, subject), JSON.stringify(payload), {
    msgID: randomUUID(),
  });
}

const membership = (userId: string, status: 'Accepted' | 'Declined' = 'Accepted') =>
  ZMembershipEvent.parse({
    tenantId: 'ten-alpha',
    membership: {
      id: randomUUID(),
      committee_id: 'c-fin',
      user_id: userId,
      position: 'Member',
      is_voting: true,
      demographic: null,
      appointment_status: status,
    },
  });

const meeting = (id: string, visibility: TMeetingVisibility) =>
  ZMeetingEvent.parse({
    tenantId: 'ten-alpha',
    meeting: {
      id,
      committee_id: 'c-fin',
      code: 'M1',
      name: 'Finance',
      status: 'in_progress',
      start: '2026-03-01T10:00:00.000Z',
      end: '2026-03-01T12:00:00.000Z',
      actual_start: '2026-03-01T10:01:00.000Z',
      in_meeting_voting: true,
      show_motions: true,
      visibility,
    },
  });

const motion = (channel: TBroadcast['channel'], n: number): TBroadcast => ({
  tenantId: 'ten-alpha',
  channel,
  kind: 'motion.updated',
  payload: { n },
});

const refreshes = (client: TestClient) => client.messages.filter((m) => m.kind === 'refresh').length;
/** The channel-access questions asked on behalf of a user so far. */
const accessCalls = (userId: string) =>
  bed.fakes.callsTo(SUBJECTS.meetings.channelAccess).filter((c) => c.ctx.userId === userId).length;

/** Publishes `n` on the channel and waits until `watcher` (who still follows it) has it. */
async function broadcastSeenBy(watcher: TestClient, channel: TBroadcast['channel'], n: number) {
  await bed.fakes.publishBroadcast(motion(channel, n));
  await eventually(async () => seen(watcher).includes(n));
}
/** The motion broadcasts a client received, by number. */
const seen = (client: TestClient) =>
  news(client)
    .filter((m) => m.kind === 'motion.updated')
    .map((m) => (m.payload as { n: number }).n);

describe('a member whose membership is removed', () => {
  it("stops receiving the meeting's broadcasts, and is told to refetch", async () => {
    const member = await bed.joined(instance, 'u-member', MEETING_JOIN, CHANNEL);
    const watcher = await bed.joined(instance, 'u-staff', MEETING_JOIN, CHANNEL);
    await broadcastSeenBy(watcher, CHANNEL, 1);
    await eventually(async () => seen(member).includes(1));

    const before = refreshes(member);
    user('u-member').allowed = false;
    await publishEvent(EVENTS.committees.membershipDeleted, membership('u-member'));
    // Told to refetch: the page then learns it may no longer show the meeting.
    await eventually(async () => refreshes(member) === before + 1);
    await broadcastSeenBy(watcher, CHANNEL, 2);
    expect(seen(member)).toEqual([1]);
    member.close();
    watcher.close();
  });

  it('a declined appointment takes the meeting too; the sockets of other users are not asked about', async () => {
    const member = await bed.joined(instance, 'u-member', MEETING_JOIN, CHANNEL);
    const runner = await bed.joined(instance, 'u-runner', MEETING_JOIN, CHANNEL);
    const runnerCalls = accessCalls('u-runner');
    user('u-member').allowed = false;
    await publishEvent(EVENTS.committees.membershipUpdated, membership('u-member', 'Declined'));
    await eventually(async () => refreshes(member) === 2);
    await broadcastSeenBy(runner, CHANNEL, 3);
    expect(seen(member)).toEqual([]);
    expect(accessCalls('u-runner')).toBe(runnerCalls);
    expect(refreshes(runner)).toBe(1); // its join's
    member.close();
    runner.close();
  });

  it('a membership change that leaves the meeting allowed keeps the socket on it without a refetch', async () => {
    const member = await bed.joined(instance, 'u-member', MEETING_JOIN, CHANNEL);
    const calls = accessCalls('u-member');
    await publishEvent(EVENTS.committees.membershipUpdated, membership('u-member'));
    await eventually(async () => accessCalls('u-member') === calls + 1);
    await broadcastSeenBy(member, CHANNEL, 4);
    expect(refreshes(member)).toBe(1); // its join's
    member.close();
  });
});

describe("a meeting's visibility narrowed", () => {
  it('drops the sockets the meetings service no longer allows; other updates of the meeting ask nothing', async () => {
    const id = 'ten-alpha-m2';
    const guest = await bed.joined(instance, 'u-member', SECOND_MEETING_JOIN, SECOND_CHANNEL);
    const member = await bed.joined(instance, 'u-runner', SECOND_MEETING_JOIN, SECOND_CHANNEL);
    const calls = () => accessCalls('u-member') + accessCalls('u-runner');

    // Opened (wider): no one can have lost it, no one is asked.
    await publishEvent(EVENTS.meetings.meetingUpdated, meeting(id, 'open'));
    const beforeNarrowing = calls();
    // Back to the committee: the meetings service now refuses the guest (a non-member who joined while it
    // was open).
    user('u-member').allowed = false;
    await publishEvent(EVENTS.meetings.meetingUpdated, meeting(id, 'committee'));
    await eventually(async () => refreshes(guest) === 2);
    expect(calls()).toBe(beforeNarrowing + 2);
    await broadcastSeenBy(member, SECOND_CHANNEL, 5);
    expect(seen(guest)).toEqual([]);
    // The member's view did not change: no refetch.
    expect(refreshes(member)).toBe(1);

    // Updated again without a change of visibility: no one is asked. (A membership event of the member
    // afterwards is the marker: its single question is the next one asked.)
    await publishEvent(EVENTS.meetings.meetingUpdated, meeting(id, 'committee'));
    await publishEvent(EVENTS.committees.membershipUpdated, membership('u-runner'));
    await eventually(async () => calls() >= beforeNarrowing + 3);
    expect(calls()).toBe(beforeNarrowing + 3);
    guest.close();
    member.close();
  });
});

describe("a user's RSVP deleted", () => {
  it('their sockets on every instance are asked about again (the broadcast reaches one instance)', async () => {
    const guest = await bed.joined(other, 'u-member', MEETING_JOIN, CHANNEL);
    const watcher = await bed.joined(other, 'u-staff', MEETING_JOIN, CHANNEL);
    user('u-member').allowed = false;
    await bed.fakes.publishBroadcast({
      tenantId: 'ten-alpha',
      channel: CHANNEL,
      kind: 'rsvp.deleted',
      payload: { member: { user_id: 'u-member', name: 'Member' }, user: { id: 'u-member' } },
    });
    await eventually(async () => refreshes(guest) === 2);
    await broadcastSeenBy(watcher, CHANNEL, 6);
    expect(seen(guest)).toEqual([]);
    guest.close();
    watcher.close();
  });
});
