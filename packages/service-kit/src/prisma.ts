import { PrismaPg } from '@prisma/adapter-pg';

/**
 * A service's generated Prisma client on the `pg` driver adapter (no engine binary), pointed at the
 * service's own Postgres schema.
 */
export function createPrismaClient<T>(
  PrismaClient: new (options: { adapter: PrismaPg }) => T,
  opts: { connectionString: string; schema: string; poolSize?: number },
): T {
  const adapter = new PrismaPg(
    { connectionString: opts.connectionString, max: opts.poolSize ?? 10 },
    { schema: opts.schema },
  );
  return new PrismaClient({ adapter });
}

/** The little a kit helper needs of a Prisma client or transaction: raw SQL. */
export interface RawSql {
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

/**
 * A Prisma filter matching a code (committee, meeting, vote) case-insensitively and literally: Prisma
 * compares `mode: 'insensitive'` with ILIKE, where `%` and `_` are wildcards, so they are escaped here
 * (`/admin/committee/%` names no committee instead of the first one).
 */
export function sameCode(code: string) {
  return { equals: code.replace(/[\\%_]/g, '\\$&'), mode: 'insensitive' as const };
}
