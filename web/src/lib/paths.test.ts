import { describe, expect, it } from 'vitest';
import {
  committeeAdminBase,
  meetingAdminBase,
  meetingBase,
  paths,
  userAdminBase,
  voteAdminBase,
  voteBase,
} from '@/lib/paths';

/** A code with a slash, a space, a question mark and a non-ASCII letter: each must be encoded. */
const ODD = 'A/B ?é';
const ODD_ENC = 'A%2FB%20%3F%C3%A9';

describe('bases', () => {
  it('committeeAdminBase', () => {
    expect(committeeAdminBase('FIN')).toBe('/admin/committee/FIN');
    expect(committeeAdminBase(ODD)).toBe(`/admin/committee/${ODD_ENC}`);
  });

  it('meetingBase', () => {
    expect(meetingBase('FIN', 'M1')).toBe('/meeting/FIN/M1');
    expect(meetingBase(ODD, ODD)).toBe(`/meeting/${ODD_ENC}/${ODD_ENC}`);
  });

  it('meetingAdminBase', () => {
    expect(meetingAdminBase('FIN', 'M1')).toBe('/admin/committee/FIN/meeting/M1');
    expect(meetingAdminBase(ODD, ODD)).toBe(`/admin/committee/${ODD_ENC}/meeting/${ODD_ENC}`);
  });

  it('voteBase', () => {
    expect(voteBase('FIN', 'V1')).toBe('/vote/FIN/V1');
    expect(voteBase(ODD, ODD)).toBe(`/vote/${ODD_ENC}/${ODD_ENC}`);
  });

  it('voteAdminBase', () => {
    expect(voteAdminBase('FIN', 'V1')).toBe('/admin/committee/FIN/vote/V1');
    expect(voteAdminBase(ODD, ODD)).toBe(`/admin/committee/${ODD_ENC}/vote/${ODD_ENC}`);
  });

  it('userAdminBase', () => {
    expect(userAdminBase('u1')).toBe('/admin/users/u1');
    expect(userAdminBase(ODD)).toBe(`/admin/users/${ODD_ENC}`);
  });
});

describe('paths', () => {
  it('committeeAdmin: with the year when there is one', () => {
    expect(paths.committeeAdmin({ code: 'FIN', year: 2025 })).toBe('/admin/committee/FIN?year=2025');
    expect(paths.committeeAdmin({ code: 'FIN', year: null })).toBe('/admin/committee/FIN');
    expect(paths.committeeAdmin({ code: ODD, year: null })).toBe(`/admin/committee/${ODD_ENC}`);
  });

  it('admin pages without codes', () => {
    expect(paths.committeeCreate(2025)).toBe('/admin/committee/create?year=2025');
    expect(paths.committeesCopy).toBe('/admin/committees/copy');
    expect(paths.adminHome()).toBe('/admin');
    expect(paths.adminHome(2025)).toBe('/admin?year=2025');
    expect(paths.appointments(2025)).toBe('/admin/appointments/2025');
    expect(paths.appointmentsEmail(2025)).toBe('/admin/appointments/2025/email');
  });

  it('userEdit', () => {
    expect(paths.userEdit('u1')).toBe('/admin/users/u1/edit');
    expect(paths.userEdit(ODD)).toBe(`/admin/users/${ODD_ENC}/edit`);
  });

  it('meeting pages', () => {
    expect(paths.meetingRsvp('FIN', 'M1')).toBe('/meeting/FIN/M1/rsvp');
    expect(paths.meetingCreate({ code: 'FIN', year: null })).toBe('/admin/committee/FIN/meeting/create');
    expect(paths.meetingCreate({ code: 'FIN', year: 2025 })).toBe(
      '/admin/committee/FIN/meeting/create?year=2025',
    );
    expect(paths.meetingEdit('FIN', 'M1')).toBe('/admin/committee/FIN/meeting/M1/edit');
    expect(paths.meetingRsvp(ODD, ODD)).toBe(`/meeting/${ODD_ENC}/${ODD_ENC}/rsvp`);
    expect(paths.meetingCalendar('FIN', 'M1')).toBe('/api/meeting/FIN/M1/calendar');
    expect(paths.meetingCalendar(ODD, ODD)).toBe(`/api/meeting/${ODD_ENC}/${ODD_ENC}/calendar`);
    expect(paths.meetingCreate({ code: ODD, year: null })).toBe(`/admin/committee/${ODD_ENC}/meeting/create`);
    expect(paths.meetingEdit(ODD, ODD)).toBe(`/admin/committee/${ODD_ENC}/meeting/${ODD_ENC}/edit`);
  });

  it('email-vote pages', () => {
    expect(paths.voteCreate({ code: 'FIN', year: null })).toBe('/admin/committee/FIN/vote/create');
    expect(paths.voteCreate({ code: 'FIN', year: 2025 })).toBe('/admin/committee/FIN/vote/create?year=2025');
    expect(paths.voteEdit('FIN', 'V1')).toBe('/admin/committee/FIN/vote/V1/edit');
    expect(paths.voteCreate({ code: ODD, year: null })).toBe(`/admin/committee/${ODD_ENC}/vote/create`);
    expect(paths.voteEdit(ODD, ODD)).toBe(`/admin/committee/${ODD_ENC}/vote/${ODD_ENC}/edit`);
  });
});
