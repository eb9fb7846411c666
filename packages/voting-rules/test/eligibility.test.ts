import { describe, expect, it } from 'vitest';
import {
  type AttendanceMember,
  availableResponses,
  canRespond,
  eligibleVoters,
  hasMotionFilter,
  isChairOrViceChairPresent,
  isCheckedIn,
  matchesMotionFilter,
  memberVotingStatus,
  presentVotingMembers,
  type RespondInput,
  respondBlocker,
  votingMembersInFilter,
} from '../src/index.js';

const checkedIn = { deleted_at: null, checkIns: [{ created_at: '2025-01-01', deleted_at: null }] };
const member = (
  is_voting: boolean,
  demographic: string | null,
  present = true,
  position: string | null = null,
): AttendanceMember => ({
  is_voting,
  membership: { demographic, position },
  attendee: present ? checkedIn : null,
});

describe('motion filter', () => {
  it.each([
    ['North', null, true], // no filter
    ['North', [], true], // empty filter is no filter
    ['North', ['North', 'South'], true],
    ['East', ['North', 'South'], false],
    ['north', ['North'], false], // exact comparison
    [null, ['North', null], true], // null entry = 'No Value'
    [undefined, ['North', null], true],
    ['', ['North', null], true],
    [null, ['North'], false],
    ['North', [null], false],
    // An empty-string filter entry is 'No Value' too, like a null entry.
    [null, [''], true],
    [undefined, ['North', ''], true],
    ['', [''], true],
    ['North', [''], false],
  ] as const)('%s in %o → %s', (demographic, filter, expected) => {
    expect(matchesMotionFilter(demographic, filter as (string | null)[] | null)).toBe(expected);
  });

  it('a filter exists only for a non-empty list', () => {
    expect(hasMotionFilter({ motion_filter: ['A'] })).toBe(true);
    expect(hasMotionFilter({ motion_filter: [null] })).toBe(true);
    expect(hasMotionFilter({ motion_filter: [] })).toBe(false);
    expect(hasMotionFilter({ motion_filter: null })).toBe(false);
  });
});

describe('check-in', () => {
  it.each([
    ['no attendee record', null, false],
    ['deleted attendee', { deleted_at: '2025-01-01', checkIns: [{ deleted_at: null }] }, false],
    ['no check-ins', { deleted_at: null, checkIns: [] }, false],
    ['only deleted check-ins', { deleted_at: null, checkIns: [{ deleted_at: '2025-01-01' }] }, false],
    ['a live check-in', checkedIn, true],
    [
      'a deleted then a live check-in',
      { checkIns: [{ deleted_at: '2025-01-01' }, { deleted_at: null }] },
      true,
    ],
  ])('%s → %s', (_label, attendee, expected) => {
    expect(isCheckedIn({ attendee })).toBe(expected);
  });
});

describe('counting voters', () => {
  const members = [
    member(true, 'North'),
    member(true, 'South'),
    member(true, null),
    member(true, 'North', false), // voting, absent
    member(false, 'North'), // not a voting member
  ];

  it('voting members in filter: null without a filter, else all voting members in it (present or not)', () => {
    expect(votingMembersInFilter(members, { motion_filter: null })).toBeNull();
    expect(votingMembersInFilter(members, { motion_filter: [] })).toBeNull();
    expect(votingMembersInFilter(members, { motion_filter: ['North'] })).toBe(2);
    expect(votingMembersInFilter(members, { motion_filter: ['North', null] })).toBe(3);
    expect(votingMembersInFilter(members, { motion_filter: ['West'] })).toBe(0);
  });

  it('eligible voters: voting, in filter, and checked in when required', () => {
    expect(eligibleVoters(members, { motion_filter: null, require_check_in: true })).toHaveLength(3);
    expect(eligibleVoters(members, { motion_filter: null, require_check_in: false })).toHaveLength(4);
    expect(eligibleVoters(members, { motion_filter: ['North'], require_check_in: true })).toHaveLength(1);
    expect(eligibleVoters(members, { motion_filter: ['North'], require_check_in: false })).toHaveLength(2);
  });

  it('present voting members', () => {
    expect(presentVotingMembers(members)).toBe(3);
    expect(presentVotingMembers([])).toBe(0);
  });
});

