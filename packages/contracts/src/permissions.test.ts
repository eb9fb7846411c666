import { describe, expect, it } from 'vitest';
import { COMMITTEE_LIST_PERMISSIONS, isPermission, PERMISSIONS } from './permissions.js';

describe('permission catalogue', () => {
  it('holds every permission of both specs exactly once', () => {
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    for (const name of [
      'modify appointment acceptances',
      'modify policy acceptances',
      'create committees',
      'edit committees',
      'committee messaging',
      'create meetings',
      'update meetings',
      'delete meetings',
      'view any meeting',
      'modify policies',
      'manage committee dashboard',
      'modify email from name',
      'modify meeting attendance',
      'run meetings',
      'update motions',
      'create motions',
      'delete motions',
      'create resources',
      'edit resources',
      'delete resources',
      'modify meeting rsvps',
      'create email vote',
    ]) {
      expect(isPermission(name)).toBe(true);
    }
    expect(isPermission('launch rockets')).toBe(false);
  });

  it('the committee list shows for any of the six permissions of the admin home', () => {
    // Spelled out from the spec (admin home), not derived from the list under test.
    expect([...COMMITTEE_LIST_PERMISSIONS].sort()).toEqual(
      [
        'committee messaging',
        'create meetings',
        'delete meetings',
        'edit committees',
        'update meetings',
        'view any meeting',
      ].sort(),
    );
  });
});
