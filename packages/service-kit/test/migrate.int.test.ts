import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type TestEnvironment, testEnvironment } from '@gavel/test-kit';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaDrift } from '../src/drift.js';
import { ensureDatabase, migrate } from '../src/migrate.js';

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = join(here, 'fixtures');
const schemaFile = join(fixtures, 'schema.prisma');

describe('migration runner and drift check', () => {
  let env: TestEnvironment;
  let pool: pg.Pool;

  beforeAll(async () => {
    env = await testEnvironment();
    pool = new pg.Pool({ connectionString: env.db.url });
  });
  afterAll(async () => {
    await pool?.end();
    await env?.cleanup();
  });

  it("creates a missing database, keeping the URL's parameters, and leaves an existing one be", async () => {
    const url = new URL(env.db.url);
    const name = `gavel_ensure_${Date.now().toString(36)}`;
    url.pathname = `/${name}`;
    url.searchParams.set('application_name', 'gavel-ensure');
    const exists = async () =>
      (await pool.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    try {
      await ensureDatabase(url.toString());
      expect(await exists()).toBe(true);
      await ensureDatabase(url.toString()); // already there: only connects to it
      expect(await exists()).toBe(true);
    } finally {
      await pool.query(`DROP DATABASE IF EXISTS ${name}`);
    }
    // Anything but a missing database is the caller's to see (here: a server that is not there).
    const unreachable = new URL(env.db.url);
    unreachable.port = '1';
    await expect(ensureDatabase(unreachable.toString())).rejects.toThrow();
  });

  it('applies pending migrations once, records them like Prisma, and finds no drift', async () => {
    const opts = {
      connectionString: env.db.url,
      schema: 'widgets',
      migrationsDir: join(fixtures, 'migrations'),
    };
    expect((await migrate(opts)).applied).toEqual(['20260101000000_init']);
    expect((await migrate(opts)).applied).toEqual([]);
    const recorded = await pool.query('SELECT migration_name, finished_at FROM widgets._prisma_migrations');
    expect(recorded.rows).toHaveLength(1);
    expect(recorded.rows[0].finished_at).not.toBeNull();
    expect(await schemaDrift({ schemaFile, connectionString: env.db.url, schema: 'widgets' })).toEqual([]);
  });

  it('runs safely from several processes at once', async () => {
    const opts = {
      connectionString: env.db.url,
      schema: 'widgets_race',
      migrationsDir: join(fixtures, 'migrations'),
    };
    const results = await Promise.all([migrate(opts), migrate(opts), migrate(opts)]);
    expect(results.flatMap((r) => r.applied)).toEqual(['20260101000000_init']);
  });

  it('refuses a migration edited after it was applied, and rolls back a failing one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    cpSync(join(fixtures, 'migrations'), dir, { recursive: true });
    const opts = { connectionString: env.db.url, schema: 'widgets_edit', migrationsDir: dir };
    await migrate(opts);

    mkdirSync(join(dir, '20260102000000_broken'));
    writeFileSync(
      join(dir, '20260102000000_broken', 'migration.sql'),
      'ALTER TABLE widgets ADD COLUMN weight int; SELECT no_such_function();',
    );
    await expect(migrate(opts)).rejects.toThrow();
    const cols = await pool.query(
      "SELECT column_name FROM information_schema.columns WHERE table_schema = 'widgets_edit' AND column_name = 'weight'",
    );
    expect(cols.rowCount).toBe(0);

    writeFileSync(join(dir, '20260101000000_init', 'migration.sql'), '-- edited\n');
    await expect(migrate(opts)).rejects.toThrow(/was changed after it was applied/);
  });

  it('reports every kind of drift between the model and the database', async () => {
    const opts = {
      connectionString: env.db.url,
      schema: 'widgets_drift',
      migrationsDir: join(fixtures, 'migrations'),
    };
    await migrate(opts);
    await pool.query(`
      SET search_path TO widgets_drift;
      ALTER TABLE widgets ALTER COLUMN size SET NOT NULL;
      ALTER TABLE widgets ALTER COLUMN code TYPE varchar(20);
      ALTER TABLE widgets ADD COLUMN extra int;
      DROP INDEX widgets_tenant_id_code_key;
      CREATE TABLE stray (id int);
    `);
    const problems = await schemaDrift({ schemaFile, connectionString: env.db.url, schema: 'widgets_drift' });
    expect(problems).toEqual(
      expect.arrayContaining([
        'column widgets.size is NOT NULL in the database but optional in the model',
        'column widgets.code is varchar in the database but text in the model',
        'column widgets.extra is in the database but not in the model',
        'unique key (tenant_id,code) of widgets is missing in the database',
        'table stray is in the database but not in the model',
      ]),
    );
    expect(problems).toHaveLength(5);
  });
});
