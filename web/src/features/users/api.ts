import { type TUserEditView, type TUserUpdateInput, ZUserEditView } from '@gavel/contracts';
import { api } from '@/lib/api-client';

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
