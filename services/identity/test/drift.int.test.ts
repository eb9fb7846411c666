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
      schema: 'identity',
      migrationsDir: MIGRATIONS_DIR,
    });
    expect(applied).toEqual([
      '20261121000000_init',
      '20261123000000_tenant_voting_settings',
      '20261124210000_tenant_time_zone',
    ]);
    expect(await schemaDrift({ schemaFile, connectionString: env.db.url, schema: 'identity' })).toEqual([]);
  });
});
