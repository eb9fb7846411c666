import type { TAppointment, TAppointmentGroup, TAppointmentStatus } from '@gavel/contracts';

export const APPOINTMENT_STATUSES: readonly TAppointmentStatus[] = ['Accepted', 'Tentative', 'Declined'];

/** The dashboard's filters; null on a select means 'All', an empty text means no filter. */
export interface AppointmentFilters {
  /** A committee code. */
  committee: string | null;
  position: string | null;
  status: TAppointmentStatus | null;
  nrds: string;
  firstName: string;
  lastName: string;
}

export const NO_FILTERS: AppointmentFilters = {
  committee: null,
  position: null,
  status: null,
  nrds: '',
  firstName: '',
  lastName: '',
};

/** The filters' names in the address (`?committee=FIN&status=Tentative&last_name=Lo`). */
const PARAMS = {
  committee: 'committee',
  position: 'position',
  status: 'status',
  nrds: 'nrds',
  firstName: 'first_name',
  lastName: 'last_name',
} as const satisfies Record<keyof AppointmentFilters, string>;

/** The filters an address names; a status that is not one of the three is no filter. */
export function filtersFromParams(params: URLSearchParams): AppointmentFilters {
  const status = params.get(PARAMS.status);
  return {
    committee: params.get(PARAMS.committee) || null,
    position: params.get(PARAMS.position) || null,
    status: APPOINTMENT_STATUSES.find((s) => s === status) ?? null,
    nrds: params.get(PARAMS.nrds) ?? '',
    firstName: params.get(PARAMS.firstName) ?? '',
    lastName: params.get(PARAMS.lastName) ?? '',
  };
}

/** The address's query for the filters: only those set, in the panel's order. */
export function filtersToParams(filters: AppointmentFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(PARAMS) as (keyof AppointmentFilters)[]) {
    const value = filters[key];
    if (value) params.set(PARAMS[key], value);
  }
  return params;
}

export function isFiltering(filters: AppointmentFilters): boolean {
  return (
    filters.committee !== null ||
    filters.position !== null ||
    filters.status !== null ||
    filters.nrds.trim() !== '' ||
    filters.firstName.trim() !== '' ||
    filters.lastName.trim() !== ''
  );
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function displayedFirstName(user: TAppointmentGroup['user']): string {
  return user.displayed_first_name || user.first_name;
}

/** Groups ordered by last name, then displayed first name (as the policy dashboard orders its rows). */
export function sortGroups(groups: readonly TAppointmentGroup[]): TAppointmentGroup[] {
  return [...groups].sort(
    (a, b) =>
      collator.compare(a.user.last_name, b.user.last_name) ||
      collator.compare(displayedFirstName(a.user), displayedFirstName(b.user)),
  );
}

/** Case-insensitive substring match; an empty (or blank) query matches everything. */
function contains(values: readonly (string | null | undefined)[], query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return values.some((value) => !!value && value.toLocaleLowerCase().includes(needle));
}

function userMatches(user: TAppointmentGroup['user'], filters: AppointmentFilters): boolean {
  return (
    contains([user.nrds], filters.nrds) &&
    // The first-name filter also matches the name people go by: the displayed first name and the
    // nickname (the list shows those, so searching for what you see has to find it).
    contains([user.first_name, user.displayed_first_name, user.nickname], filters.firstName) &&
    contains([user.last_name], filters.lastName)
  );
}

function appointmentMatches(appointment: TAppointment, filters: AppointmentFilters): boolean {
  return (
    (filters.committee === null || appointment.committee.code === filters.committee) &&
    (filters.position === null || appointment.position === filters.position) &&
    (filters.status === null || appointment.appointment_status === filters.status)
  );
}

/**
 * The groups as filtered: each keeps only its matching appointments, and a group left without any
 * disappears. Order is kept.
 */
export function filterGroups(
  groups: readonly TAppointmentGroup[],
  filters: AppointmentFilters,
): TAppointmentGroup[] {
  const out: TAppointmentGroup[] = [];
  for (const group of groups) {
    if (!userMatches(group.user, filters)) continue;
    const appointments = group.appointments.filter((appointment) => appointmentMatches(appointment, filters));
    if (appointments.length > 0) out.push({ ...group, appointments });
  }
  return out;
}

export interface FilterOption {
  value: string;
  label: string;
}

/** The committees and positions present in the loaded list, for the filter selects, sorted by label. */
export function filterOptions(groups: readonly TAppointmentGroup[]): {
  committees: FilterOption[];
  positions: FilterOption[];
} {
  const committees = new Map<string, string>();
  const positions = new Set<string>();
  for (const group of groups) {
    for (const appointment of group.appointments) {
      committees.set(appointment.committee.code, appointment.committee.name);
      positions.add(appointment.position);
    }
  }
  const byLabel = (a: FilterOption, b: FilterOption) =>
    collator.compare(a.label, b.label) || collator.compare(a.value, b.value);
  return {
    committees: [...committees].map(([value, label]) => ({ value, label })).sort(byLabel),
    positions: [...positions].map((position) => ({ value: position, label: position })).sort(byLabel),
  };
}

export function countAppointments(groups: readonly TAppointmentGroup[]): number {
  return groups.reduce((sum, group) => sum + group.appointments.length, 0);
}

/**
 * The emails of the users shown with a tentative appointment, in list order, each once (addresses that
 * differ only in case are the same mailbox).
 */
export function tentativeEmails(groups: readonly TAppointmentGroup[]): string[] {
  const emails = new Map<string, string>();
  for (const group of groups) {
    const email = group.user.email.trim();
    const key = email.toLocaleLowerCase();
    if (email === '' || emails.has(key)) continue;
    if (group.appointments.some((appointment) => appointment.appointment_status === 'Tentative')) {
      emails.set(key, email);
    }
  }
  return [...emails.values()];
}

/** A mailto: link addressed to nobody, with the given addresses in BCC. */
export function bccMailto(emails: readonly string[]): string {
  return `mailto:?bcc=${emails.map(encodeURIComponent).join(',')}`;
}
