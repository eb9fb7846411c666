import type {
  TAppointment,
  TAppointmentGroup,
  TCommittee,
  TEmailVote,
  TMe,
  TMembership,
  TUser,
  TYear,
} from '@gavel/contracts';
import { DEFAULT_VOTING_SETTINGS } from '@gavel/contracts';

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
      time_zone: null,
      voting: DEFAULT_VOTING_SETTINGS,
    },
    ...rest,
  };
}

export function makeYears(current = 2026, count = 2): TYear[] {
  return Array.from({ length: count }, (_, i) => ({ year: current - i, is_current: i === 0 }));
}

export function makeCommittee(overrides: Partial<TCommittee> = {}): TCommittee {
  return {
    id: 'c-1',
    name: 'Finance Committee',
    code: 'FIN',
    guid: 'guid-fin',
    year: 2026,
    quorum: 7,
    two_thirds_vote: false,
    chair_position: 'Chair',
    vchair_position: 'Vice Chair',
    positions: ['Chair', 'Vice Chair', 'Member', 'Staff Liaison'],
    voting_rights: [
      { position: 'Chair', is_voting: true },
      { position: 'Vice Chair', is_voting: true },
      { position: 'Member', is_voting: true },
      { position: 'Staff Liaison', is_voting: false },
    ],
    has_demographic: true,
    demographic_name: 'Region',
    demographic_is_displayed: true,
    demographic_motion_filterable: true,
    demographic_display_prepend: false,
    demographics: ['North', 'Central', 'South'],
    members_count: 0,
    voting_members_count: 0,
    non_voting_members_count: 0,
    ...overrides,
  };
}

export function makeMembership(
  overrides: Omit<Partial<TMembership>, 'user'> & { user?: Partial<TUser> } = {},
): TMembership {
  const { user, ...rest } = overrides;
  const {
    id,
    nrds,
    first_name,
    last_name,
    displayed_first_name,
    nickname,
    email,
    name,
    profile_display_url,
  } = makeUser(user);
  return {
    id: 'm-1',
    committee_id: 'c-1',
    user: {
      id,
      nrds,
      first_name,
      last_name,
      displayed_first_name,
      nickname,
      email,
      name,
      profile_display_url,
    },
    position: 'Member',
    demographic: null,
    appointment_status: 'Tentative',
    is_voting: true,
    ...rest,
  };
}

export function makeAppointment(overrides: Partial<TAppointment> = {}): TAppointment {
  return {
    id: 'm-1',
    position: 'Member',
    appointment_status: 'Tentative',
    committee: { name: 'Finance Committee', code: 'FIN' },
    ...overrides,
  };
}

export function makeAppointmentGroup(
  overrides: Partial<Omit<TAppointmentGroup, 'user'>> & { user?: Partial<TUser> } = {},
): TAppointmentGroup {
  const { user, ...rest } = overrides;
  const { id, nrds, first_name, last_name, displayed_first_name, nickname, email, name } = makeUser(user);
  return {
    user: { id, nrds, first_name, last_name, displayed_first_name, nickname, email, name },
    profile_display_url: null,
    appointments: [makeAppointment()],
    ...rest,
  };
}

const DAY_MS = 86_400_000;

/** An email vote open since yesterday for two more days. */
export function makeEmailVote(overrides: Partial<TEmailVote> = {}): TEmailVote {
  return {
    id: 'ev-1',
    committee_id: 'c-1',
    code: 'EV1',
    name: 'Budget Approval',
    description: null,
    start: new Date(Date.now() - DAY_MS).toISOString(),
    end: new Date(Date.now() + 2 * DAY_MS + 5_000).toISOString(),
    phase: 'in_progress',
    can_modify: true,
    voting_members_count: 5,
    voting_members_not_started_count: 2,
    voting_members_incomplete_count: 1,
    voting_members_complete_count: 2,
    updated_at: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}
