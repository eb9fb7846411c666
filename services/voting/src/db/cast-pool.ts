import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import pg from 'pg';
import { votingConfig } from '../config.js';

/**
 * A plain `pg` pool for the cast path: one INSERT … SELECT per response, no ORM in between. Only the
 * response repository uses it; everything else goes through Prisma.
 */
@Injectable()
export class CastPool implements OnModuleDestroy {
  readonly pool: pg.Pool;

  constructor() {
    const config = votingConfig();
    this.pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: config.CAST_POOL_SIZE });
    this.pool.on('error', () => undefined);
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }
}
