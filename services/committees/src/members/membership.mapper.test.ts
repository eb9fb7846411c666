import { describe, expect, it } from 'vitest';
import { groupByUser, isVoting, toMembershipEvent } from './membership.mapper.js';
import type { MembershipRow } from './membership.repository.js';

function row(id: string, userId: string, position: string, committee: string): MembershipRow {
  const now = new Date();
  return {
    id,
    tenantId: 't',
    committeeId: `c-${committee}`,
    userId,
    position,
    demographic: null,
    appointmentStatus: 'Tentative',
    createdAt: now,
    updatedAt: now,
    user: {
      tenantId: 't',
      id: userId,
      nrds: null,
      firstName: userId,
      lastName: 'X',
      displayedFirstName: userId,
      nickname: null,
      email: `${userId}@example.test`,
      name: `${userId} X`,
      profileDisplayUrl: `https://img/${userId}`,
      updatedAt: now,
    },
    committee: {
      id: `c-${committee}`,
      name: committee,
      code: committee.toUpperCase(),
      year: 2026,
      quorum: 2,
      chairPosition: 'Chair',
      vchairPosition: null,
      positions: [
        { position: 'Chair', isVoting: true },
        { position: 'Advisor', isVoting: false },
      ],
    },
  };
}

describe('membership mapper', () => {
  it('derives voting from the committee voting rights; unknown positions do not vote', () => {
    expect(isVoting(row('1', 'ann', 'Chair', 'fin'))).toBe(true);
    expect(isVoting(row('1', 'ann', 'Advisor', 'fin'))).toBe(false);
    expect(isVoting(row('1', 'ann', 'Gone', 'fin'))).toBe(false);
  });

  it('groups appointments per user in row order, with the profile image beside the user', () => {
    const groups = groupByUser([
      row('1', 'ann', 'Chair', 'fin'),
      row('2', 'bob', 'Advisor', 'fin'),
      row('3', 'ann', 'Advisor', 'aud'),
    ]);
    expect(groups.map((g) => [g.user.id, g.profile_display_url, g.appointments.map((a) => a.id)])).toEqual([
      ['ann', 'https://img/ann', ['1', '3']],
      ['bob', 'https://img/bob', ['2']],
    ]);
    expect(groups[0]?.appointments[1]).toEqual({
      id: '3',
      position: 'Advisor',
      appointment_status: 'Tentative',
      committee: { name: 'aud', code: 'AUD' },
    });
    expect(groups[0]?.user).not.toHaveProperty('profile_display_url');
  });

  it('puts what voting needs in the event', () => {
    expect(toMembershipEvent('t', row('1', 'ann', 'Chair', 'fin')).membership).toEqual({
      id: '1',
      committee_id: 'c-fin',
      user_id: 'ann',
      position: 'Chair',
      is_voting: true,
      demographic: null,
      appointment_status: 'Tentative',
    });
  });
});
