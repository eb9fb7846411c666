import { ZYearNumber } from '@gavel/contracts';

/**
 * A page's `?year=` when it is a year the contract takes (four digits, from 1900), else undefined (the
 * service then picks the year).
 */
export function yearParam(raw: string | null): number | undefined {
  if (raw === null || !/^\d{4}$/.test(raw.trim())) return undefined;
  const parsed = ZYearNumber.safeParse(raw.trim());
  return parsed.success ? parsed.data : undefined;
}

/** `?year=…` for a call naming a committee's year, '' without one (the service then picks the newest). */
export function yearQuery(year: number | undefined): string {
  return year === undefined ? '' : `?year=${year}`;
}
