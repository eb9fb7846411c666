import {
  SUBJECTS,
  type TRequestContext,
  type TTenant,
  ZTenantGetInput,
  ZTenantResolveInput,
} from '@gavel/contracts';
import { Handle } from '@gavel/service-kit';
import { Controller, Inject } from '@nestjs/common';
import type { z } from 'zod';
import { TenantService } from './tenant.service.js';

@Controller()
export class TenantHandler {
  constructor(@Inject(TenantService) private readonly tenants: TenantService) {}

  @Handle(SUBJECTS.identity.tenantResolve, ZTenantResolveInput)
  resolve(input: z.infer<typeof ZTenantResolveInput>): Promise<TTenant | null> {
    return this.tenants.resolve(input.host);
  }

  @Handle(SUBJECTS.identity.tenantGet, ZTenantGetInput)
  get(_input: unknown, ctx: TRequestContext): Promise<TTenant | null> {
    return this.tenants.get(ctx.tenantId);
  }
}
