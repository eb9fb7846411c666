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
      schema: 'meetings',
      migrationsDir: MIGRATIONS_DIR,
    });
    expect(applied).toEqual([
      '20261122100000_init',
      '20261124120000_list_versions',
      '20261125090000_calendar_sequence',
      '20261126120000_email_votes',
    ]);
    expect(await schemaDrift({ schemaFile, connectionString: env.db.url, schema: 'meetings' })).toEqual([]);
  });
});
