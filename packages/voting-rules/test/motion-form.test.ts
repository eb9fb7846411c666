import { describe, expect, it } from 'vitest';
import {
  allowedVoteTypes,
  CUSTOM_RESPONSE_COLUMNS,
  effectiveVoteType,
  invalidResponseSlots,
  isDemographicFilterOffered,
  isMaximumResponsesShown,
  isVoteTypeChoiceOffered,
  type MotionFormContext,
  type MotionFormInput,
  maxMaximumResponses,
  normalizeMaximumResponses,
  reservedCustomResponses,
  validateMotionForm,
  validCustomResponses,
  validResponseCount,
} from '../src/index.js';

describe('custom responses', () => {
  it.each([
    [[], []],
    [['', '  ', null, undefined], []],
    [
      ['Yes', 'No'],
      ['Yes', 'No'],
    ],
    [['Yes', 'yes', 'YES'], ['Yes']], // case-insensitive, first spelling kept
    [
      [' A ', 'B', 'a'],
      ['A', 'B'],
    ], // trimmed
    [
      ['A', '', 'B', 'C'],
      ['A', 'B', 'C'],
    ],
  ])('%o → %o', (input, expected) => {
    expect(validCustomResponses(input)).toEqual(expected);
  });

  it('reserved responses are the stored standard values as spelt, and the abstain value in any case', () => {
    expect(
      reservedCustomResponses(['Yes', 'Abstained', 'ABSTAINED', 'in_favor', 'opposed', 'Present'], 'Present'),
    ).toEqual(['Abstained', 'ABSTAINED', 'in_favor', 'opposed', 'Present']);
    // Everyday wording is free: only the stored spelling would read as the standard response.
    expect(
      reservedCustomResponses(['Yes', 'No', 'Opposed', 'OPPOSED', 'In Favor', 'In_Favor'], 'Abstain'),
    ).toEqual([]);
  });

  // The association's abstain label shows on the fixed abstain slot: a custom response spelt like it
  // would be a second 'Abstain' on the ballot, counted as a response that can win.
  it.each([
    ['Abstain', ['Abstain', 'No way'], ['Abstain']],
    ['Abstain', ['abstain', ' ABSTAIN '], ['abstain', ' ABSTAIN ']],
    ['Abstain', ['Abstention', 'Abstaining'], []],
    ['Present', ['present', 'Abstain'], ['present']], // the label in use, not the default
    [' Present ', ['PRESENT', 'Yes'], ['PRESENT']],
    ['Present', ['Abstained', 'Yes'], ['Abstained']], // the stored value stays reserved
  ])('with the abstain label %o, %o reserves %o', (label, responses, expected) => {
    expect(reservedCustomResponses(responses, label)).toEqual(expected);
  });

  it.each([
    [['Yes', 'No', '', ''], []],
    [
      ['', '', '', ''],
      [0, 1],
    ], // none given: the first two empty slots
    [['', 'Yes', '', ''], [0]], // one short: the first empty slot
    [
      ['Yes', 'yes', '', ''],
      [1, 2],
    ], // the repeat, and the slot still needed
    [
      ['Yes', 'No', 'NO', 'in_favor'],
      [2, 3],
    ], // a repeat and a reserved value
    [
      ['abstained', '', ''],
      [0, 1],
    ], // the reserved value, and the one empty slot a second response needs
    [['Yes', 'abstain', ''], [1]], // the abstain label (default Abstain)
  ])('flags the response slots %o → %o', (slots, expected) => {
    expect(invalidResponseSlots(slots, 'Abstain')).toEqual(expected);
  });

  it("flags the slot holding the association's own abstain label", () => {
    expect(invalidResponseSlots(['Abstain', 'Present', 'No'], 'Present')).toEqual([1]);
  });

  // The limit of 9 slots (CUSTOM_RESPONSE_SLOTS) is checked by what it does: validateMotionForm's
  // '9 slots' and '10 slots' cases below. The column split is only read by web's motion form dialog,
  // whose test does not check it yet, so it stays pinned here (spec section 5).
  it('slot layout: 5 in the first column, 4 in the second', () => {
    expect(CUSTOM_RESPONSE_COLUMNS).toEqual([5, 4]);
  });

  it('valid response count is 2 without custom responses', () => {
    expect(validResponseCount({ custom_responses_enabled: false, motion_responses: ['A', 'B', 'C'] })).toBe(
      2,
    );
    expect(validResponseCount({ custom_responses_enabled: true, motion_responses: ['A', 'a', 'C'] })).toBe(2);
  });
});

