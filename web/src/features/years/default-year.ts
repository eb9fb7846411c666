import type { TYear } from '@gavel/contracts';

/**
 * The spec's default year rule: the year in the query string (when it is one of the years), else the
 * current year, else the first year of the list; null when there are no years at all.
 */
export function defaultYear(years: readonly TYear[], queryYear: string | null): number | null {
  const asked = queryYear === null ? Number.NaN : Number(queryYear);
  if (years.some((y) => y.year === asked)) return asked;
  return years.find((y) => y.is_current)?.year ?? years[0]?.year ?? null;
}
