import { randomUUID } from 'node:crypto';
import {
  EVENTS,
  type Permission,
  SUBJECTS,
  type TCurrentYearEvent,
  type TRequestContext,
  ZEmailVote,
  ZEmailVoteListReply,
} from '@gavel/contracts';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, newWorld, publishEvent, startHarness, userCtx, type World } from './support.js';

/**
 * A committee code repeats across years (a copy into the next year keeps it). Without ?year= the email votes
 * listed and created under /api/admin/committee/{code} are those of the committee the committees service
 * shows for the code: the current year's.
 */

const S = SUBJECTS.voting;
const HOUR = 3_600_000;
const MANAGER: Permission[] = ['create email vote', 'create motions', 'update motions', 'delete motions'];

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const handled = async () =>
  (
    await h.service.runtime.prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM voting.gavel_processed_events WHERE consumer = 'voting-current-year'`,
    )
  )[0]?.n ?? 0;

/** The current year as committees announces it, waited for until the consumer has handled it. */
async function announceYear(tenantId: string, year: number): Promise<void> {
  const before = await handled();
  const event: TCurrentYearEvent = { tenantId, year, set_at: new Date().toISOString() };
  await publishEvent(h, EVENTS.committees.currentYearSet, event);
  await eventually(async () => (await handled()) > before, 10_000);
}

/** The world's committee (of 2026) and its copy into 2027 with the same code. */
async function withCopyInNextYear(): Promise<{ w: World; nextId: string; admin: TRequestContext }> {
  const w = await newWorld(h, { voters: 1 });
  const nextId = randomUUID();
  await publishEvent(h, EVENTS.committees.committeeCreated, {
    tenantId: w.tenantId,
    committee: { ...w.committee, id: nextId, year: 2027, name: 'Finance 2027' },
  });
  await eventually(
    async () => (await h.service.runtime.prisma.committeeRm.count({ where: { id: nextId } })) === 1,
    15_000,
  );
  return { w, nextId, admin: userCtx(w.tenantId, MANAGER) };
}

function createVote(ctx: TRequestContext, committeeCode: string, code: string, year?: number) {
  const now = Date.now();
  return h.call(
    S.emailVoteCreate,
    ctx,
    {
      committeeCode,
      ...(year === undefined ? {} : { year }),
      code,
      name: `Ballot ${code}`,
      start: new Date(now + HOUR).toISOString(),
      end: new Date(now + 2 * HOUR).toISOString(),
    },
    ZEmailVote,
  );
}

const listCodes = (ctx: TRequestContext, committeeCode: string, year?: number) =>
  h
    .call(
      S.emailVotesList,
      ctx,
      { committeeCode, ...(year === undefined ? {} : { year }) },
      ZEmailVoteListReply,
    )
    .then((rows) => rows.map((v) => v.code));

describe("a committee code without ?year= names the current year's committee", () => {
  it("lists and creates email votes of the current year's committee, not its copy in the next year", async () => {
    const { w, nextId, admin } = await withCopyInNextYear();
    const code = w.committee.code;
    await announceYear(w.tenantId, 2026);

    expect((await createVote(admin, code, 'NOW')).committee_id).toBe(w.committee.id);
    expect((await createVote(admin, code, 'AHEAD', 2027)).committee_id).toBe(nextId);
    expect(await listCodes(admin, code)).toEqual(['NOW']);
    expect(await listCodes(admin, code, 2026)).toEqual(['NOW']);
    expect(await listCodes(admin, code, 2027)).toEqual(['AHEAD']);

    // The next year made current: the same calls now name its committee.
    await announceYear(w.tenantId, 2027);
    expect(await listCodes(admin, code)).toEqual(['AHEAD']);
    expect((await createVote(admin, code, 'LATER')).committee_id).toBe(nextId);
    expect(await listCodes(admin, code, 2026)).toEqual(['NOW']);
  });

  it("until committees has announced a current year: the most recent year's committee, as before", async () => {
    const { w, nextId, admin } = await withCopyInNextYear();
    expect((await createVote(admin, w.committee.code, 'EARLY')).committee_id).toBe(nextId);
    expect(await listCodes(admin, w.committee.code)).toEqual(['EARLY']);
  });
});
