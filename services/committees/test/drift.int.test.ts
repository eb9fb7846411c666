import { fileURLToPath } from 'node:url';
import { migrate } from '@gavel/service-kit';
import { schemaDrift } from '@gavel/service-kit/drift';
import { type TestEnvironment, testEnvironment } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/start.js';

const schemaFile = fileURLToPath(new URL('../prisma/schema.prisma', import.meta.url));

describe('schema drift', () => {
  let env: TestEnvironment;

  beforeAll(async () => {
    env = await testEnvironment();
  });
  afterAll(async () => {
    await env?.cleanup();
  });

  it('the migrated database matches the Prisma model', async () => {
    const { applied } = await migrate({
      connectionString: env.db.url,
      schema: 'committees',
      migrationsDir: MIGRATIONS_DIR,
    });
    expect(applied).toEqual(['20261122000000_init', '20261126090000_committee_email_votes']);
    expect(await schemaDrift({ schemaFile, connectionString: env.db.url, schema: 'committees' })).toEqual([]);
  });
});
