import {
  AppError,
  can,
  canAny,
  isAdmin,
  MEETING_VISIBILITY_OPEN,
  type TRequestContext,
} from '@gavel/contracts';
import type { MeetingRow, MembershipRow } from './meeting.repository.js';

export const FORBIDDEN = 'This action is unauthorized.';
export const MEETING_NOT_FOUND = 'Meeting not found.';

export function requireUser(ctx: TRequestContext): string {
  if (!ctx.userId) throw new AppError('unauthenticated', 'Unauthenticated.');
  return ctx.userId;
}

export function requirePermission(ok: boolean): void {
  if (!ok) throw new AppError('forbidden', FORBIDDEN);
}

/** Staff: full attendee fields, attendance changes ('modify meeting attendance'). */
export const isStaff = (ctx: TRequestContext) => can(ctx, 'modify meeting attendance');
/** Runner: start/end, voting status ('run meetings'). */
export const isRunner = (ctx: TRequestContext) => can(ctx, 'run meetings');

/**
 * Who may view a committee's meeting-area pages (an email vote's page and its member list): admins;
 * holders of 'view any meeting' or of a meeting-staff permission (run meetings, modify meeting attendance
 * or rsvps, update meetings); and committee members (appointment not declined).
 */
export function canViewCommittee(ctx: TRequestContext, membership: MembershipRow | null): boolean {
  if (!ctx.userId) return false;
  if (isAdmin(ctx)) return true;
  if (
    canAny(
      ctx,
      'view any meeting',
      'run meetings',
      'modify meeting attendance',
      'modify meeting rsvps',
      'update meetings',
    )
  )
    return true;
  return !!membership;
}

/**
 * Who may view a meeting (its page, retrieve calls, join link, calendar, realtime channel): whoever may
 * view its committee (above); non-members added to the meeting (an RSVP or attendee row); and, for an open
 * meeting, every signed-in user of the tenant.
 */
export function canViewMeeting(
  ctx: TRequestContext,
  meeting: MeetingRow,
  membership: MembershipRow | null,
  participant: boolean,
): boolean {
  if (!ctx.userId) return false;
  if (canViewCommittee(ctx, membership) || participant) return true;
  return meeting.visibility === MEETING_VISIBILITY_OPEN;
}
