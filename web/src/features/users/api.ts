import {
  type TUserEditView,
  type TUserListInput,
  type TUserSearchResult,
  type TUserUpdateInput,
  ZUserEditView,
  ZUserListInput,
  ZUserListReply,
} from '@gavel/contracts';
import { api, apiRequest } from '@/lib/api-client';
import { userAdminBase } from '@/lib/paths';

/** The PUT body: the update input without the id, which travels in the path. */
export type UserUpdateBody = Omit<TUserUpdateInput, 'id'>;

export function fetchUserEditView(id: string, signal?: AbortSignal): Promise<TUserEditView> {
  return api.get(ZUserEditView, userAdminBase(id), signal);
}

export function updateUser(id: string, body: UserUpdateBody): Promise<TUserEditView> {
  return api.put(ZUserEditView, userAdminBase(id), body);
}

/** Typeaheads: at most 10 matches, asked for from 2 characters (spec section 9). */
export const TYPEAHEAD_MIN_CHARS = 2;
export const TYPEAHEAD_MAX_MATCHES = 10;
/** The longest search text the server takes (the contract's `query`): a longer one can never be answered. */
export const USER_SEARCH_MAX_LENGTH = ZUserListInput.shape.query.unwrap().unwrap().maxLength ?? 255;

/** The add-non-committee-member search fields (meetings spec section 5). */
export interface UserSearchCriteria {
  nrds: string;
  first_name: string;
  last_name: string;
  email: string;
}

/**
 * POST /admin/users/list with `search` as the body, as is: a typeahead's free text
 * (`{ query, limit: TYPEAHEAD_MAX_MATCHES }`) or the add-member dialog's fields (UserSearchCriteria).
 */
export function searchUsers(search: TUserListInput, signal?: AbortSignal): Promise<TUserSearchResult[]> {
  return apiRequest('/admin/users/list', { method: 'POST', body: search, signal }).then((body) =>
    ZUserListReply.parse(body),
  );
}
