/**
 * Every permission name used by the product (section 6 of both spec documents).
 * Names are the exact strings the spec uses; roles and users hold them by name.
 */
export const PERMISSIONS = [
  // admin and account area
  'modify appointment acceptances',
  'modify policy acceptances',
  'create committees',
  'edit committees',
  'committee messaging',
  'create meetings',
  'update meetings',
  'delete meetings',
  'view any meeting',
  'modify policies',
  'manage committee dashboard',
  'modify email from name',
  'modify meeting attendance',
  'run meetings',
  // meeting and voting area
  'update motions',
  'create motions',
  'delete motions',
  'create resources',
  'edit resources',
  'delete resources',
  'modify meeting rsvps',
  'create email vote',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export function isPermission(name: string): name is Permission {
  return (PERMISSIONS as readonly string[]).includes(name);
}

/** The built-in roles; tenants may define more. */
export const ROLE_GLOBAL_ADMIN = 'global admin';
export const ROLE_SITE_ADMIN = 'site admin';
export const ROLE_ADMIN = 'admin';
export const BUILT_IN_ROLES = [ROLE_GLOBAL_ADMIN, ROLE_SITE_ADMIN, ROLE_ADMIN] as const;

/**
 * Besides an admin role, any one of these lets a user search users: the people who add members to
 * committees and attendees to meetings (the add non-committee member dialog uses the same search).
 */
export const USER_SEARCH_PERMISSIONS: readonly Permission[] = [
  'modify meeting attendance',
  'modify meeting rsvps',
  'edit committees',
  'create committees',
];

/** The six permissions of which any one shows the committees list on the admin home. */
export const COMMITTEE_LIST_PERMISSIONS: readonly Permission[] = [
  'edit committees',
  'committee messaging',
  'create meetings',
  'update meetings',
  'delete meetings',
  'view any meeting',
];
