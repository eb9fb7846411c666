import { expectNoDrift } from '@gavel/service-kit/testing/drift';
import { describe, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/start.js';

describe('schema drift', () => {
  it('the migrated database matches the Prisma model', async () => {
    await expectNoDrift({
      schema: 'meetings',
      migrationsDir: MIGRATIONS_DIR,
      migrations: [
        '20261122100000_init',
        '20261124120000_list_versions',
        '20261125090000_calendar_sequence',
        '20261126120000_email_votes',
        '20261126130000_drop_vote_responses',
        '20261128100000_current_year',
      ],
    });
  });
});
