import { describe, expect, it } from 'vitest';
import {
  COMMITTEE_CODE_MAX_LENGTH,
  copyFormDefaults,
  DECISION_STATUS,
  ZCommitteeCopyInput,
  ZCommitteeCreateInput,
  ZOwnAppointmentDecisionInput,
} from './committees.js';

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('copyFormDefaults', () => {
  it('year-based: code is the last two digits of the year, name is year plus committee name', () => {
    expect(copyFormDefaults({ year: 2027, name: 'Finance Committee', termBased: false })).toEqual({
      code: '27',
      name: '2027 Finance Committee',
    });
  });

  it('term-based: empty code and the committee name', () => {
    expect(copyFormDefaults({ year: 2027, name: 'Finance Committee', termBased: true })).toEqual({
      code: '',
      name: 'Finance Committee',
    });
  });

  it('keeps a leading zero of the year digits', () => {
    expect(copyFormDefaults({ year: 2005, name: 'Audit', termBased: false }).code).toBe('05');
  });
});

describe('committee create input', () => {
  const valid = { name: 'Finance Committee', code: 'FIN', year: 2026 };

  it('accepts a minimal committee and fills defaults', () => {
    const parsed = ZCommitteeCreateInput.parse(valid);
    expect(parsed).toMatchObject({
      two_thirds_vote: false,
      voting_rights: [],
      demographics: [],
      has_demographic: false,
    });
  });

  it('requires name and code with clear messages', () => {
    const result = ZCommitteeCreateInput.safeParse({ name: ' ', code: '' });
    expect(messages(result)).toEqual(
      expect.arrayContaining(['name: The name field is required.', 'code: The code field is required.']),
    );
  });

  it('limits the code to letters, digits and dashes and at most 10 characters', () => {
    expect(ZCommitteeCreateInput.safeParse({ ...valid, code: 'FIN-26' }).success).toBe(true);
    expect(messages(ZCommitteeCreateInput.safeParse({ ...valid, code: 'F I N' }))).toEqual([
      'code: The code may only contain letters, numbers and dashes.',
    ]);
    expect(
      messages(
        ZCommitteeCreateInput.safeParse({ ...valid, code: 'A'.repeat(COMMITTEE_CODE_MAX_LENGTH + 1) }),
      ),
    ).toEqual(['code: The code may not be greater than 10 characters.']);
  });

  it('wants chair positions among the positions and unique positions', () => {
    const result = ZCommitteeCreateInput.safeParse({
      ...valid,
      voting_rights: [
        { position: 'Member', is_voting: true },
        { position: 'Member', is_voting: false },
      ],
      chair_position: 'Chair',
    });
    expect(messages(result)).toEqual([
      'voting_rights: Each position may appear only once.',
      'chair_position: The selected position is not one of the committee positions.',
    ]);
  });

  it('refuses demographic values that repeat, ignoring case, on the repeating row', () => {
    const withValues = (demographics: string[]) =>
      ZCommitteeCreateInput.safeParse({
        ...valid,
        has_demographic: true,
        demographic_name: 'Region',
        demographics,
      });
    expect(withValues(['North', 'South', 'north', 'North']).success).toBe(false);
    expect(messages(withValues(['North', 'South', 'north', 'North']))).toEqual([
      "demographics.2: The value 'north' is already in the list as 'North' (values may not differ only in case).",
      "demographics.3: The value 'North' is already in the list.",
    ]);
    expect(withValues(['North', 'Northeast']).success).toBe(true);
  });

  it('wants a demographic name when the committee has a demographic', () => {
    expect(messages(ZCommitteeCreateInput.safeParse({ ...valid, has_demographic: true }))).toEqual([
      'demographic_name: The demographic name field is required when the committee has a demographic.',
    ]);
  });
});

describe('copy input', () => {
  it('needs a year unless term-based', () => {
    const base = { guid: 'g', code: '27', name: '2027 Finance Committee' };
    expect(messages(ZCommitteeCopyInput.safeParse(base))).toEqual([
      'year: The year field is required for a year-based committee.',
    ]);
    expect(ZCommitteeCopyInput.safeParse({ ...base, year: 2027 }).success).toBe(true);
    expect(ZCommitteeCopyInput.safeParse({ ...base, term_based: true }).success).toBe(true);
  });
});

describe('appointment decisions', () => {
  it('maps admin decisions to statuses', () => {
    expect(DECISION_STATUS).toEqual({ Accept: 'Accepted', Reset: 'Tentative', Decline: 'Declined' });
  });

  it('lets a member only accept or decline', () => {
    expect(ZOwnAppointmentDecisionInput.safeParse({ id: 'a', decision: 'Accept' }).success).toBe(true);
    expect(ZOwnAppointmentDecisionInput.safeParse({ id: 'a', decision: 'Reset' }).success).toBe(false);
  });
});
