import type { TVoteView } from '@gavel/contracts';
import { notifyManager, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { isMotionsReply } from '@/lib/cache-patches';
import type { PageScope } from '@/lib/page-scope';
import { scopeKeys } from '@/lib/realtime/live-scope';

const NONE: readonly TVoteView[] = [];

/**
 * The votes of a meeting or email vote as the motions feature last fetched them (its retrieve/motions
 * query), without a second request: the page needs them for the active vote (End Meeting, polling,
 * scrolling to the vote).
 */
export function useScopeVotes(scope: PageScope): readonly TVoteView[] {
  const queryClient = useQueryClient();
  const scopeKey = JSON.stringify(scope);
  const read = React.useCallback((): readonly TVoteView[] => {
    const { motions } = scopeKeys(JSON.parse(scopeKey) as PageScope);
    for (const [, data] of queryClient.getQueriesData({ queryKey: motions })) {
      if (isMotionsReply(data)) return data.votes;
    }
    return NONE;
  }, [queryClient, scopeKey]);
  // Told through the query notifier's schedule, as useQuery's own observers are: a query a child builds
  // while rendering (the cache adds it) must not re-render this page in the middle of that render.
  const subscribe = React.useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(notifyManager.batchCalls(onChange)),
    [queryClient],
  );
  return React.useSyncExternalStore(subscribe, read, read);
}
