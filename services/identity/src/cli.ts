import { ROLE_GLOBAL_ADMIN, type TRequestContext } from '@gavel/contracts';
import { loadConfig, withMigratedPrisma, ZServiceConfig } from '@gavel/service-kit';
import { IDENTITY_SCHEMA, PrismaClient } from './db/prisma.js';
import type { IdentityServices } from './identity.services.js';
import { MIGRATIONS_DIR } from './start.js';

/** What the identity command-line tools (seed, add-association) share. */

/** The identity schema created and migrated, and a client on it for `use`, closed afterwards. */
export function withMigratedIdentity<R>(use: (prisma: PrismaClient) => Promise<R>): Promise<R> {
  const config = loadConfig(ZServiceConfig.omit({ HEALTH_PORT: true, SHUTDOWN_GRACE_MS: true }));
  const database = {
    PrismaClient,
    databaseUrl: config.DATABASE_URL,
    schema: IDENTITY_SCHEMA,
    migrationsDir: MIGRATIONS_DIR,
  };
  return withMigratedPrisma(database, use);
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
