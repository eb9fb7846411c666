import { lockKey } from '@gavel/service-kit';
import { Injectable } from '@nestjs/common';
import type { Db } from '../db/prisma.js';

export interface YearRow {
  year: number;
  isCurrent: boolean;
}

/** The only place that reads and writes years. */
@Injectable()
export class YearRepository {
  list(db: Db, tenantId: string): Promise<YearRow[]> {
    return db.year.findMany({
      where: { tenantId },
      orderBy: { year: 'desc' },
      select: { year: true, isCurrent: true },
    });
  }

  current(db: Db, tenantId: string): Promise<YearRow | null> {
    return db.year.findFirst({
      where: { tenantId, isCurrent: true },
      select: { year: true, isCurrent: true },
    });
  }

  /**
   * Makes `year` the only current year of the tenant, creating it when it does not exist yet. Runs one
   * at a time per tenant: two at once would each clear the other's flag unseen and then collide on the
   * one-current-year index.
   */
  async setCurrent(db: Db, tenantId: string, year: number): Promise<void> {
    await lockKey(db, `current-year:${tenantId}`);
    await db.year.updateMany({
      where: { tenantId, isCurrent: true, NOT: { year } },
      data: { isCurrent: false },
    });
    await db.year.upsert({
      where: { tenantId_year: { tenantId, year } },
      create: { tenantId, year, isCurrent: true },
      update: { isCurrent: true },
    });
  }

  /**
   * Records a year if it does not exist yet: not current, unless the tenant has no current year yet (its
   * first year), so that there is one current year from the first committee on and members' home pages
   * show it. INSERT ... ON CONFLICT DO NOTHING (skipDuplicates), not an upsert: with nothing to update
   * Prisma's upsert reads, then inserts, so creations racing for a new year collided on its key; this one
   * waits for the other's row and leaves it be.
   */
  async ensure(db: Db, tenantId: string, year: number): Promise<void> {
    if (!(await this.current(db, tenantId))) {
      // Read again under setCurrent's lock (taken before any insert, as setCurrent takes it, so neither
      // waits on the other's row while holding the lock): a first year made at the same time may be current.
      await lockKey(db, `current-year:${tenantId}`);
      if (!(await this.current(db, tenantId))) return this.setCurrent(db, tenantId, year);
    }
    await db.year.createMany({ data: [{ tenantId, year, isCurrent: false }], skipDuplicates: true });
  }
}
