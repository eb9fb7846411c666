import { randomUUID } from 'node:crypto';
import { ServiceRuntime, TenantResolver, TtlCache } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { MEETINGS_SETTINGS, type TMeetingsSettings } from '../config.js';

/** How long a lookup may wait for identity: it can run inside a transaction, so not long. */
const IDENTITY_TIMEOUT_MS = 1_000;
/** How long an association's zone (or the fallback after a failed lookup) is kept. */
const ZONE_TTL_MS = 30_000;

/**
 * The time zone of an association's meetings ("today" for Start Meeting, the member home and calendar
 * files): its own setting in identity, else the deployment's MEETINGS_TIME_ZONE. Associations of one
 * deployment may sit in different zones: an evening meeting in one is already tomorrow in another. A lookup
 * identity cannot answer falls back to the deployment's zone for a while rather than hold a request.
 */
@Injectable()
export class MeetingTimeZones {
  private readonly tenants: TenantResolver;
  private readonly zones = new TtlCache<string>(ZONE_TTL_MS);

  constructor(
    @Inject(ServiceRuntime) private readonly runtime: Pick<ServiceRuntime, 'nc' | 'prefix' | 'logger'>,
    @Inject(MEETINGS_SETTINGS) private readonly settings: TMeetingsSettings,
  ) {
    this.tenants = new TenantResolver({
      nc: runtime.nc,
      prefix: runtime.prefix,
      timeoutMs: IDENTITY_TIMEOUT_MS,
      ttlMs: ZONE_TTL_MS,
    });
  }

  of(tenantId: string, requestId: string = randomUUID()): Promise<string> {
    return this.zones.getOrLoad(tenantId, async () => {
      try {
        const tenant = await this.tenants.byId(tenantId, requestId);
        return tenant?.time_zone ?? this.settings.MEETINGS_TIME_ZONE;
      } catch (err) {
        this.runtime.logger.warn(
          { err: err instanceof Error ? err.message : err, tenantId },
          "could not read the association's time zone; using MEETINGS_TIME_ZONE",
        );
        return this.settings.MEETINGS_TIME_ZONE;
      }
    });
  }
}
