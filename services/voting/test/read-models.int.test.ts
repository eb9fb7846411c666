import { randomUUID } from 'node:crypto';
import { EVENTS, type TAttendanceEvent, type TCurrentYearEvent } from '@gavel/contracts';
import { newTenantId } from '@gavel/service-kit/testing';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, refused } from './helpers.js';
import { checkIn, type Harness, newWorld, publishEvent, startHarness, userCtx } from './support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

describe('read models from events', () => {
  it('ignores an older check-in version, and follows voting rights and memberships into the electorate', async () => {
    const w = await newWorld(h, { quorum: 1 });
    const a = api(h, w);
    const [chair, m1, m2] = w.members;
    if (!chair || !m1 || !m2) throw new Error('members');
    await checkIn(h, w, [chair, m1, m2]);
    // An out-of-order, older "checked out" for m1 changes nothing.
    const stale: TAttendanceEvent = {
      tenantId: w.tenantId,
      meeting_id: w.meeting.id,
      committee_id: w.committee.id,
      attendee: {
        id: randomUUID(),
        attendee_type: 'membership',
        attendee_id: m1.membershipId,
        user_id: m1.userId,
        membership_id: m1.membershipId,
        attending_via: 'remote',
        checked_in: false,
        at: new Date(Date.now() - 3_600_000).toISOString(),
      },
    };
    const handled = async () =>
      (
        await h.service.runtime.prisma.$queryRawUnsafe<{ n: number }[]>(
          `SELECT count(*)::int AS n FROM voting.gavel_processed_events WHERE consumer = 'voting-attendance'`,
        )
      )[0]?.n ?? 0;
    const before = await handled();
    await publishEvent(h, EVENTS.meetings.attendanceUpdated, stale);
    await eventually(async () => (await handled()) === before + 1, 10_000);
    const { motion } = await a.create(w.runner);
    const { vote } = await a.start(w.runner, motion.id);
    if (!vote) throw new Error('vote');
    expect(vote.expected_count).toBe(3);
    await a.cast(m1.ctx, motion.id, vote.id, 'in_favor');

    // The committee takes the vote away from 'Member': members can no longer vote.
    await publishEvent(h, EVENTS.committees.committeeUpdated, {
      tenantId: w.tenantId,
      committee: {
        ...w.committee,
        voting_rights: w.committee.voting_rights.map((r) =>
          r.position === 'Member' ? { ...r, is_voting: false } : r,
        ),
      },
    });
    await eventually(async () => {
      const e = await h.service.runtime.prisma.elector.findFirst({
        where: { voteId: vote.id, membershipId: m2.membershipId },
      });
      return e?.eligible === false;
    }, 10_000);
    expect((await refused(a.cast(m2.ctx, motion.id, vote.id, 'in_favor'))).message).toBe(
      'Only voting members may vote.',
    );
    // The chair's membership is removed: the chair cannot vote either.
    await publishEvent(h, EVENTS.committees.membershipDeleted, {
      tenantId: w.tenantId,
      membership: {
        id: chair.membershipId,
        committee_id: w.committee.id,
        user_id: chair.userId,
        position: 'Chair',
        is_voting: true,
        demographic: 'North',
        appointment_status: 'Accepted',
      },
    });
    await eventually(async () => {
      const e = await h.service.runtime.prisma.elector.findFirst({
        where: { voteId: vote.id, membershipId: chair.membershipId },
      });
      return e?.eligible === false;
    }, 10_000);
    expect((await refused(a.cast(chair.ctx, motion.id, vote.id, 'in_favor'))).code).toBe('forbidden');
    // An admin (role) may close the vote without 'run meetings'.
    const closed = await a.close(userCtx(w.tenantId, [], { roles: ['admin'] }), motion.id, vote.id);
    expect(closed.message).toBe('Vote Closed');
  });

  it('keeps the ballot of a member removed and appointed again (the same membership): no second vote, still checked in', async () => {
    const w = await newWorld(h, { quorum: 1 });
    const a = api(h, w);
    const [chair, m1] = w.members;
    if (!chair || !m1) throw new Error('members');
    await checkIn(h, w, [chair, m1]);
    const { motion } = await a.create(w.runner);
    const { vote } = await a.start(w.runner, motion.id);
    if (!vote) throw new Error('vote');
    await a.cast(m1.ctx, motion.id, vote.id, 'in_favor');
    const membership = {
      id: m1.membershipId,
      committee_id: w.committee.id,
      user_id: m1.userId,
      position: 'Member',
      is_voting: true,
      demographic: 'South',
      appointment_status: 'Accepted' as const,
    };
    const eligible = async () =>
      (
        await h.service.runtime.prisma.elector.findFirst({
          where: { voteId: vote.id, membershipId: m1.membershipId },
        })
      )?.eligible;
    await publishEvent(h, EVENTS.committees.membershipDeleted, { tenantId: w.tenantId, membership });
    await eventually(async () => (await eligible()) === false, 10_000);
    await publishEvent(h, EVENTS.committees.membershipCreated, { tenantId: w.tenantId, membership });
    await eventually(async () => (await eligible()) === true, 10_000);
    expect((await refused(a.cast(m1.ctx, motion.id, vote.id, 'opposed'))).message).toBe(
      'You have already cast every response this vote allows.',
    );
    const closed = await a.close(w.runner, motion.id, vote.id);
    expect(closed.vote?.respondents_count).toBe(1);
  });

  it("names the newest year's meeting when committees of one code in two years hold the same meeting code, as meetings does", async () => {
    // A committee renamed to a code another year's committee uses can bring two meetings of one code
    // together; both services must then mean the same one (the newest committee year's), or a motion
    // created on one page would land in the other meeting.
    const w = await newWorld(h, { quorum: 1 });
    const olderCommittee = { ...w.committee, id: randomUUID(), year: 2025 };
    await publishEvent(h, EVENTS.committees.committeeCreated, {
      tenantId: w.tenantId,
      committee: olderCommittee,
    });
    const later = Date.now() + 2 * 86_400_000;
    const olderMeeting = {
      ...w.meeting,
      id: randomUUID(),
      committee_id: olderCommittee.id,
      start: new Date(later).toISOString(),
      end: new Date(later + 3_600_000).toISOString(),
    };
    await publishEvent(h, EVENTS.meetings.meetingCreated, { tenantId: w.tenantId, meeting: olderMeeting });
    await eventually(
      async () => (await h.service.runtime.prisma.meetingRm.count({ where: { id: olderMeeting.id } })) === 1,
      10_000,
    );
    const { motion } = await api(h, w).create(w.runner);
    const row = await h.service.runtime.prisma.motion.findFirst({ where: { id: motion.id } });
    expect(row?.meetingId).toBe(w.meeting.id);
  });

  it("keeps the tenant's latest current year from committees: an older one arriving late changes nothing", async () => {
    const tenantId = newTenantId();
    const held = () => h.service.runtime.prisma.currentYearRm.findUnique({ where: { tenantId } });
    const handled = async () =>
      (
        await h.service.runtime.prisma.$queryRawUnsafe<{ n: number }[]>(
          `SELECT count(*)::int AS n FROM voting.gavel_processed_events WHERE consumer = 'voting-current-year'`,
        )
      )[0]?.n ?? 0;
    const announce = async (year: number, setAt: string) => {
      const before = await handled();
      const event: TCurrentYearEvent = { tenantId, year, set_at: setAt };
      await publishEvent(h, EVENTS.committees.currentYearSet, event);
      await eventually(async () => (await handled()) > before, 10_000);
    };
    await announce(2026, '2026-05-01T12:00:00.000002Z');
    expect(await held()).toMatchObject({ year: 2026 });
    // An earlier change delivered after it (a microsecond earlier is earlier), then a later one.
    await announce(2025, '2026-05-01T12:00:00.000001Z');
    expect(await held()).toMatchObject({ year: 2026 });
    await announce(2027, '2026-06-01T08:00:00.000000+02:00');
    expect(await held()).toMatchObject({ year: 2027 });
    expect(
      await h.service.runtime.prisma.currentYearRm.findUnique({ where: { tenantId: newTenantId() } }),
    ).toBeNull();
  });
});
