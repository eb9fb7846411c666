import { expectNoDrift } from '@gavel/service-kit/testing/drift';
import { describe, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/start.js';

describe('schema drift', () => {
  it('the migrated database matches the Prisma model', async () => {
    await expectNoDrift({
      schema: 'voting',
      migrationsDir: MIGRATIONS_DIR,
      migrations: [
        '20261122100000_init',
        '20261123150000_committee_demographic_display',
        '20261124090000_meeting_visibility',
        '20261124190000_idempotency_key_per_member',
        '20261128100000_current_year',
      ],
    });
  });
});
