import { AppError, type TRequestContext, type TVotingSettings } from '@gavel/contracts';
import { ServiceRuntime, TenantResolver } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';

/** How long a runner's action waits for identity before it gives up (the answer is then cached 30 s). */
const IDENTITY_TIMEOUT_MS = 5_000;

/**
 * The association's vote wording and motion default, from identity (a NATS request off the cast path,
 * cached): motion creation takes its default result visibility, a new ballot leaves abstain out when the
 * association hides it.
 */
@Injectable()
export class VotingSettings {
  private readonly tenants: TenantResolver;

  constructor(@Inject(ServiceRuntime) runtime: Pick<ServiceRuntime, 'nc' | 'prefix'>) {
    this.tenants = new TenantResolver({
      nc: runtime.nc,
      prefix: runtime.prefix,
      timeoutMs: IDENTITY_TIMEOUT_MS,
    });
  }

  async of(ctx: TRequestContext): Promise<TVotingSettings> {
    const tenant = await this.tenants.byId(ctx.tenantId, ctx.requestId);
    if (!tenant) throw new AppError('not_found', 'This association was not found.');
    return tenant.voting;
  }
}

/** What the services read the settings through (the seed may hand over its own lookup). */
export type VotingSettingsSource = Pick<VotingSettings, 'of'>;