describe('maximum responses', () => {
  it.each([
    // value, valid count → normalized
    [3, 2, 1], // 2 or fewer valid responses resets to 1
    [3, 1, 1],
    [0, 4, 1], // below 1 resets to 1
    [-1, 4, 1],
    [null, 4, 1],
    [Number.NaN, 4, 1],
    [2, 4, 2],
    [3, 4, 3],
    [5, 4, 5], // above the bound: kept, flagged by validation
  ])('%s with %i valid → %i', (value, count, expected) => {
    expect(normalizeMaximumResponses(value, count)).toBe(expected);
  });

  it.each([
    [0, 1, false],
    [2, 1, false],
    [3, 2, true],
    [4, 3, true],
    [9, 8, true],
  ])('%i valid responses → bound %i, shown %s', (count, bound, shown) => {
    expect(maxMaximumResponses(count)).toBe(bound);
    expect(isMaximumResponsesShown(count)).toBe(shown);
  });
});

describe('vote types', () => {
  it.each([
    [false, 2, ['simple_majority'], false],
    [true, 2, ['simple_majority', 'two_thirds'], true],
    [false, 3, ['simple_majority', 'multiple'], true],
    [true, 3, ['simple_majority', 'two_thirds', 'multiple'], true],
    [false, 0, ['simple_majority'], false],
  ] as const)('two-thirds %s, %i responses → %o, choice %s', (twoThirds, count, types, offered) => {
    const allowed = allowedVoteTypes({ two_thirds_vote: twoThirds, valid_response_count: count });
    expect(allowed).toEqual(types);
    expect(isVoteTypeChoiceOffered(allowed)).toBe(offered);
  });

  it.each([
    ['simple_majority', 2, 3, 'multiple'], // maximum above 1 forces multiple
    ['two_thirds', 2, 4, 'multiple'],
    ['simple_majority', 1, 3, 'simple_majority'],
    ['multiple', 1, 3, 'multiple'],
    ['multiple', 1, 2, 'simple_majority'], // 2 or fewer with multiple: back to standard
    ['multiple', 1, 0, 'simple_majority'],
    ['two_thirds', 1, 2, 'two_thirds'],
  ] as const)(
    '%s, maximum %i, %i responses → %s',
    (vote_type, maximum_responses, valid_response_count, expected) => {
      expect(effectiveVoteType({ vote_type, maximum_responses, valid_response_count })).toBe(expected);
    },
  );
});

describe('demographic filter offer', () => {
  it.each([
    [false, true, true, 2, true],
    [true, true, true, 2, false], // amendments never
    [false, true, false, 2, false], // not filterable
    [false, true, true, 1, false], // only one option
    [false, false, true, 3, false], // committee has no demographic
  ])(
    'amendment %s, has %s, filterable %s, %i options → %s',
    (is_amendment, has, filterable, options, expected) => {
      expect(
        isDemographicFilterOffered({
          is_amendment,
          has_demographic: has,
          demographic_motion_filterable: filterable,
          demographic_option_count: options,
        }),
      ).toBe(expected);
    },
  );
});

