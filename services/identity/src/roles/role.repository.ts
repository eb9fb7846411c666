import { PRISMA } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { type Db, Prisma, type PrismaClient } from '../db/prisma.js';
import type { RoleRow } from '../users/user.mapper.js';

const ROLE_COLUMNS = {
  id: true,
  name: true,
  permissions: { select: { permission: true }, orderBy: { permission: 'asc' } },
} as const satisfies Prisma.RoleSelect;

type RoleRecord = Prisma.RoleGetPayload<{ select: typeof ROLE_COLUMNS }>;

function toRow(r: RoleRecord): RoleRow {
  return { id: r.id, name: r.name, permissions: r.permissions.map((p) => p.permission) };
}

@Injectable()
export class RoleRepository {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  /** Every role of the tenant with its permissions, by name. */
  async list(tenantId: string, db: Db = this.prisma): Promise<RoleRow[]> {
    const roles = await db.role.findMany({
      where: { tenantId },
      select: ROLE_COLUMNS,
      orderBy: { name: 'asc' },
    });
    return roles.map(toRow);
  }

  /** Creates the role when missing and adds the permissions it lacks; existing grants stay. */
  async ensure(
    tenantId: string,
    name: string,
    permissions: readonly string[],
    db: Db = this.prisma,
  ): Promise<{ role: RoleRow; created: boolean; permissionsAdded: number }> {
    const existing = await db.role.findUnique({
      where: { tenantId_name: { tenantId, name } },
      select: { id: true },
    });
    const id = existing?.id ?? (await db.role.create({ data: { tenantId, name }, select: { id: true } })).id;
    const { count } = await db.rolePermission.createMany({
      data: permissions.map((permission) => ({ tenantId, roleId: id, permission })),
      skipDuplicates: true,
    });
    const role = await db.role.findUniqueOrThrow({
      where: { tenantId_id: { tenantId, id } },
      select: ROLE_COLUMNS,
    });
    return { role: toRow(role), created: !existing, permissionsAdded: count };
  }
}
