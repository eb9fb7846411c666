import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/**
 * Tables the kit itself needs in every service schema: the transactional outbox, the record of
 * events a durable consumer has handled and of those it gave up on (kept with their payload). Recorded
 * apart from the service's own migrations so that `_prisma_migrations` holds exactly what the Prisma
 * migrations folder holds.
 */
const KIT_MIGRATIONS: { name: string; sql: string }[] = [
  {
    name: '0001_outbox_and_processed_events',
    sql: `
      CREATE TABLE IF NOT EXISTS gavel_outbox (
        id uuid PRIMARY KEY,
        subject text NOT NULL,
        payload jsonb NOT NULL,
        request_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      );
      CREATE INDEX IF NOT EXISTS gavel_outbox_unpublished ON gavel_outbox (created_at) WHERE published_at IS NULL;
      CREATE TABLE IF NOT EXISTS gavel_processed_events (
        consumer text NOT NULL,
        message_id text NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, message_id)
      );`,
  },
  {
    name: '0002_failed_events_and_processed_age',
    sql: `
      CREATE TABLE IF NOT EXISTS gavel_failed_events (
        consumer text NOT NULL,
        message_id text NOT NULL,
        subject text NOT NULL,
        payload text NOT NULL,
        error text NOT NULL,
        deliveries int NOT NULL,
        failed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, message_id)
      );
      CREATE INDEX IF NOT EXISTS gavel_processed_events_age ON gavel_processed_events (processed_at);`,
  },
];

export const KIT_TABLES = [
  'gavel_outbox',
  'gavel_processed_events',
  'gavel_failed_events',
  '_gavel_kit_migrations',
  '_prisma_migrations',
];

export interface MigrateOptions {
  connectionString: string;
  /** The service's Postgres schema. */
  schema: string;
  /** Folder holding `<timestamp>_<name>/migration.sql`, Prisma's layout. */
  migrationsDir: string;
}

export interface MigrateResult {
  applied: string[];
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe identifier: ${name}`);
  return `"${name}"`;
}

function checksum(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

/** The migrations folder's entries in order, as Prisma orders them (by folder name). */
export function listMigrations(migrationsDir: string): { name: string; sql: string }[] {
  if (!existsSync(migrationsDir)) return [];
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(migrationsDir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(migrationsDir, name, 'migration.sql'), 'utf8') }));
}

/**
 * Creates the database named in the URL when it does not exist yet. The database itself is tried first, so
 * a deployment whose user may not reach the `postgres` database (managed Postgres) needs nothing more; only
 * a missing one is created from there, over the same URL otherwise (its sslmode and other parameters kept).
 */
export async function ensureDatabase(connectionString: string): Promise<void> {
  const direct = new pg.Client({ connectionString });
  try {
    await direct.connect();
    return;
  } catch (err) {
    if ((err as { code?: string }).code !== '3D000') throw err; // 3D000: no such database
  } finally {
    await direct.end().catch(() => undefined);
  }
  const database = decodeURIComponent(new URL(connectionString).pathname.slice(1));
  const admin = new URL(connectionString);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${quoteIdent(database)}`).catch((err: { code?: string }) => {
        if (err.code !== '42P04') throw err; // created meanwhile by another process
      });
    }
  } finally {
    await client.end();
  }
}

/**
 * Applies the kit's tables and then every pending SQL migration of a service, each in its own transaction,
 * recording them in a `_prisma_migrations` table compatible with `prisma migrate deploy`. Safe to run from
 * several processes at once (advisory lock). Refuses to continue when an applied migration was edited.
 */
export async function migrate(opts: MigrateOptions): Promise<MigrateResult> {
  const schema = quoteIdent(opts.schema);
  const client = new pg.Client({ connectionString: opts.connectionString });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`gavel_migrate_${opts.schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(`SET search_path TO ${schema}`);
    await client.query(`
      CREATE TABLE IF NOT EXISTS _prisma_migrations (
        id varchar(36) PRIMARY KEY NOT NULL,
        checksum varchar(64) NOT NULL,
        finished_at timestamptz,
        migration_name varchar(255) NOT NULL,
        logs text,
        rolled_back_at timestamptz,
        started_at timestamptz NOT NULL DEFAULT now(),
        applied_steps_count integer NOT NULL DEFAULT 0
      );
      CREATE TABLE IF NOT EXISTS _gavel_kit_migrations (
        name text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      );`);

    const kitDone = new Set(
      (await client.query<{ name: string }>('SELECT name FROM _gavel_kit_migrations')).rows.map(
        (r) => r.name,
      ),
    );
    for (const m of KIT_MIGRATIONS.filter((k) => !kitDone.has(k.name))) {
      await inTransaction(client, async () => {
        await client.query(m.sql);
        await client.query('INSERT INTO _gavel_kit_migrations (name) VALUES ($1)', [m.name]);
      });
    }

    const done = new Map(
      (
        await client.query<{ migration_name: string; checksum: string }>(
          'SELECT migration_name, checksum FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
        )
      ).rows.map((r) => [r.migration_name, r.checksum]),
    );
    for (const m of listMigrations(opts.migrationsDir)) {
      const sum = checksum(m.sql);
      const appliedSum = done.get(m.name);
      if (appliedSum !== undefined) {
        if (appliedSum !== sum) {
          throw new Error(
            `Migration ${opts.schema}/${m.name} was changed after it was applied; add a new migration instead.`,
          );
        }
        continue;
      }
      await inTransaction(client, async () => {
        await client.query(m.sql);
        await client.query(
          `INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, applied_steps_count)
           VALUES ($1, $2, now(), $3, 1)`,
          [randomUUID(), sum, m.name],
        );
      });
      applied.push(m.name);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    await client.end();
  }
  return { applied };
}

async function inTransaction(client: pg.Client, fn: () => Promise<void>): Promise<void> {
  await client.query('BEGIN');
  try {
    await fn();
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}
