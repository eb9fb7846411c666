import { describe, expect, it } from 'vitest';
import {
  bccMailto,
  filterGroups,
  filterOptions,
  filtersFromParams,
  filtersToParams,
  isFiltering,
  NO_FILTERS,
  sortGroups,
  tentativeEmails,
} from '@/features/appointments/dashboard-rows';
import { makeAppointment, makeAppointmentGroup } from '@/test/fixtures';

const smithZoe = makeAppointmentGroup({
  user: { id: 'u-1', first_name: 'Zoe', displayed_first_name: 'Zoe', last_name: 'Smith' },
});
const smithAl = makeAppointmentGroup({
  user: { id: 'u-2', first_name: 'Zachary', displayed_first_name: 'Al', last_name: 'smith' },
  appointments: [
    makeAppointment({ id: 'm-2', position: 'Chair', committee: { name: 'Budget', code: 'BUD' } }),
    makeAppointment({ id: 'm-3', position: 'Member', appointment_status: 'Accepted' }),
  ],
});
const adams = makeAppointmentGroup({
  user: { id: 'u-3', first_name: 'Ann', displayed_first_name: 'Ann', last_name: 'Adams', nickname: 'Nan' },
});

describe('sortGroups', () => {
  it('orders by last name (any case), then by displayed first name', () => {
    expect(sortGroups([smithZoe, adams, smithAl]).map((g) => g.user.id)).toEqual(['u-3', 'u-2', 'u-1']);
  });
});

describe('filterGroups', () => {
  it('keeps only matching appointments and drops groups left empty', () => {
    const shown = filterGroups([smithZoe, smithAl, adams], { ...NO_FILTERS, committee: 'BUD' });
    expect(shown.map((g) => [g.user.id, g.appointments.map((a) => a.id)])).toEqual([['u-2', ['m-2']]]);
  });

  it('matches the first-name filter on first name, displayed first name and nickname', () => {
    const ids = (firstName: string) =>
      filterGroups([smithZoe, smithAl, adams], { ...NO_FILTERS, firstName }).map((g) => g.user.id);
    expect(ids('zach')).toEqual(['u-2']);
    expect(ids(' AL ')).toEqual(['u-2']);
    expect(ids('nan')).toEqual(['u-3']);
  });
});

describe('filterOptions', () => {
  it('lists each committee (by code) and position once, sorted by label', () => {
    expect(filterOptions([smithZoe, smithAl, adams])).toEqual({
      committees: [
        { value: 'BUD', label: 'Budget' },
        { value: 'FIN', label: 'Finance Committee' },
      ],
      positions: [
        { value: 'Chair', label: 'Chair' },
        { value: 'Member', label: 'Member' },
      ],
    });
  });
});

describe('isFiltering', () => {
  it('ignores blank text filters', () => {
    expect(isFiltering({ ...NO_FILTERS, lastName: '  ' })).toBe(false);
    expect(isFiltering({ ...NO_FILTERS, status: 'Declined' })).toBe(true);
  });
});

describe('tentativeEmails', () => {
  const group = (id: string, email: string, statuses: ('Accepted' | 'Tentative' | 'Declined')[]) =>
    makeAppointmentGroup({
      user: { id, email },
      appointments: statuses.map((appointment_status, i) =>
        makeAppointment({ id: `${id}-${i}`, appointment_status }),
      ),
    });

  it('lists, in order, the users with a tentative appointment, each address once whatever its case', () => {
    expect(
      tentativeEmails([
        group('u-1', 'zoe@example.org', ['Accepted', 'Tentative']),
        group('u-2', 'al@example.org', ['Accepted', 'Declined']),
        group('u-3', ' Ann@Example.org ', ['Tentative']),
        group('u-4', 'ann@example.org', ['Tentative']),
        group('u-5', '', ['Tentative']),
      ]),
    ).toEqual(['zoe@example.org', 'Ann@Example.org']);
  });

  it('follows the filters: only the appointments left shown count', () => {
    const groups = [group('u-1', 'zoe@example.org', ['Accepted', 'Tentative'])];
    expect(tentativeEmails(filterGroups(groups, { ...NO_FILTERS, status: 'Accepted' }))).toEqual([]);
    expect(tentativeEmails(filterGroups(groups, { ...NO_FILTERS, status: 'Tentative' }))).toEqual([
      'zoe@example.org',
    ]);
  });
});

describe('bccMailto', () => {
  it('puts every address in BCC, each encoded, separated by commas', () => {
    expect(bccMailto(['a@example.org', 'b+c&d@example.org'])).toBe(
      'mailto:?bcc=a%40example.org,b%2Bc%26d%40example.org',
    );
  });
});

describe('filtersFromParams and filtersToParams', () => {
  it('write only the filters set, and read them back', () => {
    const filters = { ...NO_FILTERS, committee: 'FIN', status: 'Declined' as const, lastName: 'Hop' };
    const params = filtersToParams(filters);
    expect(params.toString()).toBe('committee=FIN&status=Declined&last_name=Hop');
    expect(filtersFromParams(params)).toEqual(filters);
    expect(filtersToParams(NO_FILTERS).toString()).toBe('');
  });

  it('read a status that is not one of the three, or an empty value, as no filter', () => {
    expect(filtersFromParams(new URLSearchParams('status=Maybe&committee=&position='))).toEqual(NO_FILTERS);
  });
});
