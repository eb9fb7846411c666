import type { TMe, TUser } from '@gavel/contracts';

export function makeUser(overrides: Partial<TUser> = {}): TUser {
  return {
    id: 'u-1',
    nrds: '123456789',
    first_name: 'Ada',
    last_name: 'Lovelace',
    displayed_first_name: 'Ada',
    nickname: null,
    name: 'Ada Lovelace',
    email: 'ada@example.org',
    username: 'ada',
    phone: null,
    verified_phone: null,
    profile_display_url: null,
    external_id: null,
    ...overrides,
  };
}

export function makeMe(overrides: Partial<Omit<TMe, 'user'>> & { user?: Partial<TUser> } = {}): TMe {
  const { user, ...rest } = overrides;
  return {
    user: makeUser(user),
    roles: [{ id: 'r-admin', name: 'admin', permissions: [] }],
    permissions: [],
    tenant: {
      id: 't-1',
      name: 'Example Association',
      uses_nicknames: false,
      default_from_name: null,
      company: null,
    },
    ...rest,
  };
}
