import {
  type TUserEditView,
  type TUserSearchResult,
  type TUserUpdateInput,
  ZUserEditView,
  ZUserListReply,
} from '@gavel/contracts';
import { api, apiRequest } from '@/lib/api-client';

/** The PUT body: the update input without the id, which travels in the path. */
export type UserUpdateBody = Omit<TUserUpdateInput, 'id'>;

function userPath(id: string): string {
  return `/admin/users/${encodeURIComponent(id)}`;
}

export function fetchUserEditView(id: string, signal?: AbortSignal): Promise<TUserEditView> {
  return api.get(ZUserEditView, userPath(id), signal);
}

export function updateUser(id: string, body: UserUpdateBody): Promise<TUserEditView> {
  return api.put(ZUserEditView, userPath(id), body);
}

/** Typeaheads: at most 10 matches, asked for from 2 characters (spec section 9). */
export const TYPEAHEAD_MIN_CHARS = 2;
export const TYPEAHEAD_MAX_MATCHES = 10;

/** Free-text user search for typeaheads. */
export function searchUsers(query: string, signal?: AbortSignal): Promise<TUserSearchResult[]> {
  return apiRequest('/admin/users/list', {
    method: 'POST',
    body: { query, limit: TYPEAHEAD_MAX_MATCHES },
    signal,
  }).then((body) => ZUserListReply.parse(body));
}
