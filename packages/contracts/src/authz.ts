import {
  PERMISSIONS,
  type Permission,
  ROLE_ADMIN,
  ROLE_GLOBAL_ADMIN,
  ROLE_SITE_ADMIN,
} from './permissions.js';

/**
 * Who is asking: role names and the permissions held directly or through roles.
 * The one permission model of the product (spec section 6), used by every service and the web app.
 */
export interface Principal {
  userId: string | null;
  roles: readonly string[];
  permissions: readonly string[];
}

export function isGlobalAdmin(p: Principal | null | undefined): boolean {
  return !!p?.roles.includes(ROLE_GLOBAL_ADMIN);
}

/** 'global admin' counts as site admin. */
export function isSiteAdmin(p: Principal | null | undefined): boolean {
  return isGlobalAdmin(p) || !!p?.roles.includes(ROLE_SITE_ADMIN);
}

/** 'global admin' and 'site admin' count as admin. */
export function isAdmin(p: Principal | null | undefined): boolean {
  return isSiteAdmin(p) || !!p?.roles.includes(ROLE_ADMIN);
}

function holds(p: Principal, permission: Permission): boolean {
  return p.permissions.includes(permission);
}

/** True when the principal holds every named permission ('global admin' passes every check). */
export function can(p: Principal | null | undefined, ...permissions: Permission[]): boolean {
  if (!p) return false;
  if (isGlobalAdmin(p)) return true;
  return permissions.every((permission) => holds(p, permission));
}

/** True when the principal holds at least one of the named permissions ('global admin' passes every check). */
export function canAny(p: Principal | null | undefined, ...permissions: Permission[]): boolean {
  if (!p) return false;
  if (isGlobalAdmin(p)) return true;
  return permissions.some((permission) => holds(p, permission));
}

/** Identity check: the principal is the user with the given id. */
export function isUser(p: Principal | null | undefined, userId: string | null | undefined): boolean {
  return !!p?.userId && !!userId && p.userId === userId;
}

/**
 * Effective permission names of a user: the union of every role's list and the direct permissions;
 * for a global admin every permission name.
 */
export function effectivePermissions(
  roles: readonly { name: string; permissions: readonly string[] }[],
  direct: readonly string[],
): Permission[] {
  if (roles.some((r) => r.name === ROLE_GLOBAL_ADMIN)) return [...PERMISSIONS];
  const held = new Set<string>(direct);
  for (const role of roles) for (const name of role.permissions) held.add(name);
  return PERMISSIONS.filter((name) => held.has(name));
}
