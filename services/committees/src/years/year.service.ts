import { can, requirePermission, requireUser, type TRequestContext, type TYear } from '@gavel/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../db/database.js';
import { YearRepository } from './year.repository.js';

@Injectable()
export class YearService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(YearRepository) private readonly years: YearRepository,
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
    await this.db.transaction((tx) => this.years.setCurrent(tx, ctx.tenantId, year));
    return this.list(ctx);
  }
}
