import { lockKey } from '@gavel/service-kit';
import { Injectable } from '@nestjs/common';
import type { Db } from '../db/prisma.js';

export interface YearRow {
  year: number;
  isCurrent: boolean;
}

/** A new current year of a tenant, and when it became current (ISO 8601, to the microsecond, UTC). */
export interface CurrentYearChange {
  year: number;
  setAt: string;
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
   * Makes `year` the only current year of the tenant, creating it when it does not exist yet; answers the
   * change (null when `year` was current already: nothing changed). Runs one at a time per tenant: two at
   * once would each clear the other's flag unseen and then collide on the one-current-year index. The
   * change's time is the database's clock read under that lock, so a later change has a later time.
   */
  async setCurrent(db: Db, tenantId: string, year: number): Promise<CurrentYearChange | null> {
    await lockKey(db, `current-year:${tenantId}`);
    if ((await this.current(db, tenantId))?.year === year) return null;
    await db.year.updateMany({
      where: { tenantId, isCurrent: true, NOT: { year } },
      data: { isCurrent: false },
    });
    await db.year.upsert({
      where: { tenantId_year: { tenantId, year } },
      create: { tenantId, year, isCurrent: true },
      update: { isCurrent: true },
    });
    const [clock] = await db.$queryRawUnsafe<{ at: string }[]>(
      `SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at`,
    );
    return { year, setAt: clock?.at as string };
  }

  /**
   * Records a year if it does not exist yet: not current, unless the tenant has no current year yet (its
   * first year), so that there is one current year from the first committee on and members' home pages
   * show it. INSERT ... ON CONFLICT DO NOTHING (skipDuplicates), not an upsert: with nothing to update
   * Prisma's upsert reads, then inserts, so creations racing for a new year collided on its key; this one
   * waits for the other's row and leaves it be. Answers the change when it made `year` current, else null.
   */
  async ensure(db: Db, tenantId: string, year: number): Promise<CurrentYearChange | null> {
    if (!(await this.current(db, tenantId))) {
      // Read again under setCurrent's lock (taken before any insert, as setCurrent takes it, so neither
      // waits on the other's row while holding the lock): a first year made at the same time may be current.
      await lockKey(db, `current-year:${tenantId}`);
      if (!(await this.current(db, tenantId))) return this.setCurrent(db, tenantId, year);
    }
    await db.year.createMany({ data: [{ tenantId, year, isCurrent: false }], skipDuplicates: true });
    return null;
  }
}
