import { randomUUID } from 'node:crypto';
import {
  ROLE_GLOBAL_ADMIN,
  SUBJECTS,
  type TCommittee,
  type TRequestContext,
  ZCommittee,
  ZTenantResolveReply,
  ZUserListReply,
} from '@gavel/contracts';
import type { NatsConnection } from '@nats-io/transport-node';
import { callService } from './nats.js';

/** What the demo seeds of later services (meetings, voting) build on: identity's and committees' seeds. */
export const DEMO_HOST = 'localhost';
export const DEMO_ADMIN_EMAIL = 'admin@demo.gavel.test';
export const DEMO_COMMITTEE_CODE = 'FIN';

export interface DemoCommittee {
  tenantId: string;
  /** The association's own time zone (null: the deployment's). */
  timeZone: string | null;
  committee: TCommittee;
  /** The demo admin's request context, for the seed's own calls. */
  admin: TRequestContext;
}

/**
 * Asks identity for the demo tenant and its admin, and committees for committee FIN. Committees answers
 * signed-in users only, so the seed acts as the demo admin.
 */
export async function fetchDemoCommittee(
  nc: NatsConnection,
  opts: { prefix: string; timeoutMs?: number },
): Promise<DemoCommittee> {
  const call = { prefix: opts.prefix, timeoutMs: opts.timeoutMs ?? 10_000 };
  const context = (over: Partial<TRequestContext>): TRequestContext => ({
    requestId: `seed-${randomUUID()}`,
    tenantId: '',
    userId: null,
    roles: [],
    permissions: [],
    ...over,
  });
  const tenant = await callService(
    nc,
    SUBJECTS.identity.tenantResolve,
    context({}),
    { host: DEMO_HOST },
    ZTenantResolveReply,
    call,
  );
  if (!tenant) throw new Error(`no tenant is served on ${DEMO_HOST}: run identity's seed first`);
  const asAdmin = { tenantId: tenant.id, roles: [ROLE_GLOBAL_ADMIN] };
  const [adminUser] = await callService(
    nc,
    SUBJECTS.identity.usersList,
    context(asAdmin),
    { email: DEMO_ADMIN_EMAIL },
    ZUserListReply,
    call,
  );
  if (!adminUser)
    throw new Error(`${DEMO_ADMIN_EMAIL} is not among identity's users: run identity's seed first`);
  const admin = context({ ...asAdmin, userId: adminUser.id });
  const committee = await callService(
    nc,
    SUBJECTS.committees.committeeGet,
    admin,
    { code: DEMO_COMMITTEE_CODE },
    ZCommittee,
    call,
  );
  return { tenantId: tenant.id, timeZone: tenant.time_zone, committee, admin };
}
