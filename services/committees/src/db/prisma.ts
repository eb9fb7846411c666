import { Prisma, PrismaClient } from '../generated/prisma/client.js';

/**
 * The data layer's access to the generated client. Only repositories (and this folder) import it;
 * services see the opaque `Tx` of a transaction they started through `Database`.
 */
export { Prisma, PrismaClient };

/** The service's Postgres schema (the kit names it after the service). Raw SQL qualifies tables with it. */
export const COMMITTEES_SCHEMA = 'committees';

/** A transaction handle: what repositories take to join a transaction, and what runtime.emit writes to. */
export type Tx = Prisma.TransactionClient;
/** Either the client or a transaction. */
export type Db = PrismaClient | Tx;

/** `"committees"."<table>"` for raw SQL. */
export function table(name: string): Prisma.Sql {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`Unsafe table name: ${name}`);
  return Prisma.raw(`"${COMMITTEES_SCHEMA}"."${name}"`);
}

/** True for a unique-key violation (P2002), the way Prisma reports it through the pg driver adapter. */
export function isUniqueViolation(err: unknown): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuid columns: anything else can never match, and would make Postgres fail the query. */
export function isUuid(value: string | null | undefined): value is string {
  return !!value && UUID.test(value);
}
