import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatTime,
  parseDate,
  parseDateTime,
  parsePickerText,
  parseTime,
  pickerPlaceholder,
  shiftLinkedEnd,
  toDate,
  toPickerText,
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

  it('also takes a 24-hour time with a two-digit hour, but not an hour that could be either', () => {
    expect(parseDateTime('01/05/2025 15:07')).toEqual(new Date(2025, 0, 5, 15, 7));
    expect(parseDateTime('01/05/2025 00:30:09')).toEqual(new Date(2025, 0, 5, 0, 30, 9));
    expect(parseTime('09:30', new Date(2025, 5, 1))).toEqual(new Date(2025, 5, 1, 9, 30));
    expect(parsePickerText('11/23/2026 21:05', 'datetime')).toBe('2026-11-23T21:05');
    expect(parseDateTime('01/05/2025 3:07')).toBeNull();
    expect(parseDateTime('01/05/2025 24:00')).toBeNull();
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

describe('picker values', () => {
  it('shows a datetime-local value in the spec format, and reads typed text back', () => {
    expect(toPickerText('2026-01-02T21:05', 'datetime')).toBe('01/02/2026 9:05 PM');
    expect(parsePickerText('1/2/2026 9:05 pm', 'datetime')).toBe('2026-01-02T21:05');
    expect(parsePickerText('01/02/2026 9:05:30 PM', 'datetime', true)).toBe('2026-01-02T21:05:30');
  });

  it('has date-only and time-only variants', () => {
    expect(toPickerText('2026-01-02', 'date')).toBe('01/02/2026');
    expect(parsePickerText('01/02/2026', 'date')).toBe('2026-01-02');
    expect(toPickerText('21:05', 'time')).toBe('9:05 PM');
    expect(parsePickerText('9:05 PM', 'time')).toBe('21:05');
    expect(pickerPlaceholder('datetime')).toBe('MM/DD/YYYY h:mm AM');
    expect(pickerPlaceholder('time', true)).toBe('h:mm:ss AM');
  });

  it("answers '' for blank text and null for text that is not an entry", () => {
    expect(parsePickerText('  ', 'datetime')).toBe('');
    expect(parsePickerText('11/23/26 9:05 AM', 'datetime')).toBeNull();
    expect(parsePickerText('11/23/2026 21:05 AM', 'datetime')).toBeNull();
    expect(parsePickerText('11/23/2026', 'datetime')).toBeNull();
    expect(toPickerText('', 'datetime')).toBe('');
  });

  it('moves a linked end by as much as the start moved', () => {
    expect(shiftLinkedEnd('2026-11-23T09:00', '2026-11-25T10:30', '2026-11-23T11:00')).toBe(
      '2026-11-25T12:30',
    );
    expect(shiftLinkedEnd('2026-11-23T09:00', '2026-11-23T08:00', '2026-11-26T09:00')).toBe(
      '2026-11-26T08:00',
    );
  });

  it('leaves the end alone when the start or the end is not set', () => {
    expect(shiftLinkedEnd('', '2026-11-25T10:30', '2026-11-23T11:00')).toBe('2026-11-23T11:00');
    expect(shiftLinkedEnd('2026-11-23T09:00', '', '2026-11-23T11:00')).toBe('2026-11-23T11:00');
    expect(shiftLinkedEnd('2026-11-23T09:00', '2026-11-24T09:00', '')).toBe('');
  });

  it('leaves an end that was not after the start where it is, so moving the start can mend the range', () => {
    expect(shiftLinkedEnd('2026-11-27T10:00', '2026-11-27T08:00', '2026-11-27T09:00')).toBe(
      '2026-11-27T09:00',
    );
    expect(shiftLinkedEnd('2026-11-27T10:00', '2026-11-27T08:00', '2026-11-27T10:00')).toBe(
      '2026-11-27T10:00',
    );
  });
});
