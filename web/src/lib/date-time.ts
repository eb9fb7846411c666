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
const TIME_SHAPE = String.raw`\d{1,2}:\d{2}(:\d{2})?\s*[AaPp][Mm]`;
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

function parseWith(text: string, shape: RegExp, patterns: [string, string], reference: Date): Date | null {
  const cleaned = normalise(text);
  if (!shape.test(cleaned)) return null;
  const pattern = cleaned.split(':').length > 2 ? patterns[1] : patterns[0];
  const date = parse(cleaned, pattern, reference);
  return isValid(date) ? date : null;
}

/** Parses 'MM/DD/YYYY h:mm A' or 'MM/DD/YYYY h:mm:ss A' (local time); null when the text does not fit. */
export function parseDateTime(text: string): Date | null {
  return parseWith(text, DATE_TIME_RE, [DATE_TIME_FORMAT, DATE_TIME_SECONDS_FORMAT], new Date());
}

/** Parses 'MM/DD/YYYY' to local midnight; null when the text does not fit. */
export function parseDate(text: string): Date | null {
  return parseWith(text, DATE_RE, [DATE_FORMAT, DATE_FORMAT], new Date());
}

/** Parses 'h:mm A' or 'h:mm:ss A' as that time on the reference day (today by default). */
export function parseTime(text: string, reference: Date = new Date()): Date | null {
  return parseWith(text, TIME_RE, [TIME_FORMAT, TIME_SECONDS_FORMAT], reference);
}
