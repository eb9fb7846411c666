import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { defaultYear } from '@/features/years/default-year';
import { useYears } from '@/features/years/queries';

/** Said when the address asks for a year the association does not have (a typed or old link). */
export function yearNotFoundNotice(asked: string, shown: number): string {
  return `There is no year ${asked}: showing ${shown}.`;
}

/**
 * The year a page shows, kept in `?year=` so that it follows browser back and forward: choosing a
 * year pushes a history entry. `year` is null while the years load or when there are none.
 */
export function useSelectedYear() {
  const years = useYears();
  const [searchParams, setSearchParams] = useSearchParams();
  // An empty ?year= (a form or link that left it blank) asks for no year: there is nothing to say is missing.
  const asked = searchParams.get('year')?.trim() || null;
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

  // A ?year= that is not one of the years shows the default year (the spec's rule); the address, and a
  // notice, then say so.
  useEffect(() => {
    if (year !== null && asked !== null && asked !== String(year)) {
      toast.info(yearNotFoundNotice(asked, year), { id: 'year-not-found' });
      setYear(year, true);
    }
  });

  return { years, year, selectYear: (next: number) => setYear(next, false) };
}
