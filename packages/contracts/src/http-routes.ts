import { z } from 'zod';
import * as committees from './committees.js';
import * as identity from './identity.js';
import { MEETING_ROUTES } from './meetings-routes.js';
import type { Permission } from './permissions.js';
import { COMMITTEE_LIST_PERMISSIONS, USER_SEARCH_PERMISSIONS } from './permissions.js';
import { SUBJECTS } from './subjects.js';
import { VOTING_ROUTES } from './voting-routes.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One JSON API route: the gateway forwards it to `subject` with the merged path params, query and body
 * as input, and the OpenAPI document is generated from the same entry.
 */
export interface HttpRoute {
  method: HttpMethod;
  /** Path under the site root in OpenAPI style: `/api/admin/users/{id}/edit`. */
  path: string;
  summary: string;
  tag: string;
  /** NATS subject the gateway forwards to; absent when the gateway answers itself. */
  subject?: string;
  /** 'public' needs no session; 'user' answers 401 without one. */
  auth: 'public' | 'user';
  /** Input the service receives (path params + query + body merged). */
  input?: z.ZodType;
  /** HTTP reply body. */
  reply: z.ZodType;
  /** The call signs someone in (service answers `{userId, body}`) or out. */
  session?: 'create' | 'destroy';
  /** Rate-limit bucket for calls that check a secret. */
  rateLimit?: 'login' | 'bypass';
  /** Permissions the service checks (documented in OpenAPI; enforced in the service). */
  permissions?: readonly Permission[];
  /** Whether the caller needs every one of `permissions` (the default) or any one of them. */
  permissionMode?: 'all' | 'any';
  /**
   * The service answers a file, `{filename, content_type, body}` (body as text, or base64 with
   * `encoding: 'base64'`), which the gateway serves with that Content-Type and a Content-Disposition.
   */
  file?: boolean;
  /**
   * A GET with side effects: the gateway requires X-Requested-With on it as on a mutating call. Another
   * site can send the browser to a GET (with the SameSite=Lax session cookie) but cannot add a header.
   */
  xhrOnly?: boolean;
  /**
   * The call uses up a one-time secret (a bypass code): the gateway sends the browser's attempt key with
   * it (ZBypassRedeemInput), so a retry of an attempt whose answer was lost gets that answer.
   */
  attemptKey?: boolean;
  /**
   * The service refuses (403) a caller without an admin role ('admin', or a site or global admin, who
   * count as one): a check no permission names, so `permissions` cannot say it. Documented in OpenAPI.
   */
  adminRole?: boolean;
  /**
   * The answer is personal data (who the user is, other users' details): sent with `no-store` and no
   * ETag, so the browser keeps no copy on disk after its user signs out. Other GETs carry an ETag and
   * `private, no-cache`, which the polled meeting and vote routes need for their 304s.
   */
  personal?: boolean;
}

const ZOk = z.object({ ok: z.literal(true) });

