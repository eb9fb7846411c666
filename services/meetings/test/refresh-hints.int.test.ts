import { randomUUID } from 'node:crypto';
import { EVENTS, SUBJECTS, type TBroadcast, ZMeeting } from '@gavel/contracts';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Harness,
  newMembership,
  publishEvent,
  REF,
  startHarness,
  streamEvents,
  world,
} from './support.js';

/**
 * Live meeting pages learn of committee changes made under them (a member appointed mid-meeting, new voting
 * rights): the meetings service sends a few 'refresh' hints on the meeting's channel, not one per change.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

async function refreshes(meetingId: string): Promise<unknown[]> {
  return (await streamEvents<TBroadcast>(h, EVENTS.realtime.broadcast))
    .map((e) => e.payload)
    .filter((b) => b.channel === `meeting.${meetingId}` && b.kind === 'refresh')
    .map((b) => b.payload);
}

describe('refresh hints', () => {
  it("asks an open meeting's pages to refetch the attendance when the committee's members change", async () => {
    const { tenant, committee, meeting } = await world(h);
    await newMembership(h, tenant, committee.id, randomUUID());
    await eventually(async () => (await refreshes(meeting.id)).length === 1, 10_000);
    expect(await refreshes(meeting.id)).toEqual([{ target: 'attendance' }]);
  });

  it('folds a burst of changes into a few hints, the last change included', async () => {
    const { tenant, committee, meeting } = await world(h);
    const burst = Array.from({ length: 30 }, () => ({
      id: randomUUID(),
      committee_id: committee.id,
      user_id: randomUUID(),
      position: 'Member',
      is_voting: true,
      demographic: null,
      appointment_status: 'Accepted' as const,
    }));
    for (const membership of burst) {
      await publishEvent(h, EVENTS.committees.membershipCreated, { tenantId: tenant, membership });
    }
    await eventually(
      async () =>
        (await h.service.runtime.prisma.membershipCopy.count({ where: { tenantId: tenant } })) ===
        burst.length,
      15_000,
    );
    // The trailing hint comes after the last change (at most one interval later).
    await new Promise((r) => setTimeout(r, 2_500));
    const hints = await refreshes(meeting.id);
    expect(hints.length).toBeGreaterThanOrEqual(1);
    expect(hints.length).toBeLessThanOrEqual(4);
  });

  it('refreshes everything on a committee change, and leaves ended meetings alone', async () => {
    const { tenant, committee, admin, meeting } = await world(h);
    await publishEvent(h, EVENTS.committees.committeeUpdated, {
      tenantId: tenant,
      committee: { ...committee, quorum: 5 },
    });
    await eventually(async () => (await refreshes(meeting.id)).length === 1, 10_000);
    expect(await refreshes(meeting.id)).toEqual([{ target: 'all' }]);

    await h.call(SUBJECTS.meetings.meetingStart, admin, REF, ZMeeting);
    await h.call(SUBJECTS.meetings.meetingEnd, admin, REF, ZMeeting);
    await newMembership(h, tenant, committee.id, randomUUID());
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await refreshes(meeting.id)).toEqual([{ target: 'all' }]);
  });
});
