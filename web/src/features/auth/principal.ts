import type { Principal, TMe } from '@gavel/contracts';

/** The permission model's view of the signed-in user (for `can`, `canAny`, `isAdmin`, ...). */
export function principalOf(me: TMe): Principal {
  return { userId: me.user.id, roles: me.roles.map((role) => role.name), permissions: me.permissions };
}
