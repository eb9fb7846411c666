import { useParams, useSearchParams } from 'react-router';
import type { WayBack } from '@/components/page-status';
import { yearParam } from '@/features/committees/year-param';
import { committeeAdminBase, paths } from '@/lib/paths';

/**
 * What a create page under /admin/committee/:code/… adds to: the committee's code, the `?year=` it names
 * (codes repeat across years), and that year's admin page, where Cancel leads back.
 */
export function useCommitteeCreateRoute() {
  const { code = '' } = useParams();
  const [searchParams] = useSearchParams();
  const year = yearParam(searchParams.get('year'));
  return { code, year, committeeAdminPath: paths.committeeAdmin({ code, year: year ?? null }) };
}

/** Where an edit page under /admin/committee/:code/… leads when what it edits does not exist. */
export function backToCommitteeAdmin(code: string): WayBack {
  return { to: committeeAdminBase(code), label: 'Back to Committee Admin' };
}
