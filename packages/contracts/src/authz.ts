import { AppError } from './errors.js';
import { MEETING_VISIBILITY_OPEN } from './meetings.js';
import {
  COMMITTEE_LIST_PERMISSIONS,
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

/** The roles that make their holder an admin (who manages users). Nobody removes one of their own. */
export const ADMIN_ROLES: readonly string[] = [ROLE_GLOBAL_ADMIN, ROLE_SITE_ADMIN, ROLE_ADMIN];

function holds(p: Principal, permission: Permission): boolean {
  return p.permissions.includes(permission);
}

/** A refusal for lack of permission, in the product's words. */
export const FORBIDDEN_MESSAGE = 'This action is unauthorized.';

/** The caller's user id; a call without a signed-in user is refused as unauthenticated. */
export function requireUser(ctx: { userId?: string | null | undefined }): string {
  if (!ctx.userId) throw new AppError('unauthenticated', 'Unauthenticated.');
  return ctx.userId;
}

/** Refuses the call (forbidden) unless it is allowed. */
export function requirePermission(allowed: boolean, message = FORBIDDEN_MESSAGE): void {
  if (!allowed) throw new AppError('forbidden', message);
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

/** A committee's admin page and its members: 'edit committees' or a permission that lists committees. */
export function canViewCommittee(p: Principal | null | undefined): boolean {
  return canAny(p, 'edit committees', ...COMMITTEE_LIST_PERMISSIONS);
}

/** Permissions that open every committee's meetings: 'view any meeting' and the meeting staff's. */
const MEETING_VIEW_PERMISSIONS: Permission[] = [
  'view any meeting',
  'run meetings',
  'modify meeting attendance',
  'modify meeting rsvps',
  'update meetings',
];

/** Email votes open to the same, and to 'create email vote' (its holders get Edit Vote and Committee Admin there). */
const EMAIL_VOTE_VIEW_PERMISSIONS: Permission[] = [...MEETING_VIEW_PERMISSIONS, 'create email vote'];

function isMemberOrHolder(p: Principal, who: { member: boolean }, permissions: Permission[]): boolean {
  return isAdmin(p) || canAny(p, ...permissions) || who.member;
}

/**
 * Who may view a committee's email votes (the vote page, its motions and member list): admins, holders of
 * an email-vote permission above, and the committee's members (appointment not declined).
 */
export function canViewEmailVote(p: Principal | null | undefined, who: { member: boolean }): boolean {
  if (!p?.userId) return false;
  return isMemberOrHolder(p, who, EMAIL_VOTE_VIEW_PERMISSIONS);
}

/**
 * Who may view a meeting (its page, motions, attendance, join link, calendar, realtime channel): admins,
 * holders of a meeting permission above, the committee's members, non-members added to it (an RSVP or
 * attendee row) and, for an open meeting, every signed-in user of the association.
 */
export function canViewMeeting(
  p: Principal | null | undefined,
  meeting: { visibility: string },
  who: { member: boolean; participant: boolean },
): boolean {
  if (!p?.userId) return false;
  return (
    isMemberOrHolder(p, who, MEETING_VIEW_PERMISSIONS) ||
    who.participant ||
    meeting.visibility === MEETING_VISIBILITY_OPEN
  );
}