describe('validateMotionForm', () => {
  const ctx: MotionFormContext = {
    committee: { two_thirds_vote: true, has_demographic: true, demographic_motion_filterable: true },
    demographic_option_count: 3,
    abstain_label: 'Abstain',
  };
  const base: MotionFormInput = {
    name: 'Adopt the budget',
    is_amendment: false,
    custom_responses_enabled: false,
    vote_type: 'simple_majority',
  };

  it('a standard motion is valid with defaults', () => {
    const r = validateMotionForm(base, ctx);
    expect(r.valid).toBe(true);
    expect(r.invalid).toEqual([]);
    expect(r.value).toEqual({
      name: 'Adopt the budget',
      motion_responses: null,
      maximum_responses: 1,
      vote_type: 'simple_majority',
      result_visibility: 'show_all',
      motion_filter: null,
    });
    expect(r.allowed_vote_types).toEqual(['simple_majority', 'two_thirds']);
    expect(r.vote_type_choice_offered).toBe(true);
    expect(r.maximum_responses_shown).toBe(false);
    expect(r.demographic_filter_offered).toBe(true);
  });

  it.each([
    ['', false],
    ['A', false], // must be longer than 1 character
    ['  A  ', false],
    ['AB', true],
    // Measured as shown: tags removed, entities decoded.
    ['&amp;', false],
    ['&', false],
    ['&lt;', false],
    ['&#38;', false],
    ['<b>x</b>', false],
    ['<b></b>', false],
    ['&nbsp;x&nbsp;', false],
    ['&amp;&amp;', true],
    ['<b>x</b>y', true],
    ['a&lt;b', true],
    ['a<b', true], // an unclosed '<b' is text
    ['<3', true],
  ])('name %o → valid %s', (name, valid) => {
    expect(validateMotionForm({ ...base, name }, ctx).invalid.includes('name')).toBe(!valid);
  });

  it.each([
    [['A'], false],
    [['A', 'a'], false], // not distinct
    [['A', '', ' '], false],
    [['A', 'B'], true],
    [['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'], true], // 9 slots
    [['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'], false], // 10 slots
    [['abstained', 'Yes'], false], // would be a second abstain
    [['Yes', 'No', 'ABSTAINED'], false],
    [['in_favor', 'opposed'], false], // would count as a standard motion
    [['In Favor', 'Opposed to it'], true], // labels, not the stored values
    [['Abstain', 'No way'], false], // the abstain label: two choices would read 'Abstain'
    [['No way', 'ABSTAIN'], false],
    [['< 18', '18 - 65', '> 65'], true], // plain text, kept as typed
    [['Under <18', 'Under <65'], true],
  ])('custom responses %o → valid %s', (responses, valid) => {
    const r = validateMotionForm(
      { ...base, custom_responses_enabled: true, motion_responses: responses },
      ctx,
    );
    expect(r.invalid.includes('motion_responses')).toBe(!valid);
  });

  it('custom responses are sent deduplicated and trimmed', () => {
    const r = validateMotionForm(
      { ...base, custom_responses_enabled: true, motion_responses: [' Red ', 'red', 'Blue', ''] },
      ctx,
    );
    expect(r.value.motion_responses).toEqual(['Red', 'Blue']);
  });

  it('a maximum above 1 forces multiple choice', () => {
    const r = validateMotionForm(
      {
        ...base,
        custom_responses_enabled: true,
        motion_responses: ['A', 'B', 'C', 'D'],
        maximum_responses: 2,
      },
      ctx,
    );
    expect(r.valid).toBe(true);
    expect(r.value.vote_type).toBe('multiple');
    expect(r.value.maximum_responses).toBe(2);
    expect(r.maximum_responses_shown).toBe(true);
    expect(r.allowed_vote_types).toContain('multiple');
  });

  it('a maximum at the bound is valid, above it is flagged', () => {
    const input = { ...base, custom_responses_enabled: true, motion_responses: ['A', 'B', 'C', 'D'] };
    expect(validateMotionForm({ ...input, maximum_responses: 3 }, ctx).invalid).toEqual([]);
    expect(validateMotionForm({ ...input, maximum_responses: 4 }, ctx).invalid).toEqual([
      'maximum_responses',
    ]);
    expect(validateMotionForm({ ...input, maximum_responses: 2.5 }, ctx).invalid).toEqual([
      'maximum_responses',
    ]);
  });

  it('two responses reset the maximum and force multiple back to standard', () => {
    const r = validateMotionForm(
      {
        ...base,
        custom_responses_enabled: true,
        motion_responses: ['A', 'B'],
        maximum_responses: 3,
        vote_type: 'multiple',
      },
      ctx,
    );
    expect(r.valid).toBe(true);
    expect(r.value.maximum_responses).toBe(1);
    expect(r.value.vote_type).toBe('simple_majority');
  });

  it('two-thirds is flagged when the committee does not ask for it', () => {
    const noTwoThirds = { ...ctx, committee: { ...ctx.committee, two_thirds_vote: false } };
    const r = validateMotionForm({ ...base, vote_type: 'two_thirds' }, noTwoThirds);
    expect(r.invalid).toEqual(['vote_type']);
    expect(r.vote_type_choice_offered).toBe(false);
  });

  it('amendments take one response and no demographic filter', () => {
    const r = validateMotionForm(
      {
        ...base,
        is_amendment: true,
        custom_responses_enabled: true,
        motion_responses: ['A', 'B', 'C'],
        maximum_responses: 2,
        motion_filter: ['North'],
      },
      ctx,
    );
    expect(r.value.maximum_responses).toBe(1);
    expect(r.demographic_filter_offered).toBe(false);
    expect(r.custom_responses_offered).toBe(false);
    // An amendment is adopted by a standard vote: custom responses are flagged like the filter.
    expect(r.invalid).toEqual(['motion_responses', 'motion_filter']);
  });

  it('custom responses are offered for motions, not amendments', () => {
    expect(validateMotionForm(base, ctx).custom_responses_offered).toBe(true);
    const amendment = validateMotionForm({ ...base, is_amendment: true }, ctx);
    expect(amendment.custom_responses_offered).toBe(false);
    expect(amendment.valid).toBe(true);
  });

  it('a filter on a root motion of a filterable committee is kept; an empty one is no filter', () => {
    expect(validateMotionForm({ ...base, motion_filter: ['North', null] }, ctx).value.motion_filter).toEqual([
      'North',
      null,
    ]);
    expect(validateMotionForm({ ...base, motion_filter: [] }, ctx).value.motion_filter).toBeNull();
  });

  it('result visibility: explicit, else configured, else show', () => {
    expect(validateMotionForm({ ...base, result_visibility: 'hide_all' }, ctx).value.result_visibility).toBe(
      'hide_all',
    );
    expect(
      validateMotionForm(base, { ...ctx, default_result_visibility: 'hide_breakdown' }).value
        .result_visibility,
    ).toBe('hide_breakdown');
    expect(validateMotionForm(base, ctx).value.result_visibility).toBe('show_all');
  });
});
