import { isUuid, PRISMA } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { Db, PrismaClient } from '../db/prisma.js';
import type { TenantRow } from './tenant.mapper.js';

const TENANT_COLUMNS = {
  id: true,
  name: true,
  usesNicknames: true,
  defaultFromName: true,
  company: true,
  abstainLabel: true,
  hideAbstain: true,
  showVoteProgress: true,
  defaultResultVisibility: true,
  timeZone: true,
} as const;

export interface NewTenant {
  name: string;
  usesNicknames?: boolean;
  defaultFromName?: string | null;
  company?: string | null;
  voting?: Partial<
    Pick<TenantRow, 'abstainLabel' | 'hideAbstain' | 'showVoteProgress' | 'defaultResultVisibility'>
  >;
  /** Lowercase host names. */
  domains?: string[];
}

@Injectable()
export class TenantRepository {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  async findById(id: string, db: Db = this.prisma): Promise<TenantRow | null> {
    if (!isUuid(id)) return null;
    return db.tenant.findUnique({ where: { id }, select: TENANT_COLUMNS });
  }

  /** The tenant served on a (lowercase) host name. */
  async findByDomain(domain: string, db: Db = this.prisma): Promise<TenantRow | null> {
    const found = await db.tenantDomain.findUnique({
      where: { domain },
      select: { tenant: { select: TENANT_COLUMNS } },
    });
    return found?.tenant ?? null;
  }

  create(tenant: NewTenant, db: Db = this.prisma): Promise<TenantRow> {
    return db.tenant.create({
      data: {
        name: tenant.name,
        usesNicknames: tenant.usesNicknames ?? false,
        defaultFromName: tenant.defaultFromName ?? null,
        company: tenant.company ?? null,
        ...tenant.voting,
        domains: { create: (tenant.domains ?? []).map((domain) => ({ domain })) },
      },
      select: TENANT_COLUMNS,
    });
  }

  /** Adds host names to a tenant; ones it already has are left alone. */
  async addDomains(tenantId: string, domains: string[], db: Db = this.prisma): Promise<number> {
    const { count } = await db.tenantDomain.createMany({
      data: domains.map((domain) => ({ tenantId, domain })),
      skipDuplicates: true,
    });
    return count;
  }
}
