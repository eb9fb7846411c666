import { useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { useNavigate } from 'react-router';
import type { PageScope } from '@/lib/page-scope';
import { createLiveHandler, joinRequestOf, MOVED } from '@/lib/realtime/live-scope';
import { useLiveChannel } from '@/lib/realtime/use-live-channel';

/**
 * The live layer of a meeting or email-vote page: joins its channel, keeps the TanStack Query cache
 * current from the messages (the server's `refresh` `all` after every join refetches what a reconnect
 * missed), and reports
 * whether the socket is live (the page polls with the spec's intervals while it is not).
 */
export function useScopeLive(scope: PageScope | null, opts: { runner: boolean }): { live: boolean } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const runner = React.useRef(opts.runner);
  runner.current = opts.runner;
  const scopeKey = scope ? JSON.stringify(scope) : null;
  const handler = React.useMemo(
    () =>
      scopeKey === null
        ? null
        : createLiveHandler(queryClient, JSON.parse(scopeKey) as PageScope, {
            runner: () => runner.current,
            // The page moved (its code changed): the same page at its new address, past the leave guard.
            moveTo: (path) => navigate(path, { replace: true, state: { [MOVED]: true } }),
          }),
    [queryClient, scopeKey, navigate],
  );
  const join = React.useMemo(
    () => (scopeKey === null ? null : joinRequestOf(JSON.parse(scopeKey) as PageScope)),
    [scopeKey],
  );
  return useLiveChannel({
    join,
    onMessage: (message) => handler?.onMessage(message),
    onUnknown: (raw) => handler?.onUnknown(raw),
  });
}
