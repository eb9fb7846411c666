import { ZUser, ZUserEvent, ZUserSearchResult } from '@gavel/contracts';
import { describe, expect, it } from 'vitest';
import { toRole, toUser, toUserEvent, toUserSearchResult, type UserRow } from './user.mapper.js';

const row: UserRow = {
  id: '7d0f2d4e-2a53-4b8a-9f3e-0c5f4b2d1a10',
  nrds: '123',
  firstName: 'Robert',
  lastName: 'Smith',
  displayedFirstName: null,
  nickname: 'Rob',
  email: 'rob@example.test',
  username: 'rsmith',
  phone: '5551234567',
  verifiedPhone: null,
  profileImageUrl: 'https://cdn.example.test/rob.png',
  externalId: 'ext-1',
};

describe('user mapper', () => {
  it('falls back to the first name when no displayed first name is set', () => {
    const user = ZUser.parse(toUser(row));
    expect(user.displayed_first_name).toBe('Robert');
    expect(user.name).toBe('Robert Smith');
    expect(user.profile_display_url).toBe('https://cdn.example.test/rob.png');
  });

  it('uses the displayed first name for name and sort name', () => {
    const withDisplayed = { ...row, displayedFirstName: 'Bob' };
    expect(toUser(withDisplayed).name).toBe('Bob Smith');
    const result = ZUserSearchResult.parse(toUserSearchResult(withDisplayed));
    expect(result).toMatchObject({
      displayed_first_name: 'Bob',
      sort_name: 'Smith, Bob',
      first_name: 'Robert',
    });
  });

  it('treats a blank displayed first name as unset', () => {
    expect(toUser({ ...row, displayedFirstName: '  ' }).displayed_first_name).toBe('Robert');
  });

  it('puts only the display copy into events', () => {
    const event = ZUserEvent.parse(toUserEvent('tenant-1', row));
    expect(event.tenantId).toBe('tenant-1');
    expect(event.user).not.toHaveProperty('phone');
    expect(event.user).toMatchObject({ username: 'rsmith', name: 'Robert Smith' });
  });

  it('sorts role permissions', () => {
    expect(
      toRole({ id: 'r', name: 'Clerk', permissions: ['update meetings', 'create meetings'] }).permissions,
    ).toEqual([{ name: 'create meetings' }, { name: 'update meetings' }]);
  });
});
