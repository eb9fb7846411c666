import { deepStrictEqual } from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { testEnvironment } from '@gavel/test-kit';
import { schemaDrift } from './drift.js';
import { migrate } from './migrate.js';

/**
 * A service's drift test (imported from '@gavel/service-kit/testing/drift', apart from the other test
 * helpers, because only this one loads @prisma/internals).
 */
export interface DriftCheck {
  /** The service's Postgres schema (its name). */
  schema: string;
  migrationsDir: string;
  /** Defaults to the schema.prisma next to `migrationsDir`, where Prisma keeps it. */
  schemaFile?: string;
  /** Every migration, in the order a fresh database gets them (so a new one is noticed here too). */
  migrations: string[];
}

/** Migrates a fresh database and fails unless it applied `migrations` and matches the Prisma model. */
export async function expectNoDrift(check: DriftCheck): Promise<void> {
  const env = await testEnvironment();
  try {
    const target = { connectionString: env.db.url, schema: check.schema };
    const { applied } = await migrate({ ...target, migrationsDir: check.migrationsDir });
    deepStrictEqual(applied, check.migrations, 'the migrations applied to a fresh database');
    const schemaFile = check.schemaFile ?? join(dirname(check.migrationsDir), 'schema.prisma');
    deepStrictEqual(await schemaDrift({ ...target, schemaFile }), [], 'differences from the Prisma model');
  } finally {
    await env.cleanup();
  }
}
