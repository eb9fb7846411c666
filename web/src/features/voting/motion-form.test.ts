import { describe, expect, it } from 'vitest';
import {
  checkMotionForm,
  emptyMotionForm,
  followMaximumRule,
  type MotionFormValues,
  motionFormBody,
  motionFormFrom,
  reservedResponses,
} from '@/features/voting/motion-form';
import { makeMeetingCommittee, makeMotion } from '@/features/voting/test-fixtures';

const committee = makeMeetingCommittee();
function values(overrides: Partial<MotionFormValues>): MotionFormValues {
  return { ...emptyMotionForm(null), name: 'Adopt', ...overrides };
}
function slots(...filled: string[]): string[] {
  return [...filled, ...Array.from({ length: 9 - filled.length }, () => '')];
}
/** The rules with the default abstain label unless told otherwise. */
function check(
  v: MotionFormValues,
  c: Parameters<typeof checkMotionForm>[1],
  isAmendment: boolean,
  abstainLabel = 'Abstain',
) {
  return checkMotionForm(v, c, isAmendment, abstainLabel);
}

describe('motion form rules', () => {
  it('defaults to simple majority, one response, and the configured result visibility (else show)', () => {
    expect(emptyMotionForm('hide_breakdown')).toMatchObject({
      resultVisibility: 'hide_breakdown',
      voteType: 'simple_majority',
      maximum: '1',
    });
    expect(emptyMotionForm(null).resultVisibility).toBe('show_all');
  });

  it('needs a name longer than 1 character', () => {
    expect(check(values({ name: 'A' }), committee, false).invalid).toContain('name');
    expect(check(values({ name: 'Ab' }), committee, false).invalid).not.toContain('name');
  });

  // The editor's HTML, measured as shown ('&amp;' is the one character '&'), as the server measures it.
  it.each([
    ['&amp;', false],
    ['<strong>A</strong>', false],
    ['&lt;', false],
    ['&nbsp;A&nbsp;', false],
    ['&amp;&amp;', true],
    ['a&lt;b', true],
    ['<em>A</em>b', true],
  ])('name %o → valid %s', (name, valid) => {
    expect(check(values({ name }), committee, false).invalid.includes('name')).toBe(!valid);
  });

  it("flags a custom response spelt like the association's abstain label, in any case", () => {
    const abstain = values({ customResponses: true, slots: slots('abstain', 'No way') });
    expect(check(abstain, committee, false).invalid).toContain('motion_responses');
    expect(reservedResponses(abstain, 'Abstain')).toEqual(['abstain']);
    // Another association's wording: its label is reserved, 'Abstain' is an ordinary response.
    const present = values({ customResponses: true, slots: slots('Abstain', 'PRESENT') });
    expect(check(present, committee, false, 'Present').invalid).toContain('motion_responses');
    expect(reservedResponses(present, 'Present')).toEqual(['PRESENT']);
    const free = values({ customResponses: true, slots: slots('Abstain', 'No way') });
    expect(check(free, committee, false, 'Present').valid).toBe(true);
  });

  it("keeps custom responses with '<', '>' and '&' as typed", () => {
    const v = values({ customResponses: true, slots: slots('< 18', 'Under <65', 'C&D', '<i>x</i>') });
    const result = check(v, committee, false);
    expect(result.valid).toBe(true);
    expect(result.value.motion_responses).toEqual(['< 18', 'Under <65', 'C&D', '<i>x</i>']);
  });

  it('needs 2 distinct custom responses, compared case-insensitively', () => {
    const same = check(values({ customResponses: true, slots: slots('Yes', 'YES ') }), committee, false);
    expect(same.invalid).toContain('motion_responses');
    const two = check(values({ customResponses: true, slots: slots('Yes', 'No') }), committee, false);
    expect(two.valid).toBe(true);
  });

  it('offers maximum responses and multiple choice only with more than 2 responses', () => {
    const two = check(values({ customResponses: true, slots: slots('A', 'B') }), committee, false);
    expect(two.maximum_responses_shown).toBe(false);
    expect(two.vote_type_choice_offered).toBe(false);
    const three = check(values({ customResponses: true, slots: slots('A', 'B', 'C') }), committee, false);
    expect(three.maximum_responses_shown).toBe(true);
    expect(three.allowed_vote_types).toEqual(['simple_majority', 'multiple']);
  });

  it('forces multiple choice above 1 response and flags a maximum above responses minus 1', () => {
    const forced = check(
      values({ customResponses: true, slots: slots('A', 'B', 'C'), maximum: '2' }),
      committee,
      false,
    );
    expect(forced.value.vote_type).toBe('multiple');
    const tooMany = check(
      values({ customResponses: true, slots: slots('A', 'B', 'C'), maximum: '3' }),
      committee,
      false,
    );
    expect(tooMany.invalid).toContain('maximum_responses');
  });

  it('resets the maximum and multiple choice when responses drop to 2', () => {
    const result = check(
      values({ customResponses: true, slots: slots('A', 'B'), maximum: '2', voteType: 'multiple' }),
      committee,
      false,
    );
    expect(result.value.maximum_responses).toBe(1);
    expect(result.value.vote_type).toBe('simple_majority');
  });

  it('resets the maximum shown in the form: below 1, none, or 2 or fewer responses; else as typed', () => {
    const three = { customResponses: true, slots: slots('A', 'B', 'C') };
    const maximumOf = (v: Partial<MotionFormValues>, typing = false) =>
      followMaximumRule(values(v), typing).maximum;
    expect(maximumOf({ ...three, maximum: '0' })).toBe('1');
    expect(maximumOf({ ...three, maximum: '-2' })).toBe('1');
    expect(maximumOf({ ...three, maximum: '' })).toBe('1');
    expect(maximumOf({ ...three, maximum: '' }, true)).toBe('');
    expect(maximumOf({ ...three, maximum: '2' })).toBe('2');
    // Above the bound or not whole: kept, and flagged by checkMotionForm.
    expect(maximumOf({ ...three, maximum: '5' })).toBe('5');
    expect(maximumOf({ ...three, maximum: '1.5' })).toBe('1.5');
    expect(maximumOf({ customResponses: true, slots: slots('A', 'B'), maximum: '2' })).toBe('1');
    expect(maximumOf({ customResponses: false, slots: slots('A', 'B', 'C'), maximum: '2' })).toBe('1');
  });

  it('offers two-thirds only when the committee asks for it', () => {
    const result = check(values({}), makeMeetingCommittee({ two_thirds_vote: true }), false);
    expect(result.allowed_vote_types).toEqual(['simple_majority', 'two_thirds']);
    expect(result.vote_type_choice_offered).toBe(true);
  });

  it('offers the demographic filter for motions only', () => {
    expect(check(values({}), committee, false).demographic_filter_offered).toBe(true);
    expect(check(values({}), committee, true).demographic_filter_offered).toBe(false);
    expect(
      check(values({}), makeMeetingCommittee({ demographic_motion_filterable: false }), false)
        .demographic_filter_offered,
    ).toBe(false);
  });

  it('builds the payload after the resets', () => {
    const v = values({
      name: '  Pick colours ',
      body: '<p>Which?</p>',
      customResponses: true,
      slots: slots('Red', 'Blue', 'Green'),
      maximum: '2',
      filter: ['North', null],
    });
    expect(motionFormBody(v, check(v, committee, false))).toEqual({
      name: 'Pick colours',
      body: '<p>Which?</p>',
      custom_responses_enabled: true,
      motion_responses: ['Red', 'Blue', 'Green'],
      maximum_responses: 2,
      vote_type: 'multiple',
      result_visibility: 'show_all',
      motion_filter: ['North', null],
    });
  });

  it('starts an edit from the motion', () => {
    const form = motionFormFrom(makeMotion({ motion_responses: ['A', 'B', 'C'], maximum_responses: 2 }));
    expect(form.customResponses).toBe(true);
    expect(form.slots).toEqual(slots('A', 'B', 'C'));
    expect(form.maximum).toBe('2');
  });
});
