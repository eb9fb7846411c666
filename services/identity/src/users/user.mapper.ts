import type { TRole, TUser, TUserEvent, TUserSearchResult } from '@gavel/contracts';

/** The user columns a reply may show (never the password hash). */
export interface UserRow {
  id: string;
  nrds: string | null;
  firstName: string;
  lastName: string;
  displayedFirstName: string | null;
  nickname: string | null;
  email: string;
  username: string | null;
  phone: string | null;
  verifiedPhone: string | null;
  profileImageUrl: string | null;
  externalId: string | null;
}

export interface RoleRow {
  id: string;
  name: string;
  permissions: string[];
}

/** The first name the product shows: the displayed first name when set, else the first name. */
export function displayedFirstName(row: Pick<UserRow, 'firstName' | 'displayedFirstName'>): string {
  return row.displayedFirstName?.trim() || row.firstName;
}

/** The display name: displayed first name and last name. */
export function displayName(row: Pick<UserRow, 'firstName' | 'displayedFirstName' | 'lastName'>): string {
  return `${displayedFirstName(row)} ${row.lastName}`.trim();
}

/** What lists sort and show as "Last, First". */
export function sortName(row: Pick<UserRow, 'firstName' | 'displayedFirstName' | 'lastName'>): string {
  return `${row.lastName}, ${displayedFirstName(row)}`;
}

export function toUser(row: UserRow): TUser {
  return {
    id: row.id,
    nrds: row.nrds,
    first_name: row.firstName,
    last_name: row.lastName,
    displayed_first_name: displayedFirstName(row),
    nickname: row.nickname,
    name: displayName(row),
    email: row.email,
    username: row.username,
    phone: row.phone,
    verified_phone: row.verifiedPhone,
    profile_display_url: row.profileImageUrl,
    external_id: row.externalId,
  };
}

export function toUserSearchResult(row: UserRow): TUserSearchResult {
  return {
    id: row.id,
    nrds: row.nrds,
    first_name: row.firstName,
    last_name: row.lastName,
    displayed_first_name: displayedFirstName(row),
    sort_name: sortName(row),
    name: displayName(row),
    email: row.email,
    profile_display_url: row.profileImageUrl,
  };
}

/** The display copy of a user other services keep (ZUserEvent). */
export function toUserEvent(tenantId: string, row: UserRow): TUserEvent {
  const user = toUser(row);
  return {
    tenantId,
    user: {
      id: user.id,
      nrds: user.nrds,
      first_name: user.first_name,
      last_name: user.last_name,
      displayed_first_name: user.displayed_first_name,
      nickname: user.nickname,
      name: user.name,
      email: user.email,
      username: user.username,
      profile_display_url: user.profile_display_url,
    },
  };
}

export function toRole(row: RoleRow): TRole {
  return { id: row.id, name: row.name, permissions: [...row.permissions].sort().map((name) => ({ name })) };
}
