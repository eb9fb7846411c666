import { isUuid, PRISMA, table } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { type Db, IDENTITY_SCHEMA, Prisma, type PrismaClient } from '../db/prisma.js';
import type { RoleRow, UserRow } from './user.mapper.js';
import { containsPattern, prefixPattern, rankingText, type UserSearchCriteria } from './user.rules.js';

/** The user search fields of the spec (section 3), plus the displayed first name people go by. */
const SEARCH_FIELDS = [
  'first_name',
  'displayed_first_name',
  'last_name',
  'nickname',
  'email',
  'nrds',
  'username',
  'external_id',
];

/** A user's full name in each form people may type it: first, displayed first or nickname, then last. */
const FULL_NAMES = [
  "first_name || ' ' || last_name",
  "displayed_first_name || ' ' || last_name",
  "nickname || ' ' || last_name",
];

/**
 * 0 for an exact match of the whole query (email or its part before the @, username, NRDS, full name),
 * 1 for a field or full name starting with it, 2 otherwise: a typeahead lists the user typed in full first.
 */
function matchRank(text: string): Prisma.Sql {
  const exactColumns = ['email', "split_part(email, '@', 1)", 'username', 'nrds', ...FULL_NAMES];
  const exact = exactColumns.map((column) => Prisma.sql`lower(${Prisma.raw(column)}) = ${text}`);
  const prefix = [...SEARCH_FIELDS, ...FULL_NAMES].map(
    (column) => Prisma.sql`${Prisma.raw(column)} ILIKE ${prefixPattern(text)} ESCAPE '\\'`,
  );
  return Prisma.sql`CASE WHEN ${Prisma.join(exact, ' OR ')} THEN 0 WHEN ${Prisma.join(prefix, ' OR ')} THEN 1 ELSE 2 END`;
}

/** The columns replies are built from: an explicit pick, so a new column never leaks. */
const USER_COLUMNS = {
  id: true,
  nrds: true,
  firstName: true,
  lastName: true,
  displayedFirstName: true,
  nickname: true,
  email: true,
  username: true,
  phone: true,
  verifiedPhone: true,
  profileImageUrl: true,
  externalId: true,
} as const satisfies Prisma.UserSelect;

/** The same columns for raw SQL, aliased to the row's field names. */
const USER_SQL_COLUMNS = Prisma.raw(
  [
    'id::text AS "id"',
    'nrds',
    'first_name AS "firstName"',
    'last_name AS "lastName"',
    'displayed_first_name AS "displayedFirstName"',
    'nickname',
    'email',
    'username',
    'phone',
    'verified_phone AS "verifiedPhone"',
    'profile_image_url AS "profileImageUrl"',
    'external_id AS "externalId"',
  ].join(', '),
);

/** A user with what they may do: their roles (with permissions) and direct permissions. */
export interface UserAccess {
  user: UserRow;
  roles: RoleRow[];
  direct: string[];
}

export interface NewUser {
  firstName: string;
  lastName: string;
  /** Lowercase. */
  email: string;
  passwordHash: string | null;
  nrds?: string | null;
  displayedFirstName?: string | null;
  nickname?: string | null;
  username?: string | null;
  phone?: string | null;
  externalId?: string | null;
  profileImageUrl?: string | null;
}

export interface UserChanges {
  firstName: string;
  lastName: string;
  /** Lowercase. */
  email: string;
  /** undefined leaves the column as it is. */
  displayedFirstName?: string | null;
  nickname?: string | null;
}

@Injectable()
export class UserRepository {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  /**
   * A user with their roles (with permissions) and direct permissions, in one SQL statement: the gateway
   * and realtime ask this for every session's principal (a hall opening the meeting page at once), and a
   * nested Prisma select spent about 2.5 times the CPU building and joining its four queries.
   */
  async findAccess(tenantId: string, id: string, db: Db = this.prisma): Promise<UserAccess | null> {
    if (!isUuid(tenantId) || !isUuid(id)) return null;
    const rows = await db.$queryRaw<(UserRow & { roles: RoleRow[]; direct: string[] })[]>`
      SELECT ${USER_SQL_COLUMNS},
        COALESCE((
          SELECT json_agg(json_build_object(
            'id', r.id,
            'name', r.name,
            'permissions', COALESCE((
              SELECT json_agg(rp.permission) FROM ${table(IDENTITY_SCHEMA, 'role_permissions')} rp
              WHERE rp.tenant_id = r.tenant_id AND rp.role_id = r.id
            ), '[]'::json)
          ))
          FROM ${table(IDENTITY_SCHEMA, 'user_roles')} ur
          JOIN ${table(IDENTITY_SCHEMA, 'roles')} r ON r.tenant_id = ur.tenant_id AND r.id = ur.role_id
          WHERE ur.tenant_id = u.tenant_id AND ur.user_id = u.id
        ), '[]'::json) AS roles,
        COALESCE((
          SELECT json_agg(up.permission) FROM ${table(IDENTITY_SCHEMA, 'user_permissions')} up
          WHERE up.tenant_id = u.tenant_id AND up.user_id = u.id
        ), '[]'::json) AS direct
      FROM ${table(IDENTITY_SCHEMA, 'users')} u
      WHERE u.tenant_id = ${tenantId}::uuid AND u.id = ${id}::uuid`;
    const found = rows[0];
    if (!found) return null;
    const { roles, direct, ...user } = found;
    return { user, roles: roles.sort((x, y) => x.name.localeCompare(y.name)), direct };
  }

