import { useIsMutating } from '@tanstack/react-query';

/**
 * The mutation key of every action on the meeting and email-vote pages (meeting, attendance, RSVP,
 * motion and vote actions): while any of them runs and realtime is not active, all of the page's polling
 * pauses, and it resumes after any outcome (spec section 7).
 */
export const PAGE_ACTION_KEY = ['page-action'] as const;

/**
 * A page query's refetchInterval (a number, false, or a function of the query), or false while a page
 * action runs and the realtime socket is down (`live` false). Every polled query of the meeting and
 * email-vote pages goes through this.
 */
export function usePagePolling<T>(interval: T, live: boolean): T | false {
  const acting = useIsMutating({ mutationKey: PAGE_ACTION_KEY }) > 0;
  return acting && !live ? false : interval;
}
