import * as React from 'react';
import { Navigate, useLocation } from 'react-router';
import { ErrorState, LoadingState } from '@/components/page-status';
import { SessionEndedDialog } from '@/features/auth/components/session-ended-dialog';
import { SESSION_EXPIRED_ARRIVAL } from '@/features/auth/login-state';
import { CurrentUserContext, currentUserOf, useMe } from '@/features/auth/queries';
import { errorText } from '@/lib/api-client';
import { loginPathFor } from '@/lib/redirect';

export const ME_LOAD_FALLBACK = 'Unknown Retrieve Error... Please try again.';

/**
 * Renders its children only for a signed-in user: a loading state while /api/me answers, and a
 * redirect to /login?next=<this page> when nobody is signed in (saying the session expired when it had
 * shown a user). Its children read the user with useCurrentUser. A call refused because the session
 * ended opens the sign-in-again dialog over them.
 */
export function RequireAuth({ children }: { children: React.ReactNode }) {
  const me = useMe();
  const location = useLocation();
  const user = React.useMemo(() => (me.data ? currentUserOf(me.data) : null), [me.data]);
  // Once a user has been shown here, losing them means their session ended (the sign-in page says so).
  const shownUser = React.useRef(false);
  React.useEffect(() => {
    if (user) shownUser.current = true;
  }, [user]);

  if (me.isPending) return <LoadingState className="min-h-svh" />;
  if (me.isError) {
    return (
      <ErrorState
        className="min-h-svh justify-center"
        message={errorText(me.error, ME_LOAD_FALLBACK)}
        onRetry={() => void me.refetch()}
      />
    );
  }
  if (!user) {
    return (
      <Navigate
        to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)}
        state={shownUser.current ? SESSION_EXPIRED_ARRIVAL : undefined}
        replace
      />
    );
  }
  return (
    <CurrentUserContext value={user}>
      {children}
      <SessionEndedDialog email={user.me.user.email} />
    </CurrentUserContext>
  );
}
