import { z } from 'zod';
import * as identity from './identity.js';
import type { Permission } from './permissions.js';
import { SUBJECTS } from './subjects.js';

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
}

const ZOk = z.object({ ok: z.literal(true) });

export const HTTP_ROUTES: readonly HttpRoute[] = [
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
  },
  {
    method: 'POST',
    path: '/api/admin/users/list',
    summary: 'Search users of the association (case-insensitive)',
    tag: 'users',
    subject: SUBJECTS.identity.usersList,
    auth: 'user',
    input: identity.ZUserListInput,
    reply: identity.ZUserListReply,
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
  },
];
