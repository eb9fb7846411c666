import { ZCommitteeCopyInput } from '@gavel/contracts';
import { describe, expect, it } from 'vitest';
import { copyFormReducer, initialCopyForm } from '@/features/admin/copy-form';
import { makeCommittee } from '@/test/fixtures';

const finance = makeCommittee({ name: 'Finance Committee', guid: 'g-fin', year: 2026 });
const bylaws = makeCommittee({ name: 'Bylaws Committee', guid: 'g-byl', year: null, code: 'BYL' });

describe('copy form defaults', () => {
  it('year-based: code is the last two digits of the year, name is year plus committee name', () => {
    const state = copyFormReducer(initialCopyForm(2027), { type: 'committee', committee: finance });
    expect(state).toMatchObject({
      guid: 'g-fin',
      termBased: false,
      code: '27',
      name: '2027 Finance Committee',
    });
  });

  it('term-based: empty code and the committee name', () => {
    const state = copyFormReducer(initialCopyForm(2027), { type: 'committee', committee: bylaws });
    expect(state).toMatchObject({ termBased: true, code: '', name: 'Bylaws Committee' });
    const yearBased = copyFormReducer(state, { type: 'termBased', value: false, committee: bylaws });
    expect(yearBased).toMatchObject({ code: '27', name: '2027 Bylaws Committee' });
  });

  it('follows the target year while the fields are untouched', () => {
    let state = copyFormReducer(initialCopyForm(2027), { type: 'committee', committee: finance });
    state = copyFormReducer(state, { type: 'year', value: '2030', committee: finance });
    expect(state).toMatchObject({ code: '30', name: '2030 Finance Committee' });
  });

  it('keeps the last defaults while the year is being typed', () => {
    let state = copyFormReducer(initialCopyForm(2027), { type: 'committee', committee: finance });
    for (const value of ['', '2', '20', '203']) {
      state = copyFormReducer(state, { type: 'year', value, committee: finance });
      expect(state).toMatchObject({ code: '27', name: '2027 Finance Committee' });
    }
    state = copyFormReducer(state, { type: 'year', value: '2031', committee: finance });
    expect(state).toMatchObject({ code: '31', name: '2031 Finance Committee' });
  });

  it('cuts a long default name to the 255 characters a name may have, not splitting a character', () => {
    const long = makeCommittee({ name: 'N'.repeat(251), guid: 'g-long', year: 2026 });
    const state = copyFormReducer(initialCopyForm(2027), { type: 'committee', committee: long });
    expect(state.name).toBe(`2027 ${'N'.repeat(250)}`);
    expect(
      ZCommitteeCopyInput.safeParse({ guid: 'g-long', code: '27', name: state.name, year: 2027 }).success,
    ).toBe(true);
    // An emoji is two UTF-16 units: one straddling the limit goes whole.
    const emoji = makeCommittee({ name: `${'N'.repeat(249)}😀`, guid: 'g-emoji', year: 2026 });
    expect(copyFormReducer(state, { type: 'committee', committee: emoji }).name).toBe(
      `2027 ${'N'.repeat(249)}`,
    );
  });

  it('editing a field stops its auto-fill, the other field keeps following', () => {
    let state = copyFormReducer(initialCopyForm(2027), { type: 'committee', committee: finance });
    state = copyFormReducer(state, { type: 'code', value: 'FIN27' });
    state = copyFormReducer(state, { type: 'year', value: '2028', committee: finance });
    expect(state).toMatchObject({ code: 'FIN27', name: '2028 Finance Committee' });
    state = copyFormReducer(state, { type: 'name', value: 'Treasury' });
    state = copyFormReducer(state, { type: 'committee', committee: bylaws });
    expect(state).toMatchObject({ code: 'FIN27', name: 'Treasury', termBased: true });
  });
});
