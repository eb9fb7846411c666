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
      schema: 'voting',
      migrationsDir: MIGRATIONS_DIR,
    });
    expect(applied).toEqual([
      '20261122100000_init',
      '20261123150000_committee_demographic_display',
      '20261124090000_meeting_visibility',
      '20261124190000_idempotency_key_per_member',
    ]);
    expect(await schemaDrift({ schemaFile, connectionString: env.db.url, schema: 'voting' })).toEqual([]);
  });
});
