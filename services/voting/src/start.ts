import { fileURLToPath } from 'node:url';
import { loadConfig, type RunningService, type StartServiceOptions, startService } from '@gavel/service-kit';
import { ZVotingConfig } from './config.js';
import { PrismaClient, VOTING_SCHEMA } from './db/prisma.js';
import { EmailVoteService } from './email-votes/email-vote.service.js';
import { startReadModelConsumers } from './read-models/consumers.js';
import { VoteService } from './votes/vote.service.js';
import { votingModule } from './voting.module.js';

/** The SQL migrations, beside src/ and dist/ alike. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

/**
 * What the kit needs to run this service (name = NATS queue group = Postgres schema), its module built
 * from the config validated here (a bad variable is named before anything starts).
 */
export function votingService(env?: Record<string, string | undefined>): StartServiceOptions<PrismaClient> {
  const config = loadConfig(ZVotingConfig, env);
  return {
    name: VOTING_SCHEMA,
    module: votingModule(config),
    PrismaClient,
    migrationsDir: MIGRATIONS_DIR,
    env,
    // Committees, memberships, meetings and check-ins keep the read models the cast path relies on.
    onStart: (runtime, app) =>
      startReadModelConsumers(runtime, app.get(VoteService), app.get(EmailVoteService)),
  };
}

export type RunningVoting = RunningService<PrismaClient>;

/**
 * Starts the voting service in this process (tests, the local launcher). `env` defaults to the process
 * environment; signal handlers are only installed when asked for.
 */
export function startVoting(
  env: Record<string, string | undefined> = process.env,
  opts: { handleSignals?: boolean } = {},
): Promise<RunningVoting> {
  return startService({ ...votingService(env), handleSignals: opts.handleSignals ?? false });
}
