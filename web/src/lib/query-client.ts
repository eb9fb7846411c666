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

/** Per client: how many sign-in-again dialogs are mounted (SessionEndedDialog, inside RequireAuth). */
const sessionEndedDialogs = new WeakMap<QueryClient, number>();

/**
 * Tells `client` that a sign-in-again dialog is mounted (SessionEndedDialog, over every signed-in page),
 * until the returned function is called.
 */
export function registerSessionEndedDialog(client: QueryClient): () => void {
  sessionEndedDialogs.set(client, (sessionEndedDialogs.get(client) ?? 0) + 1);
  return () => sessionEndedDialogs.set(client, (sessionEndedDialogs.get(client) ?? 1) - 1);
}

/**
 * What found the session ended, kept under queryKeys.sessionEnded while the sign-in-again dialog is open
 * (false once it has closed): a change the server refused, or a read.
 */
export type SessionEnd = 'change' | 'read';

/**
 * The session of the signed-in user has ended under a page of the app. With the sign-in-again dialog
 * mounted it opens over the page, which keeps whatever its forms hold, and answers true; elsewhere (no
 * signed-in page is shown) nothing happens and it answers false.
 */
export function openSessionEndedDialog(client: QueryClient, by: SessionEnd): boolean {
  if ((sessionEndedDialogs.get(client) ?? 0) === 0) return false;
  client.setQueryData<SessionEnd | false>(queryKeys.sessionEnded, by);
  return true;
}

/** What found the session ended while the sign-in-again dialog is open; null while it is closed. */
export function sessionEndOf(data: unknown): SessionEnd | null {
  return data === 'change' || data === 'read' ? data : null;
}

/** Whether the sign-in-again dialog is open (a call found the session ended; see openSessionEndedDialog). */
export function isSessionEnded(client: QueryClient): boolean {
  return sessionEndOf(client.getQueryData(queryKeys.sessionEnded)) !== null;
}

export function createQueryClient(): QueryClient {
  const sessionEnded = (error: unknown) =>
    error instanceof ApiError &&
    error.status === 401 &&
    !!client.getQueryData(queryKeys.me) &&
    !isSessionEnded(client);
  // A 401, whether to a read (a poll, a refetch) or to a change, means the session has ended. Under a
  // signed-in page the sign-in-again dialog opens over it, so nothing typed there is lost; anywhere else
  // the user is forgotten (and RequireAuth would send them to sign in).
  const onError = (error: unknown, by: SessionEnd, meta: Record<string, unknown> | undefined) => {
    if (meta?.signIn || !sessionEnded(error)) return;
    if (!openSessionEndedDialog(client, by)) client.setQueryData(queryKeys.me, null);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, 'read', query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onError(error, 'change', mutation.options.meta),
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // While the sign-in-again dialog is open, reads wait (polls, refetches on focus or on mount): each
        // would only answer 401 again. Signing in again fetches the page's answers anew (useResumeSession).
        // A query with an `enabled` of its own overrides this: such a query must not poll.
        enabled: () => !isSessionEnded(client),
      },
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
    if (event.query !== query) return;
    // Removed some other way meanwhile: nothing left to wait for.
    if (event.type === 'removed') unsubscribe();
    else if (event.type === 'observerRemoved' && query.getObserversCount() === 0) {
      unsubscribe();
      cache.remove(query);
    }
  });
}
