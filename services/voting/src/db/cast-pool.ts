import { ServiceRuntime } from '@gavel/service-kit';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import pg from 'pg';
import { type TVotingConfig, VOTING_CONFIG } from '../config.js';

/**
 * A plain `pg` pool for the cast path: one INSERT … SELECT per response, no ORM in between. Only the
 * response repository uses it; everything else goes through Prisma.
 */
@Injectable()
export class CastPool implements OnModuleDestroy {
  readonly pool: pg.Pool;

  constructor(
    @Inject(ServiceRuntime) runtime: Pick<ServiceRuntime, 'logger'>,
    @Inject(VOTING_CONFIG) config: Pick<TVotingConfig, 'DATABASE_URL' | 'CAST_POOL_SIZE'>,
  ) {
    this.pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: config.CAST_POOL_SIZE });
    // An idle connection lost (Postgres restarted): the pool replaces it; said, never thrown.
    this.pool.on('error', (err) => runtime.logger.warn({ err }, 'cast pool error'));
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }
}
