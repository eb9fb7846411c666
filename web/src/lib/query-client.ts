import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Client errors (4xx) will not change on a retry; network and server failures get two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** Mutation meta of the sign-in calls, whose 401 means wrong credentials rather than an ended session. */
export const SIGN_IN_META = { signIn: true } as const;

export function createQueryClient(): QueryClient {
  const sessionEnded = (error: unknown) =>
    error instanceof ApiError &&
    error.status === 401 &&
    !!client.getQueryData(queryKeys.me) &&
    !client.getQueryData(queryKeys.sessionEnded);
  // A read's 401 means the session has ended: forget the user so RequireAuth sends them to sign in.
  const onQueryError = (error: unknown) => {
    if (sessionEnded(error)) client.setQueryData(queryKeys.me, null);
  };
  // A change's 401 keeps the page, and whatever its forms hold, under the sign-in-again dialog that
  // RequireAuth shows (SessionEndedDialog).
  const onMutationError = (error: unknown, meta: Record<string, unknown> | undefined) => {
    if (meta?.signIn || !sessionEnded(error)) return;
    client.setQueryData(queryKeys.sessionEnded, true);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: onQueryError }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onMutationError(error, mutation.options.meta),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}

/**
 * Writes a newer answer (an action's reply, a realtime event) into the cache. A fetch already in flight
 * was asked before it and would land its older answer on top, so when one is running a new fetch
 * replaces it (invalidating cancels the one in flight).
 */
export function writeNewer<T>(
  client: QueryClient,
  queryKey: QueryKey,
  update: (old: T | undefined) => T | undefined,
) {
  client.setQueryData<T>(queryKey, update);
  replaceFetchInFlight(client, queryKey);
}

/** A fetch of `queryKey` (and the keys under it) in flight is replaced by a new one; see writeNewer. */
export function replaceFetchInFlight(client: QueryClient, queryKey: QueryKey) {
  if (client.isFetching({ queryKey }) > 0) void client.invalidateQueries({ queryKey });
}

/**
 * Forgets what a delete removed once no page shows it. Removed while its page is still mounted (leaving
 * for a lazily loaded page keeps it on screen a moment longer), that page would build the query afresh
 * and fetch it again: a 404.
 */
export function forgetOnceUnobserved(client: QueryClient, queryKey: QueryKey) {
  const cache = client.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (!query) return;
  if (query.getObserversCount() === 0) {
    cache.remove(query);
    return;
  }
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== query || event.type !== 'observerRemoved' || query.getObserversCount() > 0) return;
    unsubscribe();
    cache.remove(query);
  });
}
