import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { defaultYear } from '@/features/years/default-year';
import { useYears } from '@/features/years/queries';

/**
 * The year a page shows, kept in `?year=` so that it follows browser back and forward: choosing a
 * year pushes a history entry. `year` is null while the years load or when there are none.
 */
export function useSelectedYear() {
  const years = useYears();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('year');
  const year = years.data ? defaultYear(years.data, asked) : null;

  function setYear(next: number, replace: boolean) {
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        updated.set('year', String(next));
        return updated;
      },
      { replace },
    );
  }

  // A ?year= that is not one of the years shows the default year; the address then says so too.
  useEffect(() => {
    if (year !== null && asked !== null && asked !== String(year)) setYear(year, true);
  });

  return { years, year, selectYear: (next: number) => setYear(next, false) };
}
