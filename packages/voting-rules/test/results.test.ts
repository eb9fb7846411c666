import { describe, expect, it } from 'vitest';
import {
  expectedTotalVotes,
  hasCustomBallot,
  hasCustomResponses,
  isResultPassed,
  maximumResponsesFor,
  passThreshold,
  percentOf,
  resultBreakdown,
  resultList,
  resultOfVote,
  type Tally,
  thresholdRuleFor,
  totalVotes,
  validTotal,
  voteResult,
} from '../src/index.js';

const t = (counts: Record<string, number>): Tally[] =>
  Object.entries(counts).map(([response, count]) => ({ response, count }));

describe('passThreshold', () => {
  it.each([
    // simple majority: half plus one when even, ceiling of half when odd
    [0, 'simple_majority', 1],
    [1, 'simple_majority', 1],
    [2, 'simple_majority', 2],
    [3, 'simple_majority', 2],
    [4, 'simple_majority', 3],
    [5, 'simple_majority', 3],
    [6, 'simple_majority', 4],
    [7, 'simple_majority', 4],
    [10, 'simple_majority', 6],
    [11, 'simple_majority', 6],
    [100, 'simple_majority', 51],
    [101, 'simple_majority', 51],
    // two-thirds: ceiling of two thirds
    [0, 'two_thirds', 0],
    [1, 'two_thirds', 1],
    [2, 'two_thirds', 2],
    [3, 'two_thirds', 2],
    [4, 'two_thirds', 3],
    [5, 'two_thirds', 4],
    [6, 'two_thirds', 4],
    [7, 'two_thirds', 5],
    [8, 'two_thirds', 6],
    [9, 'two_thirds', 6],
    [10, 'two_thirds', 7],
    [99, 'two_thirds', 66],
    [100, 'two_thirds', 67],
    [300, 'two_thirds', 200],
  ] as const)('%i valid votes, %s → %i', (n, rule, expected) => {
    expect(passThreshold(n, rule)).toBe(expected);
  });

  it('maps pass rules: majority reads as simple majority', () => {
    expect(thresholdRuleFor('majority')).toBe('simple_majority');
    expect(thresholdRuleFor('simple_majority')).toBe('simple_majority');
    expect(thresholdRuleFor('two_thirds')).toBe('two_thirds');
  });
});

describe('valid and total counts', () => {
  it('abstain is excluded from the valid total but not from the total', () => {
    const outcome = t({ in_favor: 3, opposed: 2, abstained: 4 });
    expect(validTotal(outcome)).toBe(5);
    expect(totalVotes(outcome)).toBe(9);
    expect(validTotal([])).toBe(0);
    expect(validTotal(t({ abstained: 7 }))).toBe(0);
  });
});

