import { describe, expect, it } from 'vitest';
import { yearParam } from '@/features/committees/year-param';

describe('yearParam', () => {
  it.each([
    ['2026', 2026],
    [' 2027 ', 2027],
    ['1900', 1900],
    ['1850', undefined],
    ['0999', undefined],
    ['abc', undefined],
    ['20261', undefined],
    [null, undefined],
  ])('reads %j as %j', (raw, year) => {
    expect(yearParam(raw)).toBe(year);
  });
});
