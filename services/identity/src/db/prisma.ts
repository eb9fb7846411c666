import { Prisma, PrismaClient } from '../generated/prisma/client.js';

/**
 * The data layer's access to the generated client. Only repositories (and this folder) import it;
 * services see the opaque `Tx` of a transaction they started through `Database`.
 */
export { Prisma, PrismaClient };

/**
 * The service's Postgres schema (the kit names it after the service). Raw SQL qualifies tables with it
 * through the kit's `table(IDENTITY_SCHEMA, name)`; the kit also holds `isUuid` and `isUniqueViolation`.
 */
export const IDENTITY_SCHEMA = 'identity';

/** A transaction handle: what repositories take to join a transaction, and what runtime.emit writes to. */
export type Tx = Prisma.TransactionClient;
/** Either the client or a transaction. */
export type Db = PrismaClient | Tx;
