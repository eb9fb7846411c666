import pg from 'pg';
import { pool } from './stats.js';

/**
 * The raw Postgres ceiling for comparison: single-row inserts into a table with the same unique key as
 * vote responses (vote, member, response), at the same concurrency, over a plain connection pool.
 */
export async function baselineInsertsPerSecond(
  databaseUrl: string,
  rows: number,
  concurrency: number,
): Promise<number> {
  const client = new pg.Pool({ connectionString: databaseUrl, max: Math.min(concurrency, 20) });
  const table = `bench_baseline_${process.pid}`;
  try {
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${table} (id bigserial primary key, vote_id uuid not null, member_id uuid not null, response text not null, created_at timestamptz not null default now(), UNIQUE (vote_id, member_id, response))`,
    );
    const voteId = crypto.randomUUID();
    const members = Array.from({ length: rows }, () => crypto.randomUUID());
    const started = performance.now();
    await pool(members, concurrency, async (memberId) => {
      await client.query(
        `INSERT INTO ${table} (vote_id, member_id, response) VALUES ($1, $2, 'in_favor') ON CONFLICT DO NOTHING`,
        [voteId, memberId],
      );
    });
    return rows / ((performance.now() - started) / 1000);
  } finally {
    await client.query(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
    await client.end();
  }
}
