import { QUORUM_MAX } from '@gavel/contracts';
import { describe, expect, it } from 'vitest';
import {
  type CommitteeFormValues,
  committeeFormValues,
  emptyCommitteeForm,
  newRowKey,
  type PositionRow,
  toCreateBody,
  toUpdateBody,
  validateCommitteeForm,
} from '@/features/committees/committee-form';
import { makeCommittee } from '@/test/fixtures';

function form(overrides: Partial<CommitteeFormValues> = {}): CommitteeFormValues {
  return { ...emptyCommitteeForm(2026), name: 'Finance', code: 'FIN', ...overrides };
}

const row = (position: string, is_voting = true) => ({ key: newRowKey(), position, is_voting });

describe('validateCommitteeForm', () => {
  it('accepts a minimal committee', () => {
    expect(validateCommitteeForm(form())).toEqual({});
  });

  it('requires a name and a code', () => {
    expect(validateCommitteeForm(form({ name: ' ', code: '' }))).toEqual({
      name: 'The name field is required.',
      code: 'The code field is required.',
    });
  });

  it('limits the code to 10 letters, digits and dashes', () => {
    expect(validateCommitteeForm(form({ code: 'ABCDEFGHIJK' })).code).toBe(
      'The code may not be greater than 10 characters.',
    );
    expect(validateCommitteeForm(form({ code: 'AB CD' })).code).toBe(
      'The code may only contain letters, numbers and dashes.',
    );
    expect(validateCommitteeForm(form({ code: 'FIN-26' })).code).toBeUndefined();
  });

  it('needs a year unless term based, and a whole-number quorum', () => {
    expect(validateCommitteeForm(form({ year: '' })).year).toBe(
      'The year field is required unless the committee is term based.',
    );
    expect(validateCommitteeForm(form({ termBased: true, year: '' })).year).toBeUndefined();
    expect(validateCommitteeForm(form({ quorum: '2.5' })).quorum).toBe('The quorum must be a whole number.');
    expect(validateCommitteeForm(form({ quorum: '-1' })).quorum).toBe('The quorum may not be negative.');
    expect(validateCommitteeForm(form({ quorum: 'abc' })).quorum).toBe('The quorum must be a whole number.');
  });

  it("bounds quorum and year as the contract does, so that the server's database can hold them", () => {
    const tooBig = `The quorum may not be greater than ${QUORUM_MAX}.`;
    expect(validateCommitteeForm(form({ quorum: String(QUORUM_MAX) })).quorum).toBeUndefined();
    expect(validateCommitteeForm(form({ quorum: '99999999999' })).quorum).toBe(tooBig);
    expect(validateCommitteeForm(form({ quorum: '9'.repeat(30) })).quorum).toBe(tooBig);
    expect(validateCommitteeForm(form({ year: '99999999999' })).year).toBe(
      'The year may not be greater than 9999.',
    );
  });

  it('keeps the chair and vice-chair among the positions', () => {
    const errors = validateCommitteeForm(
      form({ positions: [row('Chair')], chair_position: 'President', vchair_position: 'Chair' }),
    );
    expect(errors.chair_position).toBe('The selected position is not one of the committee positions.');
    expect(errors.vchair_position).toBeUndefined();
  });

  it('names blank and repeated positions', () => {
    const errors = validateCommitteeForm(form({ positions: [row('Chair'), row(' '), row('Chair')] }));
    expect(errors['voting_rights.1.position']).toBe('The position name is required.');
    expect(errors.voting_rights).toBe('Each position may appear only once.');
  });

  it('requires the demographic name and non-blank values when the committee has a demographic', () => {
    const values = form({
      has_demographic: true,
      demographics: [
        { key: newRowKey(), value: 'North' },
        { key: newRowKey(), value: '' },
      ],
    });
    expect(validateCommitteeForm(values)).toEqual({
      demographic_name: 'The demographic name field is required when the committee has a demographic.',
      'demographics.1': 'The value is required.',
    });
    expect(validateCommitteeForm({ ...values, has_demographic: false })).toEqual({});
  });
});

describe('request bodies', () => {
  it('sends a term-based committee with year null and trims the texts', () => {
    const body = toCreateBody(
      form({ termBased: true, year: '', name: ' Board ', quorum: '3', positions: [row(' Chair ')] }),
    );
    expect(body).toMatchObject({ name: 'Board', year: null, quorum: 3 });
    expect(body.voting_rights).toEqual([{ position: 'Chair', is_voting: true }]);
  });

  it('leaves the demographic settings out when the committee has none', () => {
    const body = toCreateBody(
      form({
        has_demographic: false,
        demographic_name: 'Region',
        demographic_is_displayed: true,
        demographics: [{ key: newRowKey(), value: 'North' }],
      }),
    );
    expect(body).toMatchObject({ demographic_name: null, demographic_is_displayed: false, demographics: [] });
  });

  it('renames with new_code only when the code changed, naming the committee by its year', () => {
    const committee = makeCommittee({ code: 'FIN', year: 2026 });
    const same = toUpdateBody(committeeFormValues(committee), committee);
    expect(same).not.toHaveProperty('new_code');
    expect(same).not.toHaveProperty('code');
    expect(same.year).toBe(2026);
    const renamed = toUpdateBody({ ...committeeFormValues(committee), code: 'FIN2' }, committee);
    expect(renamed.new_code).toBe('FIN2');
    const termBased = makeCommittee({ year: null });
    expect(toUpdateBody(committeeFormValues(termBased), termBased)).not.toHaveProperty('year');
  });

  it('says which loaded position became which new name, and nothing for unchanged or new rows', () => {
    const committee = makeCommittee();
    const values = committeeFormValues(committee);
    expect(toUpdateBody(values, committee)).not.toHaveProperty('position_renames');
    const [chair, vice, member, staff] = values.positions;
    const edited = {
      ...values,
      positions: [
        { ...(chair as PositionRow), position: ' President ' },
        vice as PositionRow,
        { ...(member as PositionRow), position: 'Staff Liaison' },
        { ...(staff as PositionRow), position: 'Member' },
        row('Observer'),
      ],
    };
    expect(toUpdateBody(edited, committee).position_renames).toEqual([
      { from: 'Chair', to: 'President' },
      { from: 'Member', to: 'Staff Liaison' },
      { from: 'Staff Liaison', to: 'Member' },
    ]);
  });
});
