import { z } from 'zod';

/**
 * Decimal number text, as a query string or a form field carries a number: '10', ' 2026 ', '-1', '2.5',
 * '1e4'. Not the other text Number() reads: '0x7EA', '0b11', '0o17', 'Infinity', and '' (which it reads as 0).
 */
const DECIMAL_TEXT = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/**
 * A number given as a JSON number or as decimal text. Anything else is left as it came and fails as not a
 * number ('The time must be a number.'): z.coerce.number() read `true` as 1, `[30]` as 30, '0x1e' as 30
 * and null as 0, so a wrong type changed something instead of being refused.
 */
export function numberInput<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value: unknown) => (typeof value === 'string' && DECIMAL_TEXT.test(value) ? Number(value) : value),
    schema,
  );
}
