import {
  BUILT_IN_ROLES,
  type Permission,
  SUBJECTS,
  type TRequestContext,
  type TTenant,
  type TUser,
  ZPrincipalReply,
} from '@gavel/contracts';
import { type ServiceHarness, startServiceHarness } from '@gavel/service-kit/testing';
import { uniqueName } from '@gavel/test-kit';
import { createIdentityServices, type IdentityServices } from '../src/identity.services.js';
import { type RunningIdentity, startIdentity } from '../src/start.js';
import type { TCreateUserInput } from '../src/users/user.schemas.js';

/**
 * One running identity service per test file, on its own database and subject prefix, called through
 * NATS the way the gateway calls it; plus factories that create just the rows a test needs.
 */

// The kit's, re-exported so the tests keep importing them from here.
export { outboxDrained, streamEvents } from '@gavel/service-kit/testing';

export const PASSWORD = 'correct horse battery staple';

export interface Harness extends ServiceHarness<RunningIdentity> {
  /** The service classes on the service's own database (for factories). */
  services: IdentityServices;
}

export async function startHarness(): Promise<Harness> {
  const h = await startServiceHarness(startIdentity, { client: 'identity-test-client' });
  // Added to the kit's harness itself, not a copy: its restart() and stop() work on that object.
  return Object.assign(h, { services: createIdentityServices(h.service.runtime.prisma, h.service.runtime) });
}

/** A request context as the gateway builds it; anonymous unless a principal is given. */
export function ctx(
  tenantId: string,
  principal: { userId?: string | null; roles?: string[]; permissions?: string[] } = {},
): TRequestContext {
  return {
    requestId: uniqueName('req'),
    tenantId,
    userId: principal.userId ?? null,
    roles: principal.roles ?? [],
    permissions: principal.permissions ?? [],
  };
}

/** The context of a signed-in user, from the service's own principal lookup (what the gateway does). */
export async function ctxAs(h: Harness, tenantId: string, userId: string): Promise<TRequestContext> {
  const principal = await h.call(SUBJECTS.identity.principalGet, ctx(tenantId), { userId }, ZPrincipalReply);
  if (!principal) throw new Error(`no principal for ${userId}`);
  return ctx(tenantId, principal);
}

/** A tenant on a unique host name, with the built-in roles. */
export async function newTenant(
  h: Harness,
  name = 'Test Association',
): Promise<TTenant & { domain: string }> {
  const domain = `${uniqueName('host')}.example.test`;
  const tenant = await h.services.tenants.create({ name, domains: [domain] });
  for (const role of BUILT_IN_ROLES) await h.services.roles.ensure(tenant.id, role);
  return { ...tenant, domain };
}

export async function newRole(h: Harness, tenantId: string, name: string, permissions: Permission[]) {
  return (await h.services.roles.ensure(tenantId, name, permissions)).role;
}

/** A user with a unique email and the test password (pass `password: null` for none). */
export function newUser(
  h: Harness,
  tenantId: string,
  overrides: Partial<TCreateUserInput> = {},
): Promise<TUser> {
  return h.services.users.create(tenantId, {
    first_name: 'Test',
    last_name: 'User',
    email: `${uniqueName('user')}@example.test`,
    password: PASSWORD,
    ...overrides,
  });
}

/** A user holding the given roles, and their request context. */
export async function signedIn(
  h: Harness,
  tenantId: string,
  overrides: Partial<TCreateUserInput> = {},
): Promise<{ user: TUser; ctx: TRequestContext }> {
  const user = await newUser(h, tenantId, { password: null, ...overrides });
  return { user, ctx: await ctxAs(h, tenantId, user.id) };
}