describe('chair or vice chair present', () => {
  const committee = { chair_position: 'chair', vchair_position: 'vchair' };
  it.each([
    [[member(true, null, true, 'chair')], true],
    [[member(false, null, true, 'vchair')], true], // position matters, not voting rights
    [[member(true, null, false, 'chair')], false], // not checked in
    [[member(true, null, true, 'secretary')], false],
    [[member(true, null, true, null)], false],
    [[], false],
  ])('%# → %s', (members, expected) => {
    expect(isChairOrViceChairPresent(members, committee)).toBe(expected);
  });

  it('a committee without positions never has a chair present', () => {
    expect(isChairOrViceChairPresent([member(true, null, true, null)], {})).toBe(false);
  });
});

describe('respond', () => {
  const base: RespondInput = {
    member: { is_voting: true, membership: { demographic: 'North' } },
    checked_in: true,
    vote_active: true,
    is_amendment_vote: false,
    motion: { maximum_responses: 1, motion_filter: null, motion_responses: null },
    member_responses: [],
  };

  it.each([
    ['allowed', {}, null],
    ['not a voting member', { member: { is_voting: false, membership: null } }, 'not_voting_member'],
    ['not checked in', { checked_in: false }, 'not_checked_in'],
    ['email vote: check-in does not apply', { checked_in: null }, null],
    ['vote not active', { vote_active: false }, 'vote_not_active'],
    ['outside the filter', { motion: { ...base.motion, motion_filter: ['South'] } }, 'not_in_filter'],
    ['inside the filter', { motion: { ...base.motion, motion_filter: ['South', 'North'] } }, null],
    ['maximum reached', { member_responses: ['in_favor'] }, 'maximum_reached'],
    [
      'below a maximum of 3',
      { member_responses: ['A'], motion: { maximum_responses: 3, motion_responses: ['A', 'B', 'C', 'D'] } },
      null,
    ],
    [
      'at a maximum of 3',
      {
        member_responses: ['A', 'B', 'C'],
        motion: { maximum_responses: 3, motion_responses: ['A', 'B', 'C', 'D'] },
      },
      'maximum_reached',
    ],
    [
      'amendment votes allow one response',
      {
        is_amendment_vote: true,
        member_responses: ['A'],
        motion: { maximum_responses: 3, motion_responses: ['A', 'B', 'C'] },
      },
      'maximum_reached',
    ],
    ['a known response', { response: 'opposed' }, null],
    ['abstain is always offered', { response: 'abstained' }, null],
    ['an unknown response', { response: 'maybe' }, 'unknown_response'],
    [
      'a response the ballot leaves out',
      { response: 'abstained', offered: ['in_favor', 'opposed'] },
      'unknown_response',
    ],
    [
      'the same response twice',
      {
        response: 'A',
        member_responses: ['A'],
        motion: { maximum_responses: 3, motion_responses: ['A', 'B', 'C', 'D'] },
      },
      'already_chosen',
    ],
  ])('%s', (_label, override, expected) => {
    const input = { ...base, ...override } as RespondInput;
    expect(respondBlocker(input)).toBe(expected);
    expect(canRespond(input)).toBe(expected === null);
  });

  it('available responses', () => {
    expect(availableResponses({ motion_responses: null })).toEqual(['in_favor', 'opposed', 'abstained']);
    expect(availableResponses({ motion_responses: [' A ', '', 'B'] })).toEqual(['A', 'B', 'abstained']);
  });
});

describe('member voting status', () => {
  it.each([
    [0, 1, 'no_vote'],
    [1, 1, 'voted'],
    [0, 3, 'no_vote'],
    [1, 3, 'partial_vote'],
    [2, 3, 'partial_vote'],
    [3, 3, 'voted'],
    // A maximum below 1 counts as 1: one response is a full vote, none is still no vote.
    [1, 0, 'voted'],
    [1, -1, 'voted'],
    [0, 0, 'no_vote'],
  ] as const)('%i of %i → %s', (cast, max, expected) => {
    expect(memberVotingStatus({ responses_cast: cast, maximum_responses: max })).toBe(expected);
  });
});
