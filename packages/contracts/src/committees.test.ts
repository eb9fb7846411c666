import { describe, expect, it } from 'vitest';
import {
  COMMITTEE_CODE_MAX_LENGTH,
  copyFormDefaults,
  MAX_DEMOGRAPHICS,
  MAX_POSITIONS,
  QUORUM_MAX,
  ZCommitteeCopyInput,
  ZCommitteeCreateInput,
  ZCommitteeUpdateInput,
  ZCurrentYearEvent,
  ZMemberCreateInput,
  ZOwnAppointmentDecisionInput,
  ZSetYearInput,
  ZYearParams,
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

  it('bounds positions and demographic values, so a save stays one quick transaction', () => {
    const rights = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ position: `P${i}`, is_voting: true }));
    const values = (n: number) => Array.from({ length: n }, (_, i) => `V${i}`);
    expect(
      ZCommitteeCreateInput.safeParse({
        ...valid,
        voting_rights: rights(MAX_POSITIONS),
        demographics: values(MAX_DEMOGRAPHICS),
      }).success,
    ).toBe(true);
    expect(
      messages(ZCommitteeCreateInput.safeParse({ ...valid, voting_rights: rights(MAX_POSITIONS + 1) })),
    ).toEqual(['voting_rights: A committee may have at most 100 positions.']);
    expect(
      messages(ZCommitteeCreateInput.safeParse({ ...valid, demographics: values(MAX_DEMOGRAPHICS + 1) })),
    ).toEqual(['demographics: A demographic may have at most 100 values.']);
    const renames = Array.from({ length: MAX_POSITIONS + 1 }, (_, i) => ({ from: `A${i}`, to: `B${i}` }));
    expect(
      messages(ZCommitteeUpdateInput.safeParse({ ...valid, position_renames: renames })).filter((m) =>
        m.startsWith('position_renames:'),
      ),
    ).toEqual(['position_renames: A committee may have at most 100 positions.']);
  });

  it('requires name and code with clear messages', () => {
    const result = ZCommitteeCreateInput.safeParse({ name: ' ', code: '' });
    expect(messages(result)).toEqual(
      expect.arrayContaining(['name: The name field is required.', 'code: The code field is required.']),
    );
  });

  it("says a missing or mistyped name, code or year is required or of the wrong kind, not zod's wording", () => {
    expect(messages(ZCommitteeCreateInput.safeParse({}))).toEqual([
      'name: The name field is required.',
      'code: The code field is required.',
    ]);
    expect(messages(ZCommitteeCreateInput.safeParse({ name: 5, code: true, year: 'abc' }))).toEqual([
      'name: The name must be a string.',
      'code: The code must be a string.',
      'year: The year must be a number.',
    ]);
  });

  it('bounds the quorum inside what the database holds, with one clear message each', () => {
    expect(ZCommitteeCreateInput.safeParse({ ...valid, quorum: QUORUM_MAX }).success).toBe(true);
    for (const quorum of [QUORUM_MAX + 1, 99_999_999_999, 1e23]) {
      expect(messages(ZCommitteeCreateInput.safeParse({ ...valid, quorum }))).toEqual([
        `quorum: The quorum may not be greater than ${QUORUM_MAX}.`,
      ]);
    }
    expect(messages(ZCommitteeCreateInput.safeParse({ ...valid, quorum: 2.5 }))).toEqual([
      'quorum: The quorum must be a whole number.',
    ]);
    expect(messages(ZCommitteeCreateInput.safeParse({ ...valid, quorum: -1 }))).toEqual([
      'quorum: The quorum may not be negative.',
    ]);
    expect(messages(ZCommitteeCreateInput.safeParse({ ...valid, quorum: '7' }))).toEqual([
      'quorum: The quorum must be a whole number.',
    ]);
    expect(
      messages(ZCommitteeUpdateInput.safeParse({ ...valid, code: 'FIN', quorum: 99_999_999_999 })),
    ).toEqual([`quorum: The quorum may not be greater than ${QUORUM_MAX}.`]);
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

  it("refuses the code 'create' in any case (the Add Committee page's address), on create, rename and copy", () => {
    for (const code of ['create', 'Create', ' CREATE ']) {
      expect(messages(ZCommitteeCreateInput.safeParse({ ...valid, code }))).toEqual([
        'code: This code is reserved.',
      ]);
      expect(messages(ZCommitteeUpdateInput.safeParse({ ...valid, new_code: code }))).toEqual([
        'new_code: This code is reserved.',
      ]);
      expect(
        messages(ZCommitteeCopyInput.safeParse({ guid: 'g', code, name: 'Finance', term_based: true })),
      ).toEqual(['code: This code is reserved.']);
    }
    // Only the whole code: one that merely contains the word is fine.
    for (const code of ['created', 'CREATE-26', 'recreate']) {
      expect(ZCommitteeCreateInput.safeParse({ ...valid, code }).success).toBe(true);
    }
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

  it('tells positions apart without regard to case, and tells a blank one only that it is required', () => {
    const withPositions = (...names: string[]) =>
      messages(
        ZCommitteeCreateInput.safeParse({
          ...valid,
          voting_rights: names.map((position) => ({ position, is_voting: true })),
        }),
      );
    expect(withPositions('Chair', 'chair ')).toEqual(['voting_rights: Each position may appear only once.']);
    expect(withPositions('Chair', '', '')).not.toContain(
      'voting_rights: Each position may appear only once.',
    );
    expect(withPositions('Chair', 'Vice Chair')).toEqual([]);
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

describe('year numbers', () => {
  it('says a missing year is required and a non-number is not a number (body, path or query)', () => {
    expect(messages(ZSetYearInput.safeParse({}))).toEqual(['year: The year field is required.']);
    expect(messages(ZSetYearInput.safeParse({ year: null }))).toEqual(['year: The year field is required.']);
    expect(messages(ZYearParams.safeParse({ year: 'abc' }))).toEqual(['year: The year must be a number.']);
    expect(messages(ZYearParams.safeParse({ year: '' }))).toEqual(['year: The year field is required.']);
  });

  it('reads numeric text as a number and keeps the range and whole-number rules', () => {
    expect(ZYearParams.parse({ year: '2026' })).toEqual({ year: 2026 });
    expect(ZSetYearInput.parse({ year: 2026 })).toEqual({ year: 2026 });
    expect(messages(ZSetYearInput.safeParse({ year: 12 }))).toEqual([
      'year: The year must be at least 1900.',
    ]);
    expect(messages(ZSetYearInput.safeParse({ year: 99_999_999_999 }))).toEqual([
      'year: The year may not be greater than 9999.',
    ]);
    expect(messages(ZSetYearInput.safeParse({ year: 2026.5 }))).toEqual([
      'year: The year must be a whole number.',
    ]);
  });

  it('leaves an optional or nullable year out or null', () => {
    expect(ZCommitteeCreateInput.parse({ name: 'Bylaws', code: 'BYL' }).year).toBeUndefined();
    expect(ZCommitteeCreateInput.parse({ name: 'Bylaws', code: 'BYL', year: null }).year).toBeNull();
  });
});

describe('member input', () => {
  it('says a missing user or position is required', () => {
    expect(messages(ZMemberCreateInput.safeParse({ code: 'FIN' }))).toEqual([
      'user_id: The user field is required.',
      'position: The position field is required.',
    ]);
  });
});

describe('copy input', () => {
  it('says a missing committee, code or name is required', () => {
    expect(messages(ZCommitteeCopyInput.safeParse({ term_based: true }))).toEqual([
      'guid: The committee field is required.',
      'code: The code field is required.',
      'name: The name field is required.',
    ]);
  });

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
  // DECISION_STATUS (Accept → Accepted, Reset → Tentative, Decline → Declined) is checked by what it
  // does: services/committees' memberships.int.test.ts (a decision's resulting appointment_status) and
  // web's appointments-dashboard-page.test.tsx (the current status's button is the pressed one).
  it('lets a member only accept or decline', () => {
    expect(ZOwnAppointmentDecisionInput.safeParse({ id: 'a', decision: 'Accept' }).success).toBe(true);
    expect(ZOwnAppointmentDecisionInput.safeParse({ id: 'a', decision: 'Reset' }).success).toBe(false);
  });
});

describe('current-year event', () => {
  it('carries the time it was set to the microsecond, with its offset', () => {
    const event = { tenantId: 't', year: 2026, set_at: '2026-05-01T12:00:00.123456Z' };
    expect(ZCurrentYearEvent.parse(event)).toEqual(event);
    expect(ZCurrentYearEvent.safeParse({ ...event, set_at: '2026-05-01T12:00:00' }).success).toBe(false);
    expect(ZCurrentYearEvent.safeParse({ ...event, year: 2026.5 }).success).toBe(false);
  });
});
