import { describe, expect, it } from 'vitest';
import {
  can,
  canAny,
  canViewCommittee,
  canViewEmailVote,
  canViewMeeting,
  effectivePermissions,
  isAdmin,
  isGlobalAdmin,
  isSiteAdmin,
  isUser,
  type Principal,
  requirePermission,
  requireUser,
} from './authz.js';
import { PERMISSIONS } from './permissions.js';

const principal = (roles: string[], permissions: string[] = [], userId: string | null = 'u1'): Principal => ({
  userId,
  roles,
  permissions,
});

describe('role ladder', () => {
  it.each([
    { roles: ['global admin'], global: true, site: true, admin: true },
    { roles: ['site admin'], global: false, site: true, admin: true },
    { roles: ['admin'], global: false, site: false, admin: true },
    { roles: ['Meeting Runner'], global: false, site: false, admin: false },
    { roles: [], global: false, site: false, admin: false },
    { roles: ['Global Admin'], global: false, site: false, admin: false }, // names are exact
  ])('$roles → global $global, site $site, admin $admin', ({ roles, global, site, admin }) => {
    const p = principal(roles);
    expect(isGlobalAdmin(p)).toBe(global);
    expect(isSiteAdmin(p)).toBe(site);
    expect(isAdmin(p)).toBe(admin);
  });

  it('nobody is anything without a principal', () => {
    expect(isGlobalAdmin(null)).toBe(false);
    expect(isSiteAdmin(undefined)).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});

describe('can (all named permissions)', () => {
  const p = principal(['Meeting Runner'], ['run meetings', 'update meetings']);
  it.each([
    { perms: ['run meetings'], expected: true },
    { perms: ['run meetings', 'update meetings'], expected: true },
    { perms: ['run meetings', 'delete motions'], expected: false },
    { perms: ['delete motions'], expected: false },
  ] as const)('$perms → $expected', ({ perms, expected }) => {
    expect(can(p, ...perms)).toBe(expected);
  });

  it('global admin passes every check, even without listing permissions', () => {
    const g = principal(['global admin'], []);
    for (const name of PERMISSIONS) expect(can(g, name)).toBe(true);
    expect(can(g, ...PERMISSIONS)).toBe(true);
  });

  it('site admin and admin do not pass checks by role alone', () => {
    expect(can(principal(['site admin']), 'run meetings')).toBe(false);
    expect(can(principal(['admin']), 'run meetings')).toBe(false);
  });

  it('no principal holds nothing', () => {
    expect(can(null, 'run meetings')).toBe(false);
  });
});

describe('canAny (at least one)', () => {
  const p = principal([], ['view any meeting']);
  it.each([
    { perms: ['view any meeting'], expected: true },
    { perms: ['edit committees', 'view any meeting'], expected: true },
    { perms: ['edit committees', 'create meetings'], expected: false },
    { perms: [], expected: false },
  ] as const)('$perms → $expected', ({ perms, expected }) => {
    expect(canAny(p, ...perms)).toBe(expected);
  });

  it('global admin passes', () => {
    expect(canAny(principal(['global admin']), 'edit committees')).toBe(true);
  });
  it('no principal passes nothing', () => {
    expect(canAny(undefined, 'edit committees')).toBe(false);
  });
});

describe('identity check', () => {
  it('compares user ids', () => {
    expect(isUser(principal([], [], 'u1'), 'u1')).toBe(true);
    expect(isUser(principal([], [], 'u1'), 'u2')).toBe(false);
    expect(isUser(principal([], [], null), null)).toBe(false);
    expect(isUser(null, 'u1')).toBe(false);
  });
});

describe('effectivePermissions', () => {
  it('is the union of role lists and direct permissions, in catalogue order, without unknown names', () => {
    const roles = [
      { name: 'Meeting Runner', permissions: ['update meetings', 'run meetings'] },
      { name: 'Staff', permissions: ['view any meeting', 'run meetings', 'not a permission'] },
    ];
    expect(effectivePermissions(roles, ['create email vote'])).toEqual([
      'update meetings',
      'view any meeting',
      'run meetings',
      'create email vote',
    ]);
  });

  it('a global admin holds every permission name', () => {
    expect(effectivePermissions([{ name: 'global admin', permissions: [] }], [])).toEqual([...PERMISSIONS]);
  });

  it('no roles and no direct permissions hold nothing', () => {
    expect(effectivePermissions([], [])).toEqual([]);
  });
});

describe('meeting-area viewing', () => {
  const nobody = { member: false, participant: false };
  const committeeOnly = { visibility: 'committee' };
  const meetingStaff = [
    'view any meeting',
    'run meetings',
    'modify meeting attendance',
    'modify meeting rsvps',
    'update meetings',
  ] as const;

  it("opens a committee's email votes to its members, meeting staff, 'create email vote' and admins", () => {
    expect(canViewEmailVote(principal([]), { member: true })).toBe(true);
    expect(canViewEmailVote(principal([]), { member: false })).toBe(false);
    expect(canViewEmailVote(principal([], ['modify appointment acceptances']), { member: false })).toBe(
      false,
    );
    for (const p of [...meetingStaff, 'create email vote'] as const) {
      expect(canViewEmailVote(principal([], [p]), { member: false })).toBe(true);
    }
    expect(canViewEmailVote(principal(['admin']), { member: false })).toBe(true);
    expect(canViewEmailVote(principal([], ['view any meeting'], null), { member: true })).toBe(false);
  });

  it("opens a meeting to its committee's members, meeting staff and admins, not to 'create email vote'", () => {
    for (const p of meetingStaff) {
      expect(canViewMeeting(principal([], [p]), committeeOnly, nobody)).toBe(true);
    }
    expect(canViewMeeting(principal([], ['create email vote']), committeeOnly, nobody)).toBe(false);
    expect(canViewMeeting(principal(['site admin']), committeeOnly, nobody)).toBe(true);
  });

  it("adds a meeting's participants and, when it is open, every signed-in user", () => {
    expect(canViewMeeting(principal([]), committeeOnly, { member: false, participant: true })).toBe(true);
    expect(canViewMeeting(principal([]), committeeOnly, nobody)).toBe(false);
    expect(canViewMeeting(principal([]), committeeOnly, { member: true, participant: false })).toBe(true);
    expect(canViewMeeting(principal([]), { visibility: 'open' }, nobody)).toBe(true);
    expect(canViewMeeting(principal([], [], null), { visibility: 'open' }, nobody)).toBe(false);
  });
});

describe('admin-area viewing', () => {
  it.each([
    [principal([], ['edit committees']), true],
    [principal([], ['view any meeting']), true],
    [principal([], ['create committees']), false],
    [principal(['admin']), false],
    [principal([], ['modify appointment acceptances']), false],
  ])('canViewCommittee(%o) → %s', (p, expected) => {
    expect(canViewCommittee(p)).toBe(expected);
  });
});

describe('refusals', () => {
  it('requireUser answers the user id, and refuses a call without one as unauthenticated', () => {
    expect(requireUser({ userId: 'u1' })).toBe('u1');
    for (const userId of [null, undefined, '']) {
      expect(() => requireUser({ userId })).toThrow(
        expect.objectContaining({ code: 'unauthenticated', message: 'Unauthenticated.' }),
      );
    }
  });

  it("requirePermission refuses in the product's words unless allowed", () => {
    expect(() => requirePermission(true)).not.toThrow();
    expect(() => requirePermission(false)).toThrow(
      expect.objectContaining({ code: 'forbidden', message: 'This action is unauthorized.' }),
    );
    expect(() => requirePermission(false, 'Only runners.')).toThrow(
      expect.objectContaining({ message: 'Only runners.' }),
    );
  });
});
