import { pathToFileURL } from 'node:url';
import { ROLE_GLOBAL_ADMIN, type TRequestContext } from '@gavel/contracts';
import { createPrismaClient, ensureDatabase, loadConfig, migrate, ZServiceConfig } from '@gavel/service-kit';
import { IDENTITY_SCHEMA, PrismaClient } from './db/prisma.js';
import type { IdentityServices } from './identity.services.js';
import { MIGRATIONS_DIR } from './start.js';

/** What the identity command-line tools (seed, add-association) share. */

/** The identity schema created and migrated, and a client on it for `use`, closed afterwards. */
export async function withMigratedIdentity<R>(use: (prisma: PrismaClient) => Promise<R>): Promise<R> {
  const config = loadConfig(ZServiceConfig.omit({ HEALTH_PORT: true, SHUTDOWN_GRACE_MS: true }));
  await ensureDatabase(config.DATABASE_URL);
  await migrate({
    connectionString: config.DATABASE_URL,
    schema: IDENTITY_SCHEMA,
    migrationsDir: MIGRATIONS_DIR,
  });
  const prisma = createPrismaClient(PrismaClient, {
    connectionString: config.DATABASE_URL,
    schema: IDENTITY_SCHEMA,
  });
  try {
    return await use(prisma);
  } finally {
    await prisma.$disconnect();
  }
}

/** Runs `main` when `moduleUrl` is the script node was started with; exits 0, or 1 saying what failed. */
export function runWhenMain(moduleUrl: string, what: string, main: () => Promise<void>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(`${what} failed:`, err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}

/** A one-time sign-in code for a user, to '/', valid a day: issued by the tool itself (no one is signed in). */
export function dayLongSignInCode(
  services: IdentityServices,
  tenantId: string,
  userId: string,
  requestId: string,
) {
  const system: TRequestContext = {
    requestId,
    tenantId,
    userId: null,
    roles: [ROLE_GLOBAL_ADMIN],
    permissions: [],
  };
  return services.bypassCodes.create(system, { userId, to: '/', ttlMinutes: 24 * 60 });
}
