import { ROLE_ADMIN, ROLE_GLOBAL_ADMIN, ROLE_SITE_ADMIN } from '@gavel/contracts';
import { describe, expect, it } from 'vitest';
import {
  blankToNull,
  containsPattern,
  editTargetProblem,
  escapeLike,
  normalizeEmail,
  prefixPattern,
  rankingText,
  roleChangeProblem,
  searchCriteria,
  uniqueNames,
} from './user.rules.js';

const as = (...roles: string[]) => ({ userId: 'u', roles, permissions: [] });

describe('user rules', () => {
  it('lowercases and trims emails', () => {
    expect(normalizeEmail('  Ada.Admin@Example.TEST ')).toBe('ada.admin@example.test');
  });

  it('turns blank optional text into null and leaves undefined alone', () => {
    expect(blankToNull(undefined)).toBeUndefined();
    expect(blankToNull(null)).toBeNull();
    expect(blankToNull('   ')).toBeNull();
    expect(blankToNull(' Bob ')).toBe('Bob');
  });

  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(prefixPattern('a_b')).toBe('a\\_b%');
  });

  it('ranks by the free-text query, lowercase and single-spaced, and not by field filters', () => {
    expect(rankingText({ words: ['Member', 'ONE'] })).toBe('member one');
    expect(rankingText({ lastName: 'One' })).toBeNull();
  });

  it('keeps non-empty search criteria only, and answers null for none', () => {
    expect(searchCriteria({ first_name: ' Ann ', last_name: '', email: null })).toEqual({
      nrds: undefined,
      firstName: 'Ann',
      lastName: undefined,
      email: undefined,
    });
    expect(searchCriteria({})).toBeNull();
    expect(searchCriteria({ nrds: '  ', email: '' })).toBeNull();
  });

  it('deduplicates role names', () => {
    expect(uniqueNames(['Staff', ' Staff ', '', 'admin'])).toEqual(['Staff', 'admin']);
  });

  describe('role changes', () => {
    it("lets only a global admin grant or remove 'global admin'", () => {
      expect(roleChangeProblem(as(ROLE_ADMIN), 'other', [], [ROLE_GLOBAL_ADMIN])).toMatch(/global admin/);
      expect(roleChangeProblem(as(ROLE_SITE_ADMIN), 'other', [ROLE_GLOBAL_ADMIN], [])).toMatch(
        /global admin/,
      );
      expect(roleChangeProblem(as(ROLE_GLOBAL_ADMIN), 'other', [], [ROLE_GLOBAL_ADMIN])).toBeNull();
    });

    it("lets only a site or global admin grant or remove 'site admin'", () => {
      expect(roleChangeProblem(as(ROLE_ADMIN), 'other', [], [ROLE_SITE_ADMIN])).toMatch(/site admin/);
      expect(roleChangeProblem(as(ROLE_ADMIN), 'other', [ROLE_SITE_ADMIN], [])).toMatch(/site admin/);
      expect(roleChangeProblem(as(ROLE_SITE_ADMIN), 'other', [], [ROLE_SITE_ADMIN])).toBeNull();
      expect(roleChangeProblem(as(ROLE_GLOBAL_ADMIN), 'other', [ROLE_SITE_ADMIN], [])).toBeNull();
    });

    it('lets nobody remove an admin role of their own, so the last global admin cannot lock everyone out', () => {
      const self = as(ROLE_GLOBAL_ADMIN);
      expect(roleChangeProblem(self, 'u', [ROLE_GLOBAL_ADMIN, 'Staff'], ['Staff'])).toBe(
        'You cannot remove your own global admin role. Another admin can.',
      );
      expect(roleChangeProblem(as(ROLE_SITE_ADMIN), 'u', [ROLE_SITE_ADMIN], [])).toMatch(/own site admin/);
      expect(roleChangeProblem(as(ROLE_ADMIN), 'u', [ROLE_ADMIN], ['Staff'])).toMatch(/own admin/);
      // Their other roles, and the same change made by another admin, are fine.
      expect(roleChangeProblem(self, 'u', [ROLE_GLOBAL_ADMIN, 'Staff'], [ROLE_GLOBAL_ADMIN])).toBeNull();
      expect(roleChangeProblem(self, 'other', [ROLE_GLOBAL_ADMIN], [])).toBeNull();
    });

    it('ignores roles that stay as they are', () => {
      expect(
        roleChangeProblem(as(ROLE_ADMIN), 'other', [ROLE_SITE_ADMIN, 'Staff'], [ROLE_SITE_ADMIN]),
      ).toBeNull();
      expect(roleChangeProblem(as(ROLE_ADMIN), 'other', [], [ROLE_ADMIN, 'Staff'])).toBeNull();
    });
  });

  it('keeps admins from editing users above them', () => {
    expect(editTargetProblem(as(ROLE_ADMIN), [ROLE_GLOBAL_ADMIN])).toMatch(/global admin/);
    expect(editTargetProblem(as(ROLE_SITE_ADMIN), [ROLE_GLOBAL_ADMIN])).toMatch(/global admin/);
    expect(editTargetProblem(as(ROLE_ADMIN), [ROLE_SITE_ADMIN])).toMatch(/site admin/);
    expect(editTargetProblem(as(ROLE_SITE_ADMIN), [ROLE_SITE_ADMIN])).toBeNull();
    expect(editTargetProblem(as(ROLE_ADMIN), [ROLE_ADMIN, 'Staff'])).toBeNull();
  });
});
