import { expectNoDrift } from '@gavel/service-kit/testing/drift';
import { describe, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/start.js';

describe('schema drift', () => {
  it('the migrated database matches the Prisma model', async () => {
    await expectNoDrift({
      schema: 'identity',
      migrationsDir: MIGRATIONS_DIR,
      migrations: [
        '20261121000000_init',
        '20261123000000_tenant_voting_settings',
        '20261124210000_tenant_time_zone',
        '20261126140000_bypass_attempt_key',
      ],
    });
  });
});
