import { EVENTS } from '@gavel/contracts';
import { zonedTime } from '@gavel/service-kit';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed.js';
import { type Harness, newWorld, publishEvent, startHarness, userCtx } from './support.js';

describe('demo seed', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('creates M1 motions and EV1 once, and moves EV1 on a later day', async () => {
    const w = await newWorld(h, { status: 'planned' });
    // Rename the test committee and meeting to the demo codes.
    const committee = { ...w.committee, code: 'FIN' };
    const meeting = { ...w.meeting, code: 'M1' };
    await publishEvent(h, EVENTS.committees.committeeUpdated, { tenantId: w.tenantId, committee });
    await publishEvent(h, EVENTS.meetings.meetingUpdated, { tenantId: w.tenantId, meeting });
    const prisma = h.service.runtime.prisma;
    await eventually(async () => {
      const m = await prisma.meetingRm.findFirst({ where: { tenantId: w.tenantId, code: 'M1' } });
      const c = await prisma.committeeRm.findFirst({ where: { tenantId: w.tenantId, code: 'FIN' } });
      return m && c;
    }, 10_000);
    const ids = {
      tenantId: w.tenantId,
      committee: w.committee,
      admin: userCtx(w.tenantId, [], { roles: ['global admin'] }),
    };
    const nats = { nc: h.nc, prefix: h.env.prefix };
    const outboxCount = async () =>
      (await prisma.$queryRawUnsafe<{ n: number }[]>('SELECT count(*)::int AS n FROM voting.gavel_outbox'))[0]
        ?.n;

    const first = await seedDemo(prisma, ids, nats, { waitMs: 2000 });
    expect(first).toMatchObject({ meetingFound: true, meetingMotionsCreated: 4, emailVote: 'created' });
    const motions = await prisma.motion.findMany({
      where: { tenantId: w.tenantId, meetingId: w.meeting.id },
    });
    expect(motions).toHaveLength(4);
    expect(motions.filter((m) => m.amendmentParentId !== null)).toHaveLength(1);
    expect(motions.find((m) => m.maximumResponses === 2)?.motionResponses).toEqual([
      'Alice Adams',
      'Ben Brown',
      'Chris Clark',
    ]);
    expect(motions.find((m) => m.motionFilter !== null)?.motionFilter).toEqual(['North']);
    const ev1 = await prisma.emailVote.findFirst({ where: { tenantId: w.tenantId, code: 'EV1' } });
    expect(ev1 && ev1.end.getTime() - ev1.start.getTime()).toBe(3 * 24 * 3600 * 1000);
    expect(await prisma.vote.count({ where: { tenantId: w.tenantId, emailVoteId: ev1?.id } })).toBe(2);

    const before = await outboxCount();
    const second = await seedDemo(prisma, ids, nats, { waitMs: 2000 });
    expect(second).toMatchObject({ meetingMotionsCreated: 0, emailVote: 'unchanged' });
    expect(await outboxCount()).toBe(before);
    expect(await prisma.motion.count({ where: { tenantId: w.tenantId } })).toBe(6);

    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
    const third = await seedDemo(prisma, ids, nats, { waitMs: 2000, now: tomorrow });
    expect(third.emailVote).toBe('moved');
    const moved = await prisma.emailVote.findFirst({ where: { tenantId: w.tenantId, code: 'EV1' } });
    expect(moved?.start.toISOString()).toBe(tomorrow.toISOString());
    const votes = await prisma.vote.findMany({ where: { tenantId: w.tenantId, emailVoteId: ev1?.id } });
    expect(votes.every((v) => v.startedAt.getTime() === tomorrow.getTime())).toBe(true);

    // "A later day" is the association's calendar day: 18:00 and 22:00 in New York fall on two UTC days.
    const timeZone = 'America/New_York';
    const evening = zonedTime('2031-03-10', 18, 0, timeZone);
    const late = zonedTime('2031-03-10', 22, 0, timeZone);
    expect(evening.toISOString().slice(0, 10)).not.toBe(late.toISOString().slice(0, 10));
    expect((await seedDemo(prisma, ids, nats, { waitMs: 2000, now: evening, timeZone })).emailVote).toBe(
      'moved',
    );
    expect((await seedDemo(prisma, ids, nats, { waitMs: 2000, now: late, timeZone })).emailVote).toBe(
      'unchanged',
    );
  });
});