describe('voteResult: simple majority and two-thirds', () => {
  const standard = { isAmendment: false } as const;
  it.each([
    // [outcome, rule, expected]
    [{}, 'simple_majority', null], // no votes
    [{ in_favor: 0, opposed: 0, abstained: 0 }, 'simple_majority', null],
    [{ in_favor: 0, opposed: 0, abstained: 0 }, 'two_thirds', null], // threshold 0, but a zero count never wins
    [{ abstained: 5 }, 'simple_majority', null], // all abstain
    [{ abstained: 5 }, 'two_thirds', null],
    [{ in_favor: 1 }, 'simple_majority', 'in_favor'],
    [{ in_favor: 1, abstained: 9 }, 'simple_majority', 'in_favor'], // abstain does not count
    [{ in_favor: 1, opposed: 1 }, 'simple_majority', null], // 1 of 2, needs 2
    [{ in_favor: 2, opposed: 1 }, 'simple_majority', 'in_favor'], // odd 3: needs 2
    [{ in_favor: 2, opposed: 2 }, 'simple_majority', null], // tie, even 4: needs 3
    [{ in_favor: 3, opposed: 1 }, 'simple_majority', 'in_favor'],
    [{ in_favor: 2, opposed: 3 }, 'simple_majority', 'opposed'], // odd 5: needs 3
    [{ in_favor: 3, opposed: 3 }, 'simple_majority', null], // even 6: needs 4
    [{ in_favor: 4, opposed: 3 }, 'simple_majority', 'in_favor'], // odd 7: needs 4
    [{ in_favor: 3, opposed: 4 }, 'simple_majority', 'opposed'],
    [{ in_favor: 3, opposed: 2, abstained: 10 }, 'simple_majority', 'in_favor'],
    [{ a: 2, b: 2, c: 1 }, 'simple_majority', null], // custom: plurality is not majority
    [{ a: 3, b: 1, c: 1 }, 'simple_majority', 'a'],
    [{ in_favor: 2, opposed: 1 }, 'two_thirds', 'in_favor'], // 3: needs 2
    [{ in_favor: 1, opposed: 1 }, 'two_thirds', null], // 2: needs 2
    [{ in_favor: 2, opposed: 2 }, 'two_thirds', null], // 4: needs 3
    [{ in_favor: 3, opposed: 1 }, 'two_thirds', 'in_favor'],
    [{ in_favor: 3, opposed: 2 }, 'two_thirds', null], // 5: needs 4
    [{ in_favor: 4, opposed: 1 }, 'two_thirds', 'in_favor'],
    [{ in_favor: 4, opposed: 2 }, 'two_thirds', 'in_favor'], // 6: needs 4 exactly
    [{ in_favor: 3, opposed: 3 }, 'two_thirds', null],
    [{ in_favor: 4, opposed: 3 }, 'two_thirds', null], // 7: needs 5
    [{ in_favor: 5, opposed: 2 }, 'two_thirds', 'in_favor'],
    [{ in_favor: 1, opposed: 5 }, 'two_thirds', 'opposed'],
    [{ in_favor: 6, opposed: 3, abstained: 20 }, 'two_thirds', 'in_favor'], // 9: needs 6 exactly
    [{ in_favor: 5, opposed: 4, abstained: 1 }, 'two_thirds', null],
    [{ in_favor: 1 }, 'two_thirds', 'in_favor'],
  ] as const)('%o under %s → %s', (counts, rule, expected) => {
    expect(voteResult(t(counts), { ...standard, voteType: rule })).toBe(expected);
  });

  it('abstain never wins even when it holds most votes', () => {
    const outcome: Tally[] = [
      { response: 'abstained', count: 10 },
      { response: 'in_favor', count: 1 },
    ];
    expect(voteResult(outcome, { voteType: 'simple_majority', isAmendment: false })).toBe('in_favor');
  });

  it('amendments use the same thresholds', () => {
    expect(
      voteResult(t({ in_favor: 2, opposed: 1 }), { voteType: 'simple_majority', isAmendment: true }),
    ).toBe('in_favor');
    expect(
      voteResult(t({ in_favor: 3, opposed: 2 }), { voteType: 'two_thirds', isAmendment: true }),
    ).toBeNull();
  });

  it('the response reaching the minimum wins wherever it sits in the outcome', () => {
    expect(
      voteResult(t({ opposed: 3, in_favor: 0 }), { voteType: 'simple_majority', isAmendment: false }),
    ).toBe('opposed');
  });
});

describe('voteResult: multiple choice', () => {
  const multi = (counts: Record<string, number>, maximumResponses?: number, isAmendment = false) =>
    voteResult(t(counts), { voteType: 'multiple', isAmendment, maximumResponses });

  it.each([
    // [counts, maximumResponses, expected]
    [{}, 1, null],
    [{ a: 0, b: 0 }, 1, null], // zero counts excluded
    [{ abstained: 4 }, 2, null], // abstain excluded
    [{ a: 3, b: 2, c: 1 }, 1, 'a'],
    [{ a: 3, b: 2, c: 1 }, undefined, 'a'], // missing maximum means 1
    [{ a: 3, b: 2, c: 1 }, 0, 'a'], // below 1 means 1
    [{ a: 1, b: 2, c: 3 }, 1, 'c'], // ordered by count, not input order
    [{ a: 3, b: 2, c: 1 }, 2, ['a', 'b']],
    [{ a: 3, b: 2, c: 1 }, 3, ['a', 'b', 'c']],
    [{ a: 3, b: 2, c: 0 }, 3, ['a', 'b']], // zero count excluded even under the cap
    [{ a: 3, b: 2, c: 1 }, 5, ['a', 'b', 'c']], // cap above candidates
    [{ b: 2, a: 2, c: 1 }, 1, ['a', 'b']], // tie for first: both, response ascending
    [{ c: 5, b: 2, a: 2 }, 2, ['c', 'a', 'b']], // tie at the cut-off extends the list
    [{ c: 5, b: 2, a: 2, d: 1 }, 3, ['c', 'a', 'b']], // tie inside the cap: no extension
    [{ a: 2, b: 2, c: 2 }, 1, ['a', 'b', 'c']],
    [{ a: 4, abstained: 9, b: 1 }, 1, 'a'],
    [{ a: 4, abstained: 9, b: 1 }, 2, ['a', 'b']],
    [{ Zeta: 1, alpha: 1 }, 1, ['Zeta', 'alpha']], // code-unit order: uppercase first
  ] as const)('%o with maximum %s → %o', (counts, maximum, expected) => {
    expect(multi(counts, maximum)).toEqual(expected);
  });

  it('amendments are capped at 1 whatever maximumResponses says', () => {
    expect(multi({ a: 3, b: 2, c: 1 }, 3, true)).toBe('a');
    expect(multi({ a: 3, b: 3, c: 1 }, 3, true)).toEqual(['a', 'b']); // ties still included
    expect(multi({}, 3, true)).toBeNull();
  });

  it('returns a plain string for one winner, an array for several', () => {
    expect(typeof multi({ a: 1 }, 2)).toBe('string');
    expect(Array.isArray(multi({ a: 1, b: 1 }, 2))).toBe(true);
  });

  it('does not mutate the outcome', () => {
    const outcome = t({ b: 1, a: 5 });
    voteResult(outcome, { voteType: 'multiple', isAmendment: false, maximumResponses: 2 });
    expect(outcome.map((x) => x.response)).toEqual(['b', 'a']);
  });
});

