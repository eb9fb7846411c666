import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  EVENTS,
  SUBJECTS,
  type TCurrentYearEvent,
  type TRequestContext,
  ZCommittee,
  ZCurrentYearEvent,
  ZYearListReply,
} from '@gavel/contracts';
import { createPrismaClient, listMigrations, migrate } from '@gavel/service-kit';
import { testEnvironment } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMITTEES_SCHEMA, PrismaClient } from '../src/db/prisma.js';
import { MIGRATIONS_DIR } from '../src/start.js';
import { type Harness, newTenantId, outboxDrained, startHarness, streamEvents, userCtx } from './support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const setYear = (ctx: TRequestContext, year: number) =>
  h.call(SUBJECTS.committees.yearSet, ctx, { year }, ZYearListReply);
const create = (ctx: TRequestContext, code: string, year: number) =>
  h.call(
    SUBJECTS.committees.committeeCreate,
    ctx,
    { name: `${code} Committee`, code, year, voting_rights: [{ position: 'Member', is_voting: true }] },
    ZCommittee,
  );

/** The current-year events of `tenant` in the stream, oldest first. */
async function announced(tenant: string): Promise<TCurrentYearEvent[]> {
  await outboxDrained(h);
  return (await streamEvents<TCurrentYearEvent>(h, EVENTS.committees.currentYearSet))
    .map((e) => e.payload)
    .filter((e) => e.tenantId === tenant);
}

describe('the current year is announced to meetings and voting', () => {
  it('once per change: the first year recorded, then each set-year that changes it; nothing else', async () => {
    const tenant = newTenantId();
    const admin = userCtx(tenant, ['create committees']);
    // The tenant's first committee records its first year, which becomes current.
    const fin = await create(admin, 'FIN', 2026);
    expect((await announced(tenant)).map((e) => e.year)).toEqual([2026]);
    // Another year's committee, a copy into a new year and the current year set again change nothing.
    await create(admin, 'BUD', 2027);
    await h.call(
      SUBJECTS.committees.committeeCopy,
      admin,
      { guid: fin.guid, code: 'FIN', name: 'Finance 2028', year: 2028 },
      ZCommittee,
    );
    expect(await setYear(admin, 2026)).toContainEqual({ year: 2026, is_current: true });
    expect((await announced(tenant)).map((e) => e.year)).toEqual([2026]);
    // Each change is announced once, in order, each later than the one before.
    await setYear(admin, 2027);
    await setYear(admin, 2027);
    await setYear(admin, 2026);
    await setYear(admin, 2030); // a year that did not exist yet
    const events = await announced(tenant);
    expect(events.map((e) => e.year)).toEqual([2026, 2027, 2026, 2030]);
    for (const e of events) expect(ZCurrentYearEvent.parse(e)).toEqual(e);
    const times = events.map((e) => e.set_at);
    expect(times.every((t) => /\.\d{6}Z$/.test(t))).toBe(true);
    expect([...times].sort()).toEqual(times);
    expect(new Set(times).size).toBe(times.length);
  });

  it('a set-year at the same time as another, or refused, announces only what changed', async () => {
    const tenant = newTenantId();
    const admin = userCtx(tenant, ['create committees']);
    await expect(setYear(userCtx(tenant, ['edit committees']), 2026)).rejects.toMatchObject({
      code: 'forbidden',
    });
    expect(await announced(tenant)).toEqual([]);
    await Promise.all([2026, 2027, 2028, 2026, 2027].map((year) => setYear(admin, year)));
    const events = await announced(tenant);
    // Whatever the order they ran in: each announced a change, and the last one the year now current.
    for (const [i, e] of events.entries()) if (i > 0) expect(e.year).not.toBe(events[i - 1]?.year);
    const years = await h.call(SUBJECTS.committees.yearsList, admin, {}, ZYearListReply);
    expect(years.find((y) => y.is_current)?.year).toBe(events.at(-1)?.year);
    expect([...events.map((e) => e.set_at)].sort()).toEqual(events.map((e) => e.set_at));
  });

  it('a deployment that had a current year before announces it once, on migrating', async () => {
    const env = await testEnvironment();
    const before = mkdtempSync(join(tmpdir(), 'committees-migrations-'));
    const target = { connectionString: env.db.url, schema: COMMITTEES_SCHEMA };
    const prisma = createPrismaClient(PrismaClient, target);
    try {
      const all = listMigrations(MIGRATIONS_DIR).map((m) => m.name);
      const announcing = all.indexOf('20261128090000_announce_current_year');
      expect(announcing).toBeGreaterThan(0);
      for (const name of all.slice(0, announcing)) {
        cpSync(join(MIGRATIONS_DIR, name), join(before, name), { recursive: true });
      }
      await migrate({ ...target, migrationsDir: before });
      const [withYear, withoutCurrent] = [newTenantId(), newTenantId()];
      await prisma.year.createMany({
        data: [
          { tenantId: withYear, year: 2025, isCurrent: false },
          { tenantId: withYear, year: 2026, isCurrent: true },
          { tenantId: withoutCurrent, year: 2024, isCurrent: false },
        ],
      });
      expect((await migrate({ ...target, migrationsDir: MIGRATIONS_DIR })).applied).toContain(
        '20261128090000_announce_current_year',
      );
      const outbox = () =>
        prisma.$queryRawUnsafe<{ subject: string; payload: unknown; published_at: Date | null }[]>(
          'SELECT subject, payload, published_at FROM committees.gavel_outbox',
        );
      const rows = await outbox();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ subject: EVENTS.committees.currentYearSet, published_at: null });
      expect(ZCurrentYearEvent.parse(rows[0]?.payload)).toMatchObject({ tenantId: withYear, year: 2026 });
      // Migrating again announces nothing more.
      expect((await migrate({ ...target, migrationsDir: MIGRATIONS_DIR })).applied).toEqual([]);
      expect(await outbox()).toHaveLength(1);
    } finally {
      await prisma.$disconnect();
      rmSync(before, { recursive: true, force: true });
      await env.cleanup();
    }
  });
});
