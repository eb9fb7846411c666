import { can, requirePermission, requireUser, type TRequestContext, type TYear } from '@gavel/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../db/database.js';
import type { Db, Tx } from '../db/prisma.js';
import { YearEvents } from './year.events.js';
import { type CurrentYearChange, YearRepository, type YearRow } from './year.repository.js';

/**
 * Years, and the tenant's current year. Every change of the current year goes through here and is announced
 * (evt.committees.current-year.set) in its transaction: the set-year call, and the first year recorded.
 */
@Injectable()
export class YearService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(YearRepository) private readonly years: YearRepository,
    @Inject(YearEvents) private readonly events: YearEvents,
  ) {}

  /** The tenant's years, newest first; any signed-in user may read them. */
  async list(ctx: TRequestContext): Promise<TYear[]> {
    requireUser(ctx);
    const rows = await this.db.transaction((tx) => this.years.list(tx, ctx.tenantId));
    return rows.map((r) => ({ year: r.year, is_current: r.isCurrent }));
  }

  /** POST /api/admin/set-year: exactly one current year per tenant ('create committees'). */
  async setCurrent(ctx: TRequestContext, year: number): Promise<TYear[]> {
    requireUser(ctx);
    requirePermission(can(ctx, 'create committees'));
    await this.db.transaction(async (tx) =>
      this.announce(tx, ctx.tenantId, await this.years.setCurrent(tx, ctx.tenantId, year)),
    );
    return this.list(ctx);
  }

  current(db: Db, tenantId: string): Promise<YearRow | null> {
    return this.years.current(db, tenantId);
  }

  /** Records a year inside `tx` (see YearRepository.ensure); the tenant's first year becomes current. */
  async ensure(tx: Tx, tenantId: string, year: number): Promise<void> {
    await this.announce(tx, tenantId, await this.years.ensure(tx, tenantId, year));
  }

  private async announce(tx: Tx, tenantId: string, change: CurrentYearChange | null): Promise<void> {
    if (change) await this.events.currentSet(tx, tenantId, change);
  }
}
