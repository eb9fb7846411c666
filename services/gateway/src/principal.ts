import { SUBJECTS, type TPrincipalReply, type TRequestContext, ZPrincipalReply } from '@gavel/contracts';
import { callService } from '@gavel/service-kit';
import type { NatsConnection } from '@nats-io/transport-node';
import { TtlCache } from './cache.js';

export interface PrincipalResolverOptions {
  nc: NatsConnection;
  prefix: string;
  timeoutMs: number;
  /** How long roles and permissions are kept in-process (a role change shows within this time). */
  ttlMs?: number;
}

/** userId → roles and effective permissions in a tenant, through identity, cached for 5 s. */
export class PrincipalResolver {
  private readonly cache: TtlCache<TPrincipalReply>;

  constructor(private readonly opts: PrincipalResolverOptions) {
    this.cache = new TtlCache(opts.ttlMs ?? 5_000);
  }

  get(tenantId: string, userId: string, requestId: string): Promise<TPrincipalReply> {
    return this.cache.getOrLoad(`${tenantId}:${userId}`, () => {
      const ctx: TRequestContext = { requestId, tenantId, userId: null, roles: [], permissions: [] };
      return callService(this.opts.nc, SUBJECTS.identity.principalGet, ctx, { userId }, ZPrincipalReply, {
        prefix: this.opts.prefix,
        timeoutMs: this.opts.timeoutMs,
      });
    });
  }

  forget(tenantId: string, userId: string): void {
    this.cache.delete(`${tenantId}:${userId}`);
  }
}
