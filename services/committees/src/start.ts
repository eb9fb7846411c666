import { fileURLToPath } from 'node:url';
import { EVENT_FAMILIES, ZEmailVoteEvent, ZMeetingStatusEvent, ZUserEvent } from '@gavel/contracts';
import { type RunningService, type StartServiceOptions, startService } from '@gavel/service-kit';
import { upsertCommitteeEmailVote } from './committees/committee-email-vote.repository.js';
import { upsertCommitteeMeeting } from './committees/committee-meeting.repository.js';
import { CommitteesModule } from './committees.module.js';
import { COMMITTEES_SCHEMA, PrismaClient } from './db/prisma.js';
import { upsertMemberUser } from './members/member-user.repository.js';

/** The SQL migrations, beside src/ and dist/ alike. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

export const MEETINGS_CONSUMER = 'committees-meetings';
export const IDENTITY_USERS_CONSUMER = 'committees-identity-users';
export const EMAIL_VOTES_CONSUMER = 'committees-email-votes';

/** What the kit needs to run this service (name = NATS queue group = Postgres schema). */
export const COMMITTEES_SERVICE = {
  name: COMMITTEES_SCHEMA,
  module: CommitteesModule,
  PrismaClient,
  migrationsDir: MIGRATIONS_DIR,
  // identity's user events keep the member users read model current (one wildcard subject: nats 2.9).
  // meetings' events keep the meetings-per-committee read model (delete is refused while one is open),
  // voting's email-vote events the email-votes-per-committee one (refused while one has not ended).
  onStart: async (runtime) => {
    await runtime.consume(IDENTITY_USERS_CONSUMER, [EVENT_FAMILIES.users], ZUserEvent, (event, tx) =>
      upsertMemberUser(tx, event.payload),
    );
    await runtime.consume(MEETINGS_CONSUMER, [EVENT_FAMILIES.meetings], ZMeetingStatusEvent, (event, tx) =>
      upsertCommitteeMeeting(tx, event.subject, event.payload),
    );
    await runtime.consume(EMAIL_VOTES_CONSUMER, [EVENT_FAMILIES.emailVotes], ZEmailVoteEvent, (event, tx) =>
      upsertCommitteeEmailVote(tx, event.subject, event.payload),
    );
  },
} satisfies StartServiceOptions<PrismaClient>;

export type RunningCommittees = RunningService<PrismaClient>;

/**
 * Starts the committees service in this process (tests, the local launcher). `env` defaults to the
 * process environment; signal handlers are only installed when asked for.
 */
export function startCommittees(
  env?: Record<string, string | undefined>,
  opts: { handleSignals?: boolean } = {},
): Promise<RunningCommittees> {
  return startService({ ...COMMITTEES_SERVICE, env, handleSignals: opts.handleSignals ?? false });
}
