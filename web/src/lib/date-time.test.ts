import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatTime,
  parseDate,
  parseDateTime,
  parseTime,
  toDate,
} from '@/lib/date-time';

const afternoon = new Date(2025, 0, 5, 15, 7, 9);
const morning = new Date(2025, 10, 23, 0, 5, 0);

describe('formatting', () => {
  it('formats date-times as MM/DD/YYYY h:mm A', () => {
    expect(formatDateTime(afternoon)).toBe('01/05/2025 3:07 PM');
    expect(formatDateTime(morning)).toBe('11/23/2025 12:05 AM');
  });

  it('adds seconds as h:mm:ss A when asked', () => {
    expect(formatDateTime(afternoon, { seconds: true })).toBe('01/05/2025 3:07:09 PM');
    expect(formatTime(afternoon, { seconds: true })).toBe('3:07:09 PM');
  });

  it('has date-only and time-only variants', () => {
    expect(formatDate(afternoon)).toBe('01/05/2025');
    expect(formatTime(afternoon)).toBe('3:07 PM');
    expect(formatTime(new Date(2025, 0, 1, 12, 0))).toBe('12:00 PM');
  });

  it('accepts ISO strings and epoch numbers', () => {
    expect(formatDateTime('2025-01-05T15:07:09')).toBe('01/05/2025 3:07 PM');
    expect(formatDate(afternoon.getTime())).toBe('01/05/2025');
  });

  it('gives an empty string for a missing or invalid value', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatTime('not a date')).toBe('');
    expect(toDate('')).toBeNull();
  });
});

describe('parsing', () => {
  it('parses MM/DD/YYYY h:mm A and the seconds variant', () => {
    expect(parseDateTime('01/05/2025 3:07 PM')).toEqual(new Date(2025, 0, 5, 15, 7));
    expect(parseDateTime('01/05/2025 3:07:09 PM')).toEqual(afternoon);
    expect(parseDateTime('11/23/2025 12:05 AM')).toEqual(morning);
  });

  it('is lenient about spacing and the case of AM/PM', () => {
    expect(parseDateTime(' 01/05/2025   3:07pm ')).toEqual(new Date(2025, 0, 5, 15, 7));
  });

  it('parses date-only to local midnight and time-only onto a reference day', () => {
    expect(parseDate('02/29/2024')).toEqual(new Date(2024, 1, 29));
    expect(parseTime('9:30 AM', new Date(2025, 5, 1, 18, 0))).toEqual(new Date(2025, 5, 1, 9, 30));
    expect(parseTime('9:30:15 PM', new Date(2025, 5, 1))).toEqual(new Date(2025, 5, 1, 21, 30, 15));
  });

  it('rejects text that does not fit the format or is not a real date', () => {
    expect(parseDateTime('01/05/2025')).toBeNull();
    expect(parseDateTime('01/05/25 3:07 PM')).toBeNull();
    expect(parseDateTime('2025-01-05 3:07 PM')).toBeNull();
    expect(parseDateTime('01/05/2025 15:07 PM')).toBeNull();
    expect(parseDateTime('01/05/2025 3:07')).toBeNull();
    expect(parseDate('02/30/2025')).toBeNull();
    expect(parseDate('13/01/2025')).toBeNull();
    expect(parseTime('3:60 PM')).toBeNull();
    expect(parseTime('')).toBeNull();
  });

  it('round-trips with the formatters', () => {
    expect(parseDateTime(formatDateTime(morning))).toEqual(morning);
    expect(parseDateTime(formatDateTime(afternoon, { seconds: true }))).toEqual(afternoon);
    expect(parseDate(formatDate(afternoon))).toEqual(new Date(2025, 0, 5));
  });
});
