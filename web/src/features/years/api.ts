import { type TYear, ZYearListReply } from '@gavel/contracts';
import { api } from '@/lib/api-client';

export function fetchYears(signal?: AbortSignal): Promise<TYear[]> {
  return api.get(ZYearListReply, '/admin/years', signal);
}

/** Makes a year the current one; answers the years as they now are. */
export function setCurrentYear(year: number): Promise<TYear[]> {
  return api.post(ZYearListReply, '/admin/set-year', { year });
}
