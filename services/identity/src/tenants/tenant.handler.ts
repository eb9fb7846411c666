import { SUBJECTS, type TTenant, ZTenantResolveInput } from '@gavel/contracts';
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
}