const CORE_ROUTES: readonly HttpRoute[] = [
  {
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in with email and password',
    tag: 'auth',
    subject: SUBJECTS.identity.login,
    auth: 'public',
    input: identity.ZLoginInput,
    reply: identity.ZMe,
    session: 'create',
    rateLimit: 'login',
  },
  {
    method: 'POST',
    path: '/api/auth/bypass',
    summary: 'Sign in with a one-time bypass code; answers where to go next',
    tag: 'auth',
    subject: SUBJECTS.identity.bypass,
    auth: 'public',
    input: identity.ZBypassInput,
    reply: identity.ZBypassBody,
    session: 'create',
    rateLimit: 'bypass',
    attemptKey: true,
  },
  {
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'Sign out: destroys the session',
    tag: 'auth',
    auth: 'public',
    reply: ZOk,
    session: 'destroy',
  },
  {
    method: 'GET',
    path: '/api/me',
    summary: 'The signed-in user, roles, effective permissions and tenant',
    tag: 'auth',
    subject: SUBJECTS.identity.me,
    auth: 'user',
    reply: identity.ZMe,
    personal: true,
  },
  {
    method: 'POST',
    path: '/api/admin/users/list',
    summary: 'Search users of the association (case-insensitive); admins, or any one of the permissions',
    tag: 'users',
    subject: SUBJECTS.identity.usersList,
    auth: 'user',
    permissions: USER_SEARCH_PERMISSIONS,
    permissionMode: 'any',
    input: identity.ZUserListInput,
    reply: identity.ZUserListReply,
    personal: true,
  },
  {
    method: 'GET',
    path: '/api/admin/users/{id}',
    summary: 'A user with their roles, for the user edit page',
    tag: 'users',
    subject: SUBJECTS.identity.usersGet,
    auth: 'user',
    input: identity.ZUserIdParams,
    reply: identity.ZUserEditView,
    // UserService.requireAdmin.
    adminRole: true,
    personal: true,
  },
  {
    method: 'PUT',
    path: '/api/admin/users/{id}',
    summary: "Change a user's names, email and roles",
    tag: 'users',
    subject: SUBJECTS.identity.usersUpdate,
    auth: 'user',
    input: identity.ZUserUpdateInput,
    reply: identity.ZUserEditView,
    adminRole: true,
    personal: true,
  },
  {
    method: 'GET',
    path: '/api/admin/years',
    summary: "The association's committee years, newest first",
    tag: 'committees',
    subject: SUBJECTS.committees.yearsList,
    auth: 'user',
    reply: committees.ZYearListReply,
  },
  {
    method: 'POST',
    path: '/api/admin/set-year',
    summary: 'Make a year the current one (created when missing); exactly one is current',
    tag: 'committees',
    subject: SUBJECTS.committees.yearSet,
    auth: 'user',
    input: committees.ZSetYearInput,
    reply: committees.ZYearListReply,
    permissions: ['create committees'],
  },
  {
    method: 'GET',
    path: '/api/admin/{year}/committees',
    summary: 'The committees of a year, then the term-based ones',
    tag: 'committees',
    subject: SUBJECTS.committees.committeesList,
    auth: 'user',
    input: committees.ZYearParams,
    reply: committees.ZCommitteeListReply,
    permissions: ['create committees', ...COMMITTEE_LIST_PERMISSIONS],
    permissionMode: 'any',
  },
  {
    method: 'POST',
    path: '/api/admin/committee',
    summary: 'Create a committee (year-based, or term-based without a year)',
    tag: 'committees',
    subject: SUBJECTS.committees.committeeCreate,
    auth: 'user',
    input: committees.ZCommitteeCreateInput,
    reply: committees.ZCommittee,
    permissions: ['create committees'],
  },
  {
    method: 'GET',
    path: '/api/admin/committee/{code}',
    summary: 'A committee by code: in ?year=, else the current year, else term-based, else the most recent',
    tag: 'committees',
    subject: SUBJECTS.committees.committeeGet,
    auth: 'user',
    input: committees.ZCommitteeRef,
    reply: committees.ZCommittee,
    permissions: COMMITTEE_LIST_PERMISSIONS,
    permissionMode: 'any',
  },
  {
    method: 'PUT',
    path: '/api/admin/committee/{code}',
    summary:
      "Replace all of a committee's settings (one left out takes its default: no positions, no chair); new_code renames it",
    tag: 'committees',
    subject: SUBJECTS.committees.committeeUpdate,
    auth: 'user',
    input: committees.ZCommitteeUpdateInput,
    reply: committees.ZCommittee,
    permissions: ['edit committees'],
  },
  {
    method: 'DELETE',
    path: '/api/admin/committee/{code}',
    summary: 'Delete a committee',
    tag: 'committees',
    subject: SUBJECTS.committees.committeeDelete,
    auth: 'user',
    input: committees.ZCommitteeRef,
    reply: ZOk,
    permissions: ['edit committees'],
  },
  {
    method: 'GET',
    path: '/api/admin/committee/{code}/members',
    summary: "A committee's members (appointments) with whether each votes",
    tag: 'committees',
    subject: SUBJECTS.committees.membersList,
    auth: 'user',
    input: committees.ZCommitteeRef,
    reply: committees.ZMembershipListReply,
    permissions: COMMITTEE_LIST_PERMISSIONS,
    permissionMode: 'any',
  },
  {
    method: 'POST',
    path: '/api/admin/committee/{code}/member',
    summary: 'Appoint a user to a committee',
    tag: 'committees',
    subject: SUBJECTS.committees.memberCreate,
    auth: 'user',
    input: committees.ZMemberCreateInput,
    reply: committees.ZMembership,
    permissions: ['edit committees'],
  },
  {
    method: 'PUT',
    path: '/api/admin/committee/{code}/member/{id}',
    summary: "Change a member's position, demographic or appointment status",
    tag: 'committees',
    subject: SUBJECTS.committees.memberUpdate,
    auth: 'user',
    input: committees.ZMemberUpdateInput,
    reply: committees.ZMembership,
    permissions: ['edit committees'],
  },
  {
    method: 'DELETE',
    path: '/api/admin/committee/{code}/member/{id}',
    summary: 'Remove a member from a committee',
    tag: 'committees',
    subject: SUBJECTS.committees.memberDelete,
    auth: 'user',
    input: committees.ZMemberRef,
    reply: ZOk,
    permissions: ['edit committees'],
  },
  {
    method: 'GET',
    path: '/api/admin/appointments/dashboard/{year}',
    summary: "The year's appointments grouped per user",
    tag: 'appointments',
    subject: SUBJECTS.committees.appointmentsDashboard,
    auth: 'user',
    input: committees.ZYearParams,
    reply: committees.ZAppointmentDashboardReply,
    permissions: ['modify appointment acceptances', ...COMMITTEE_LIST_PERMISSIONS],
    permissionMode: 'any',
  },
  {
    method: 'PUT',
    path: '/api/admin/appointments/member/{id}',
    summary: 'Accept, reset to tentative or decline an appointment',
    tag: 'appointments',
    subject: SUBJECTS.committees.appointmentDecide,
    auth: 'user',
    input: committees.ZAppointmentDecisionInput,
    reply: committees.ZAppointment,
    permissions: ['modify appointment acceptances'],
  },
  {
    method: 'GET',
    path: '/api/me/committees',
    summary: "The signed-in user's appointments in the current year",
    tag: 'appointments',
    subject: SUBJECTS.committees.myCommittees,
    auth: 'user',
    reply: committees.ZMyCommitteesReply,
  },
  {
    method: 'PUT',
    path: '/api/me/appointments/{id}',
    summary: 'Accept or decline one of your own tentative appointments',
    tag: 'appointments',
    subject: SUBJECTS.committees.myAppointmentDecide,
    auth: 'user',
    input: committees.ZOwnAppointmentDecisionInput,
    reply: committees.ZMyAppointment,
  },
  {
    method: 'POST',
    path: '/api/admin/committees/copy',
    summary: 'Copy a committee to a new year or term (members as Tentative; resources when asked)',
    tag: 'committees',
    subject: SUBJECTS.committees.committeeCopy,
    auth: 'user',
    input: committees.ZCommitteeCopyInput,
    reply: committees.ZCommittee,
    permissions: ['create committees'],
  },
];

/** Every JSON API route, for the gateway and the OpenAPI document. */
export const HTTP_ROUTES: readonly HttpRoute[] = [...CORE_ROUTES, ...MEETING_ROUTES, ...VOTING_ROUTES];
