import { COMMITTEE_LIST_PERMISSIONS, canAny, type Permission, type Principal } from '@gavel/contracts';

/** The admin home's committees card (spec section 6): 'create committees' or a committee-list permission. */
export const COMMITTEES_CARD_PERMISSIONS: readonly Permission[] = [
  'create committees',
  ...COMMITTEE_LIST_PERMISSIONS,
];

/** The appointments dashboard: the gateway's rule for GET /api/admin/appointments/dashboard/{year}. */
export const APPOINTMENTS_PERMISSIONS: readonly Permission[] = [
  'modify appointment acceptances',
  ...COMMITTEE_LIST_PERMISSIONS,
];

/** Shown on /admin (and the appointments dashboard) to someone without any admin permission. */
export const ADMIN_FORBIDDEN = 'You do not have permission to use the admin area.';

export function mayOpenAppointments(principal: Principal): boolean {
  return canAny(principal, ...APPOINTMENTS_PERMISSIONS);
}

/**
 * The one rule for every entry point to the admin area (the sidebar's Admin item, the member home's
 * Admin button, the 404 page, /admin itself): the user holds a permission that gives /admin something
 * to show, the committees card or the Appointments link. A role named 'admin' alone passes no permission
 * check (spec section 6), so it does not count.
 */
export function maySeeAdminArea(principal: Principal): boolean {
  return canAny(principal, ...COMMITTEES_CARD_PERMISSIONS, ...APPOINTMENTS_PERMISSIONS);
}