  /** What login needs: the id and password hash of the user with this (lowercase) email. */
  async findCredentials(
    tenantId: string,
    email: string,
  ): Promise<{ id: string; passwordHash: string | null } | null> {
    if (!isUuid(tenantId)) return null;
    return this.prisma.user.findUnique({
      where: { tenantId_email: { tenantId, email } },
      select: { id: true, passwordHash: true },
    });
  }

  async findIdByEmail(tenantId: string, email: string, db: Db = this.prisma): Promise<string | null> {
    if (!isUuid(tenantId)) return null;
    const found = await db.user.findUnique({
      where: { tenantId_email: { tenantId, email } },
      select: { id: true },
    });
    return found?.id ?? null;
  }

  /**
   * Case-insensitive substring search over the given criteria (all must match), sorted by last and first
   * name; a free-text query ranks exact matches first, then prefix matches (see matchRank). Wildcards in
   * the input match literally. The first-name criterion also matches the displayed first name and the
   * nickname, which is what people know each other by.
   */
  async search(tenantId: string, criteria: UserSearchCriteria, limit: number): Promise<UserRow[]> {
    if (!isUuid(tenantId)) return [];
    const ilike = (column: string, text: string) =>
      Prisma.sql`${Prisma.raw(column)} ILIKE ${containsPattern(text)} ESCAPE '\\'`;
    const conditions: Prisma.Sql[] = [Prisma.sql`tenant_id = ${tenantId}::uuid`];
    if (criteria.nrds) conditions.push(ilike('nrds', criteria.nrds));
    if (criteria.firstName) {
      const f = criteria.firstName;
      conditions.push(
        Prisma.sql`(${ilike('first_name', f)} OR ${ilike('displayed_first_name', f)} OR ${ilike('nickname', f)})`,
      );
    }
    if (criteria.lastName) conditions.push(ilike('last_name', criteria.lastName));
    if (criteria.email) conditions.push(ilike('email', criteria.email));
    for (const word of criteria.words ?? []) {
      const anyField = SEARCH_FIELDS.map((column) => ilike(column, word));
      conditions.push(Prisma.sql`(${Prisma.join(anyField, ' OR ')})`);
    }
    const ranking = rankingText(criteria);
    const byName = Prisma.sql`lower(last_name), lower(first_name), id`;
    const order = ranking === null ? byName : Prisma.sql`${matchRank(ranking)}, ${byName}`;
    return this.prisma.$queryRaw<UserRow[]>`
      SELECT ${USER_SQL_COLUMNS} FROM ${table(IDENTITY_SCHEMA, 'users')}
      WHERE ${Prisma.join(conditions, ' AND ')}
      ORDER BY ${order}
      LIMIT ${limit}`;
  }

  create(tenantId: string, user: NewUser, db: Db = this.prisma): Promise<UserRow> {
    return db.user.create({ data: { tenantId, ...user }, select: USER_COLUMNS });
  }

  update(tenantId: string, id: string, changes: UserChanges, db: Db = this.prisma): Promise<UserRow> {
    return db.user.update({ where: { tenantId_id: { tenantId, id } }, data: changes, select: USER_COLUMNS });
  }

  /** Locks the user's row until the transaction ends, so concurrent edits apply one after the other. */
  async lock(tenantId: string, id: string, db: Db): Promise<void> {
    if (!isUuid(tenantId) || !isUuid(id)) return;
    await db.$executeRaw`SELECT 1 FROM ${table(IDENTITY_SCHEMA, 'users')} WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid FOR UPDATE`;
  }

  /** Replaces the user's roles with exactly these. */
  async setRoles(tenantId: string, userId: string, roleIds: readonly string[], db: Db): Promise<void> {
    await db.userRole.deleteMany({ where: { tenantId, userId, roleId: { notIn: [...roleIds] } } });
    await db.userRole.createMany({
      data: roleIds.map((roleId) => ({ tenantId, userId, roleId })),
      skipDuplicates: true,
    });
  }

  async addPermissions(
    tenantId: string,
    userId: string,
    permissions: readonly string[],
    db: Db = this.prisma,
  ): Promise<void> {
    if (permissions.length === 0) return;
    await db.userPermission.createMany({
      data: permissions.map((permission) => ({ tenantId, userId, permission })),
      skipDuplicates: true,
    });
  }
}
