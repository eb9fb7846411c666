import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClientKnownRequestError, raw, type Sql } from '@prisma/client/runtime/client';

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

const SQL_NAME = /^[a-z_]+$/;

/**
 * `"<schema>"."<table>"` for raw SQL, as a Prisma SQL fragment (`${table(VOTING_SCHEMA, 'votes')}` in a
 * `$queryRaw` template). Both names are spliced in unescaped, so anything but lowercase letters and
 * underscores is refused.
 */
export function table(schema: string, name: string): Sql {
  if (!SQL_NAME.test(schema)) throw new Error(`Unsafe schema name: ${schema}`);
  if (!SQL_NAME.test(name)) throw new Error(`Unsafe table name: ${name}`);
  return raw(`"${schema}"."${name}"`);
}

/**
 * True for a unique-key violation (P2002), the way Prisma reports it through the pg driver adapter. The
 * services' generated clients share this runtime, so their errors are instances of its class.
 */
export function isUniqueViolation(err: unknown): boolean {
  return err instanceof PrismaClientKnownRequestError && err.code === 'P2002';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuid columns: anything else can never match, and would make Postgres fail the query. */
export function isUuid(value: string | null | undefined): value is string {
  return !!value && UUID.test(value);
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

/**
 * Takes a transaction-scoped advisory lock on `key`, held until commit: writers of the same key (a code
 * being taken, say) run one after the other, and each sees what the previous one committed.
 */
export async function lockKey(db: RawSql, key: string): Promise<void> {
  await db.$executeRawUnsafe('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', key);
}

/**
 * Locks one row of a tenant's table (`"schema".table`) until commit: FOR UPDATE for a change to it, FOR
 * KEY SHARE to hold it against such a change (and deletion) without making holders wait for each other.
 * False when the row is gone, as it is once a deletion this waited for commits.
 */
export async function lockRow(
  db: RawSql,
  table: string,
  tenantId: string,
  id: string,
  mode: 'UPDATE' | 'KEY SHARE',
): Promise<boolean> {
  const rows = await db.$queryRawUnsafe<unknown[]>(
    `SELECT 1 FROM ${table} WHERE tenant_id = $1::uuid AND id = $2::uuid FOR ${mode}`,
    tenantId,
    id,
  );
  return rows.length > 0;
}
