import { z } from 'zod';

/** The years a meeting or vote may fall in: the database holds none before year 1, and no meeting needs them. */
export const DATE_YEARS = { min: 1900, max: 9999 } as const;

/**
 * A date and time with its offset (ISO 8601), as a meeting's or an email vote's start or end: a time
 * without an offset would be read in the server's zone, not the association's, so it is refused.
 */
export function dateTimeInput(field: string) {
  return z.iso
    .datetime({ offset: true, abort: true, error: `The ${field} must be a date and time (ISO 8601).` })
    .refine(
      (value) => {
        const year = new Date(value).getUTCFullYear();
        return year >= DATE_YEARS.min && year <= DATE_YEARS.max;
      },
      { error: `The ${field} must be a date between the years ${DATE_YEARS.min} and ${DATE_YEARS.max}.` },
    );
}
