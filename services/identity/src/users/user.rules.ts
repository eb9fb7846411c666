import {
  ADMIN_ROLES,
  isGlobalAdmin,
  isSiteAdmin,
  type Principal,
  ROLE_GLOBAL_ADMIN,
  ROLE_SITE_ADMIN,
  type TUserListInput,
} from '@gavel/contracts';

/** Emails are stored and compared lowercase. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Optional text: blank becomes null; undefined stays undefined (leave the column alone). */
export function blankToNull(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** Escapes LIKE/ILIKE wildcards so user input matches literally (used with ESCAPE '\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%text%` for a case-insensitive substring match. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** `text%` for a case-insensitive prefix match. */
export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

export interface UserSearchCriteria {
  nrds?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  /** Words of a free-text query; each must match one of the search fields. */
  words?: string[];
}

/** The non-empty criteria of a search, or null when none was given. */
export function searchCriteria(input: TUserListInput): UserSearchCriteria | null {
  const pick = (v: string | null | undefined) => (v?.trim() ? v.trim() : undefined);
  const criteria: UserSearchCriteria = {
    nrds: pick(input.nrds),
    firstName: pick(input.first_name),
    lastName: pick(input.last_name),
    email: pick(input.email),
    words: input.query?.trim() ? input.query.trim().split(/\s+/) : undefined,
  };
  return Object.values(criteria).some((v) => v !== undefined) ? criteria : null;
}

/** The free-text query to rank matches by (lowercase, words single-spaced), or null without one. */
export function rankingText(criteria: UserSearchCriteria): string | null {
  return criteria.words?.length ? criteria.words.join(' ').toLowerCase() : null;
}

/** Role names without duplicates, in the order given. */
export function uniqueNames(names: readonly string[]): string[] {
  return [...new Set(names.map((n) => n.trim()).filter((n) => n !== ''))];
}

/**
 * Why `actor` may not change the roles of user `targetId` from `current` to `next`, or null when allowed:
 * only a global admin grants or removes 'global admin'; only a site admin (or global admin) grants or
 * removes 'site admin'; nobody removes an admin role of their own (the last global admin would lock the
 * association out; another admin can do it).
 */
export function roleChangeProblem(
  actor: Principal,
  targetId: string,
  current: readonly string[],
  next: readonly string[],
): string | null {
  const removed = current.filter((r) => !next.includes(r));
  const changed = new Set([...removed, ...next.filter((r) => !current.includes(r))]);
  const ownAdminRole = actor.userId === targetId && removed.find((r) => ADMIN_ROLES.includes(r));
  if (ownAdminRole) {
    return `You cannot remove your own ${ownAdminRole} role. Another admin can.`;
  }
  if (changed.has(ROLE_GLOBAL_ADMIN) && !isGlobalAdmin(actor)) {
    return 'Only a global admin may grant or remove the global admin role.';
  }
  if (changed.has(ROLE_SITE_ADMIN) && !isSiteAdmin(actor)) {
    return 'Only a site admin may grant or remove the site admin role.';
  }
  return null;
}

/**
 * Why `actor` may not edit a user holding `targetRoles`, or null when allowed: an admin cannot edit
 * someone with more power (changing their email would let the admin take the account over).
 */
export function editTargetProblem(actor: Principal, targetRoles: readonly string[]): string | null {
  if (targetRoles.includes(ROLE_GLOBAL_ADMIN) && !isGlobalAdmin(actor)) {
    return 'Only a global admin may edit a global admin.';
  }
  if (targetRoles.includes(ROLE_SITE_ADMIN) && !isSiteAdmin(actor)) {
    return 'Only a site admin may edit a site admin.';
  }
  return null;
}
