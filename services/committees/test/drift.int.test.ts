import { expectNoDrift } from '@gavel/service-kit/testing/drift';
import { describe, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/start.js';

describe('schema drift', () => {
  it('the migrated database matches the Prisma model', async () => {
    await expectNoDrift({
      schema: 'committees',
      migrationsDir: MIGRATIONS_DIR,
      migrations: [
        '20261122000000_init',
        '20261126090000_committee_email_votes',
        '20261127090000_schedule_codes',
        '20261128090000_announce_current_year',
      ],
    });
  });
});
