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
  const year = years.data ? defaultYear(years.data, searchParams.get('year')) : null;

  function selectYear(next: number) {
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        updated.set('year', String(next));
        return updated;
      },
      { replace: false },
    );
  }

  return { years, year, selectYear };
}
