import pg from 'pg';
import type { Transactional } from '../src/events.js';
import type { RawSql } from '../src/prisma.js';

/**
 * The kit's helpers need only raw SQL and transactions of a service's Prisma client; services pass
 * Prisma, these tests pass this thin wrapper over a real `pg` pool.
 */
export function pgDatabase(pool: pg.Pool): RawSql & Transactional<RawSql> {
  const wrap = (q: pg.Pool | pg.PoolClient): RawSql => ({
    $executeRawUnsafe: async (sql, ...values) => (await q.query(sql, values)).rowCount ?? 0,
    $queryRawUnsafe: async <T>(sql: string, ...values: unknown[]) => (await q.query(sql, values)).rows as T,
  });
  return {
    ...wrap(pool),
    async $transaction<R>(fn: (tx: RawSql) => Promise<R>): Promise<R> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      } finally {
        client.release();
      }
    },
  };
}
