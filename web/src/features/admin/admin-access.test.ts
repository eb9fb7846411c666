import { COMMITTEE_LIST_PERMISSIONS, PERMISSIONS, type Permission, type Principal } from '@gavel/contracts';
import { describe, expect, it } from 'vitest';
import { mayOpenAppointments, maySeeAdminArea } from '@/features/admin/admin-access';

const holding = (permissions: readonly Permission[], roles: string[] = []): Principal => ({
  userId: 'u-1',
  roles,
  permissions,
});

describe('maySeeAdminArea', () => {
  it.each<Permission>(['create committees', 'modify appointment acceptances', ...COMMITTEE_LIST_PERMISSIONS])(
    'lets %j in',
    (permission) => {
      expect(maySeeAdminArea(holding([permission]))).toBe(true);
    },
  );

  it('lets a global admin in, and nobody without an admin permission', () => {
    expect(maySeeAdminArea(holding([], ['global admin']))).toBe(true);
    expect(maySeeAdminArea(holding([]))).toBe(false);
    expect(maySeeAdminArea(holding(['run meetings', 'modify policies']))).toBe(false);
  });

  it('covers everyone who may open the appointments dashboard', () => {
    const opening = PERMISSIONS.filter((permission) => mayOpenAppointments(holding([permission])));
    // The gateway's rule for the dashboard: 'modify appointment acceptances' or a committee-list permission.
    expect([...opening].sort()).toEqual([
      'committee messaging',
      'create meetings',
      'delete meetings',
      'edit committees',
      'modify appointment acceptances',
      'update meetings',
      'view any meeting',
    ]);
    for (const permission of opening) {
      expect(maySeeAdminArea(holding([permission]))).toBe(true);
    }
  });
});
