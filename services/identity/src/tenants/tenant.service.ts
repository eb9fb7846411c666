import type { TTenant } from '@gavel/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { normalizeHost, toTenant } from './tenant.mapper.js';
import { type NewTenant, TenantRepository } from './tenant.repository.js';

@Injectable()
export class TenantService {
  constructor(@Inject(TenantRepository) private readonly tenants: TenantRepository) {}

  /** The tenant served on `host` (port already stripped by the caller), or null. */
  async resolve(host: string): Promise<TTenant | null> {
    const row = await this.tenants.findByDomain(normalizeHost(host));
    return row ? toTenant(row) : null;
  }

  async get(id: string): Promise<TTenant | null> {
    const row = await this.tenants.findById(id);
    return row ? toTenant(row) : null;
  }

  /** Creates a tenant with its host names (seed and tests; there is no NATS call for it yet). */
  async create(tenant: NewTenant): Promise<TTenant> {
    const row = await this.tenants.create({ ...tenant, domains: (tenant.domains ?? []).map(normalizeHost) });
    return toTenant(row);
  }

  /** Adds host names to a tenant (those it has already are skipped); answers how many were added. */
  addDomains(tenantId: string, domains: string[]): Promise<number> {
    return this.tenants.addDomains(tenantId, domains.map(normalizeHost));
  }
}
