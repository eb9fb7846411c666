import { describe, expect, it } from 'vitest';
import { generalQuorum, isVoteValid, motionQuorum, quorumShortfall, validityMessage } from '../src/index.js';

describe('motionQuorum', () => {
  it.each([
    // filtered: n / 2 rounded, plus one when n is even
    [0, 1],
    [1, 1],
    [2, 2],
    [3, 2],
    [4, 3],
    [5, 3],
    [6, 4],
    [7, 4],
    [10, 6],
    [11, 6],
    [100, 51],
  ])('%i voting members in the filter → %i', (n, expected) => {
    expect(motionQuorum({ votingMembersInFilter: n, generalQuorum: 99 })).toBe(expected);
  });

  it.each([
    [null, 7, 7],
    [null, 0, 0],
    // a JavaScript caller that leaves the count out means "no filter" too, not a NaN quorum
    [undefined, 7, 7],
  ])('uses the general quorum when no filter applies (%s, general %i → %i)', (n, general, expected) => {
    expect(motionQuorum({ votingMembersInFilter: n as number | null, generalQuorum: general })).toBe(
      expected,
    );
  });

  it('a filter with zero members is still a filter', () => {
    expect(motionQuorum({ votingMembersInFilter: 0, generalQuorum: 7 })).toBe(1);
  });
});

describe('generalQuorum', () => {
  it.each([
    [{ quorum: 5 }, 5],
    [{ quorum: 5, is_finalized: false, finalized_quorum: 3 }, 5],
    [{ quorum: 5, is_finalized: true, finalized_quorum: 3 }, 3],
    [{ quorum: 5, is_finalized: true, finalized_quorum: null }, 5],
    [{ quorum: null }, 0],
  ])('%o → %i', (vote, expected) => {
    expect(generalQuorum(vote)).toBe(expected);
  });
});

describe('validity', () => {
  it.each([
    [3, 0, false],
    [3, 2, false],
    [3, 3, true], // exactly the quorum is valid
    [3, 4, true],
    [0, 0, true],
    [1, 0, false],
  ])('quorum %i, %i received → valid %s', (quorum, received, valid) => {
    expect(isVoteValid({ quorum, received })).toBe(valid);
    expect(validityMessage({ quorum, received }) === null).toBe(valid);
  });

  it.each([
    [3, 0, 'A minimum of 3 members are required to validate the vote, 0 received'],
    [3, 1, 'A minimum of 3 members are required to validate the vote, only 1 received'],
    [3, 2, 'A minimum of 3 members are required to validate the vote, only 2 received'],
    [12, 11, 'A minimum of 12 members are required to validate the vote, only 11 received'],
    [1, 0, 'A minimum of 1 members are required to validate the vote, 0 received'],
  ])('quorum %i, %i received → %s', (quorum, received, message) => {
    expect(validityMessage({ quorum, received })).toBe(message);
  });

  it('quorum shortfall', () => {
    expect(quorumShortfall({ present: 3, quorum: 5 })).toBe(2);
    expect(quorumShortfall({ present: 5, quorum: 5 })).toBe(0);
    expect(quorumShortfall({ present: 9, quorum: 5 })).toBe(0);
  });
});
