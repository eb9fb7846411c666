import { format, isValid, parse, parseISO } from 'date-fns';

/** The product's display formats (spec: MM/DD/YYYY with h:mm A, h:mm:ss A with seconds). */
export const DATE_FORMAT = 'MM/dd/yyyy';
export const TIME_FORMAT = 'h:mm a';
export const TIME_SECONDS_FORMAT = 'h:mm:ss a';
export const DATE_TIME_FORMAT = `${DATE_FORMAT} ${TIME_FORMAT}`;
export const DATE_TIME_SECONDS_FORMAT = `${DATE_FORMAT} ${TIME_SECONDS_FORMAT}`;

export type DateInput = Date | string | number | null | undefined;

/** A Date from a Date, an epoch number or an ISO 8601 string; null when missing or invalid. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : typeof value === 'number' ? new Date(value) : parseISO(value);
  return isValid(date) ? date : null;
}

function formatWith(value: DateInput, pattern: string): string {
  const date = toDate(value);
  return date ? format(date, pattern) : '';
}

/** 'MM/DD/YYYY h:mm A', or with seconds 'MM/DD/YYYY h:mm:ss A'; '' for a missing or invalid value. */
export function formatDateTime(value: DateInput, options: { seconds?: boolean } = {}): string {
  return formatWith(value, options.seconds ? DATE_TIME_SECONDS_FORMAT : DATE_TIME_FORMAT);
}

/** 'MM/DD/YYYY'; '' for a missing or invalid value. */
export function formatDate(value: DateInput): string {
  return formatWith(value, DATE_FORMAT);
}

/** 'h:mm A', or with seconds 'h:mm:ss A'; '' for a missing or invalid value. */
export function formatTime(value: DateInput, options: { seconds?: boolean } = {}): string {
  return formatWith(value, options.seconds ? TIME_SECONDS_FORMAT : TIME_FORMAT);
}

const DATE_SHAPE = String.raw`\d{1,2}/\d{1,2}/\d{4}`;
// 12-hour with AM/PM, or 24-hour with a two-digit hour ('15:07', '09:30'); '3:07' alone stays ambiguous.
const TIME_SHAPE = String.raw`(\d{1,2}:\d{2}(:\d{2})?\s*[AaPp][Mm]|\d{2}:\d{2}(:\d{2})?)`;
const DATE_RE = new RegExp(`^${DATE_SHAPE}$`);
const TIME_RE = new RegExp(`^${TIME_SHAPE}$`);
const DATE_TIME_RE = new RegExp(`^${DATE_SHAPE}\\s+${TIME_SHAPE}$`);

function normalise(text: string): string {
  // One space between the parts and before AM/PM, whatever the user typed.
  return text
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/(\d)\s*([AaPp][Mm])$/, '$1 $2');
}

/** The first of `patterns` that reads the whole text, when it has the expected shape. */
function parseFirst(text: string, shape: RegExp, patterns: readonly string[], reference: Date): Date | null {
  const cleaned = normalise(text);
  if (!shape.test(cleaned)) return null;
  for (const pattern of patterns) {
    const date = parse(cleaned, pattern, reference);
    if (isValid(date)) return date;
  }
  return null;
}

// What a typed time may be: the product's 12-hour forms, or 24-hour with a two-digit hour.
const TIME_PATTERNS = [TIME_FORMAT, TIME_SECONDS_FORMAT, 'HH:mm', 'HH:mm:ss'] as const;
const DATE_TIME_PATTERNS = TIME_PATTERNS.map((time) => `${DATE_FORMAT} ${time}`);

/**
 * Parses 'MM/DD/YYYY h:mm A' or 'MM/DD/YYYY h:mm:ss A' (local time), or the same with a 24-hour 'HH:mm';
 * null when the text does not fit.
 */
export function parseDateTime(text: string): Date | null {
  return parseFirst(text, DATE_TIME_RE, DATE_TIME_PATTERNS, new Date());
}

/** Parses 'MM/DD/YYYY' to local midnight; null when the text does not fit. */
export function parseDate(text: string): Date | null {
  return parseFirst(text, DATE_RE, [DATE_FORMAT], new Date());
}

/** Parses 'h:mm A', 'h:mm:ss A' or 24-hour 'HH:mm' as that time on the reference day (today by default). */
export function parseTime(text: string, reference: Date = new Date()): Date | null {
  return parseFirst(text, TIME_RE, TIME_PATTERNS, reference);
}

/**
 * Date-time pickers keep their value as a `datetime-local` style string: 'yyyy-MM-ddTHH:mm' (datetime),
 * 'yyyy-MM-dd' (date) or 'HH:mm' (time), with ':ss' when seconds are included.
 */
export type PickerKind = 'datetime' | 'date' | 'time';

function pickerValueFormat(kind: PickerKind, seconds: boolean): string {
  const time = seconds ? 'HH:mm:ss' : 'HH:mm';
  if (kind === 'date') return 'yyyy-MM-dd';
  return kind === 'time' ? time : `yyyy-MM-dd'T'${time}`;
}

/** A picker's value as a local Date; null when empty or not a date. */
export function pickerValueToDate(value: string, kind: PickerKind, seconds = false): Date | null {
  if (!value) return null;
  const date = parse(value, pickerValueFormat(kind, seconds), new Date());
  return isValid(date) ? date : null;
}

/** A Date as a picker's value. */
export function dateToPickerValue(date: Date, kind: PickerKind, seconds = false): string {
  return format(date, pickerValueFormat(kind, seconds));
}

/** The placeholder that shows the expected entry, e.g. 'MM/DD/YYYY h:mm AM'. */
export function pickerPlaceholder(kind: PickerKind, seconds = false): string {
  const time = seconds ? 'h:mm:ss AM' : 'h:mm AM';
  if (kind === 'date') return 'MM/DD/YYYY';
  return kind === 'time' ? time : `MM/DD/YYYY ${time}`;
}

/** A picker's value as the text it shows; '' when empty or not a date. */
export function toPickerText(value: string, kind: PickerKind, seconds = false): string {
  const date = pickerValueToDate(value, kind, seconds);
  if (!date) return '';
  if (kind === 'date') return formatDate(date);
  return kind === 'time' ? formatTime(date, { seconds }) : formatDateTime(date, { seconds });
}

/** Typed text as a picker's value: '' for blank text, null when it is not a valid entry. */
export function parsePickerText(text: string, kind: PickerKind, seconds = false): string | null {
  if (text.trim() === '') return '';
  const date = kind === 'date' ? parseDate(text) : kind === 'time' ? parseTime(text) : parseDateTime(text);
  return date ? dateToPickerValue(date, kind, seconds) : null;
}

/**
 * Linked start/end pickers: moving the start moves a set end by the same amount, so the length of the
 * meeting or vote window is kept. The end is returned unchanged when either start is not a date, and when
 * it was not after the start: there is no length to keep, and carrying the end along would keep the form's
 * "must end after it starts" error however the start is moved.
 */
export function shiftLinkedEnd(previousStart: string, nextStart: string, end: string): string {
  const before = pickerValueToDate(previousStart, 'datetime');
  const after = pickerValueToDate(nextStart, 'datetime');
  const endDate = pickerValueToDate(end, 'datetime');
  if (!before || !after || !endDate || endDate <= before) return end;
  return dateToPickerValue(new Date(endDate.getTime() + (after.getTime() - before.getTime())), 'datetime');
}
