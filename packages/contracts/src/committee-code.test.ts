import { describe, expect, it } from 'vitest';
import { committeeForCode } from './committee-code.js';

const fin = (year: number | null) => ({ id: `FIN-${year ?? 'term'}`, year });
const ids = (c: { id: string } | undefined) => c?.id;

describe('committeeForCode', () => {
  // FIN of 2025 and 2026 (the current year) and a copy of it in 2027, in no particular order.
  const years = [fin(2026), fin(2027), fin(2025)];

  it("without a year: the current year's committee, not the newest", () => {
    expect(ids(committeeForCode(years, { currentYear: 2026 }))).toBe('FIN-2026');
  });

  it("without a year and no committee in the current year: the most recent year's", () => {
    expect(ids(committeeForCode(years, { currentYear: 2024 }))).toBe('FIN-2027');
    expect(ids(committeeForCode([fin(2025)], { currentYear: 2026 }))).toBe('FIN-2025');
  });

  it("without a known current year: a term-based committee, else the most recent year's", () => {
    expect(ids(committeeForCode(years))).toBe('FIN-2027');
    expect(ids(committeeForCode(years, { currentYear: null }))).toBe('FIN-2027');
    expect(ids(committeeForCode([fin(null)], {}))).toBe('FIN-term');
  });

  it("a term-based committee serves in every year: before the most recent year's, after the current year's", () => {
    const mixed = [fin(2027), fin(null), fin(2026)];
    expect(ids(committeeForCode(mixed, { currentYear: 2026 }))).toBe('FIN-2026');
    expect(ids(committeeForCode(mixed, { currentYear: 2030 }))).toBe('FIN-term');
    expect(ids(committeeForCode(mixed, { year: 2030 }))).toBe('FIN-term');
  });

  it("with a year: that year's committee whatever the current year, else a term-based one, else none", () => {
    expect(ids(committeeForCode(years, { year: 2027, currentYear: 2026 }))).toBe('FIN-2027');
    expect(ids(committeeForCode(years, { year: 2025, currentYear: 2026 }))).toBe('FIN-2025');
    expect(committeeForCode(years, { year: 2030, currentYear: 2026 })).toBeUndefined();
    expect(ids(committeeForCode([fin(null)], { year: 2030 }))).toBe('FIN-term');
  });

  it('no committees: none', () => {
    expect(committeeForCode([], { currentYear: 2026 })).toBeUndefined();
    expect(committeeForCode([], { year: 2026 })).toBeUndefined();
  });
});