describe('resultOfVote', () => {
  it('caps amendment votes at 1, using the vote type or, if unknown, the motion', () => {
    const outcome = t({ a: 3, b: 2 });
    const motion = { maximum_responses: 2, amendment_parent_id: null };
    expect(resultOfVote({ vote_type: 'multiple', outcome, type: 'motion' }, motion)).toEqual(['a', 'b']);
    expect(resultOfVote({ vote_type: 'multiple', outcome, type: 'amendment' }, motion)).toBe('a');
    expect(resultOfVote({ vote_type: 'multiple', outcome }, { ...motion, amendment_parent_id: 7 })).toBe('a');
    expect(resultOfVote({ vote_type: 'multiple', outcome: null }, motion)).toBeNull();
  });
});

describe('passed / failed', () => {
  it.each([
    ['in_favor', false, true],
    ['opposed', false, false],
    [null, false, false],
    [['in_favor', 'opposed'], false, false],
    ['Option A', true, true],
    [['A', 'B'], true, true], // a tie passes for custom responses
    [null, true, false],
    [[], true, false],
  ] as const)('result %o (custom %s) → %s', (result, custom, expected) => {
    expect(isResultPassed(result as string | string[] | null, custom)).toBe(expected);
  });

  it('custom responses are on only for a non-empty list', () => {
    expect(hasCustomResponses({ motion_responses: ['a', 'b'] })).toBe(true);
    expect(hasCustomResponses({ motion_responses: [] })).toBe(false);
    expect(hasCustomResponses({ motion_responses: null })).toBe(false);
    expect(hasCustomResponses({})).toBe(false);
  });

  it('resultList normalizes the shapes', () => {
    expect(resultList(null)).toEqual([]);
    expect(resultList('a')).toEqual(['a']);
    expect(resultList(['a', 'b'])).toEqual(['a', 'b']);
  });
});

describe('figures', () => {
  it.each([
    [3, false, 3],
    [3, true, 1], // 1 for amendment votes
    [null, false, 1],
    [undefined, false, 1],
    [0, false, 1],
    [-2, false, 1],
    [2.7, false, 2],
  ] as const)('maximumResponsesFor(%s, amendment %s) → %i', (max, amendment, expected) => {
    expect(maximumResponsesFor(max, amendment)).toBe(expected);
  });

  it.each([
    [10, 3, 30],
    [10, 1, 10],
    [0, 3, 0],
    // Maximum responses below 1 counts as 1: every eligible member still owes one response.
    [10, 0, 10],
    [10, -2, 10],
    // A negative member count is no members: never a negative expectation.
    [-4, 3, 0],
    [-4, 0, 0],
  ])(
    'expected total votes = eligible voting members %i × maximum responses %i → %i',
    (members, max, expected) => {
      expect(expectedTotalVotes(members, max)).toBe(expected);
    },
  );

  it.each([
    [1, 3, 33],
    [2, 3, 66], // floored, not rounded
    [3, 3, 100],
    [0, 5, 0],
    [5, 0, 0],
    [199, 200, 99],
  ])('percentOf(%i, %i) → %i', (count, total, expected) => {
    expect(percentOf(count, total)).toBe(expected);
  });

  it('breakdown percentages are of the valid total; abstain has none', () => {
    expect(resultBreakdown(t({ in_favor: 2, opposed: 1, abstained: 5 }))).toEqual([
      { response: 'in_favor', count: 2, percent: 66 },
      { response: 'opposed', count: 1, percent: 33 },
      { response: 'abstained', count: 5, percent: null },
    ]);
    expect(resultBreakdown(t({ abstained: 2 }))).toEqual([
      { response: 'abstained', count: 2, percent: null },
    ]);
  });
});

describe('hasCustomBallot', () => {
  it.each([
    [['in_favor', 'opposed', 'abstained'], false],
    [['in_favor', 'opposed'], false],
    [['Ann', 'Bo', 'abstained'], true],
    [['Yes', 'opposed'], true],
    [[], false],
  ] as const)('%o → %s', (responses, expected) => {
    expect(hasCustomBallot(responses)).toBe(expected);
  });
});
