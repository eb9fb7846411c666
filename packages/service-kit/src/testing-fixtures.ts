import { randomUUID } from 'node:crypto';
import {
  DEFAULT_VOTING_SETTINGS,
  type Permission,
  type TRequestContext,
  type TTenant,
  type TUserEvent,
} from '@gavel/contracts';
import { uniqueName } from '@gavel/test-kit';

/**
 * What other services say, built the way they say it, for a service's tests: a caller's context, identity's
 * tenants and announced users. A service's own read-model seeding stays in its test support.
 */

/** A signed-in user of `tenantId` holding the given permissions (or roles), as the gateway passes it. */
export function userCtx(
  tenantId: string,
  permissions: Permission[] = [],
  opts: { roles?: string[]; userId?: string } = {},
): TRequestContext {
  return {
    requestId: uniqueName('req'),
    tenantId,
    userId: opts.userId ?? randomUUID(),
    roles: opts.roles ?? [],
    permissions,
  };
}

/** Tenants live in identity; to every other service a tenant is just an id. */
export const newTenantId = (): string => randomUUID();

/** An association as identity answers it, with default settings unless given. */
export function fakeTenant(id: string, name: string, voting = DEFAULT_VOTING_SETTINGS): TTenant {
  return {
    id,
    name,
    uses_nicknames: false,
    default_from_name: null,
    company: null,
    time_zone: null,
    voting,
  };
}

/**
 * Two associations on their own hosts, as the fake identity of the gateway's and realtime's tests resolves
 * them: realtime's tests also go through a real gateway, so both must agree on them.
 */
export const ALPHA = fakeTenant('ten-alpha', 'Alpha Association');
export const BETA = fakeTenant('ten-beta', 'Beta Association');
export const HOSTS: Record<string, TTenant> = { 'alpha.test': ALPHA, 'beta.test': BETA };

/** A user as identity announces it (evt.identity.user.created): unique email, nrds and login unless given. */
export function announcedUser(overrides: Partial<TUserEvent['user']> = {}): TUserEvent['user'] {
  // name and displayed_first_name follow the names given, as identity derives them.
  const first = overrides.first_name ?? 'Test';
  const last = overrides.last_name ?? uniqueName('User');
  return {
    id: randomUUID(),
    nrds: uniqueName('nrds'),
    first_name: first,
    last_name: last,
    displayed_first_name: first,
    nickname: null,
    name: `${first} ${last}`,
    email: `${uniqueName('user')}@example.test`,
    username: uniqueName('login'),
    profile_display_url: null,
    ...overrides,
  };
}
