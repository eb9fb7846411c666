import { fileURLToPath } from 'node:url';
import { type RunningService, type StartServiceOptions, startService } from '@gavel/service-kit';
import { IDENTITY_SCHEMA, PrismaClient } from './db/prisma.js';
import { IdentityModule } from './identity.module.js';

/** The SQL migrations, beside src/ and dist/ alike. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

/** What the kit needs to run this service (name = NATS queue group = Postgres schema). */
export const IDENTITY_SERVICE = {
  name: IDENTITY_SCHEMA,
  module: IdentityModule,
  PrismaClient,
  migrationsDir: MIGRATIONS_DIR,
} satisfies StartServiceOptions<PrismaClient>;

export type RunningIdentity = RunningService<PrismaClient>;

/**
 * Starts the identity service in this process (tests, the local launcher). `env` defaults to the
 * process environment; signal handlers are only installed when asked for.
 */
export function startIdentity(
  env?: Record<string, string | undefined>,
  opts: { handleSignals?: boolean } = {},
): Promise<RunningIdentity> {
  return startService({ ...IDENTITY_SERVICE, env, handleSignals: opts.handleSignals ?? false });
}
