import {
  DEFAULT_VOTING_SETTINGS,
  type Principal,
  type TLoginInput,
  type TMe,
  type TVotingSettings,
} from '@gavel/contracts';
import {
  type QueryClient,
  type QueryFunctionContext,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import * as React from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fetchMe, login, logout, submitBypassCode } from '@/features/auth/api';
import { loginArrivalOf, SIGN_OUT_ARRIVAL } from '@/features/auth/login-state';
import { principalOf } from '@/features/auth/principal';
import { ApiError } from '@/lib/api-client';
import { openSessionEndedDialog, type SessionEnd, SIGN_IN_META, sessionEndOf } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { assignWithoutPrompt } from '@/lib/use-before-unload';

const meQuery = {
  queryKey: queryKeys.me,
  queryFn: async ({ signal, client }: QueryFunctionContext): Promise<TMe | null> => {
    const me = await fetchMe(signal);
    // Asked again while a user's page is open (a refetch), nobody is signed in any more: the session
    // ended under the page. The sign-in-again dialog opens over it and the user it shows stays, so the
    // page is not left for /login, taking what its forms hold with it (query-client.ts).
    const shown = client.getQueryData<TMe | null>(queryKeys.me);
    if (me === null && shown && openSessionEndedDialog(client, 'read')) return shown;
    return me;
  },
};

/** GET /api/me: the signed-in user, or null when nobody is signed in. */
export function useMe() {
  return useQuery({ ...meQuery, staleTime: 60_000 });
}

export interface CurrentUser {
  me: TMe;
  principal: Principal;
}

export function currentUserOf(me: TMe): CurrentUser {
  return { me, principal: principalOf(me) };
}

/**
 * The signed-in user as RequireAuth last rendered it, not /api/me's cache: leaving the sign-in-again
 * dialog for the sign-in page empties that cache (as a 401 outside a signed-in page does, query-client.ts),
 * and a page re-rendering before RequireAuth re-renders would find nobody and fail. With the user
 * RequireAuth saw, the page renders once more and RequireAuth then takes the user to /login?next=<the page>.
 */
export const CurrentUserContext = React.createContext<CurrentUser | null>(null);

/** The signed-in user inside RequireAuth (which renders nothing else until it is known). */
export function useCurrentUser(): CurrentUser {
  const user = React.useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser needs a signed-in user (use it inside RequireAuth)');
  return user;
}

/**
 * The association's vote wording and motion default, from the signed-in user's /api/me (the defaults
 * until it is known). Reads the cached answer only: RequireAuth has loaded it.
 */
export function useVotingSettings(): TVotingSettings {
  const { data } = useQuery({ ...meQuery, enabled: false });
  return data?.tenant.voting ?? DEFAULT_VOTING_SETTINGS;
}

/**
 * Forgets every cached answer but /api/me's: they may be another user's, left behind when a session
 * ended with a 401 rather than a sign-out. (The me query stays so the sign-in pages see the new user.)
 */
function forgetPreviousUser(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
}

/** Sign-in; `onSignedIn` replaces the default (forget the previous user's answers, then keep the new user). */
export function useLogin(onSignedIn?: (me: TMe) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TLoginInput) => login(input),
    meta: SIGN_IN_META,
    onSuccess: (me) => {
      if (onSignedIn) return onSignedIn(me);
      forgetPreviousUser(queryClient);
      queryClient.setQueryData(queryKeys.me, me);
    },
  });
}

/**
 * What the server refused because the session had ended, a change or a read (set by query-client.ts),
 * while the sign-in-again dialog is open; null while it is closed.
 */
export function useSessionEnded(): SessionEnd | null {
  const { data } = useQuery<SessionEnd | false>({
    queryKey: queryKeys.sessionEnded,
    queryFn: () => false,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return sessionEndOf(data);
}

/**
 * After a sign-in from the session-ended dialog: the same user carries on where they were, the page's
 * answers fetched again under the new session; anyone else starts afresh at the home page.
 */
export function useResumeSession(): (me: TMe) => void {
  const queryClient = useQueryClient();
  const current = React.useContext(CurrentUserContext);
  return (me) => {
    if (me.user.id === current?.me.user.id) {
      queryClient.setQueryData(queryKeys.sessionEnded, false);
      queryClient.setQueryData(queryKeys.me, me);
      const kept: readonly unknown[] = [queryKeys.me[0], queryKeys.sessionEnded[0]];
      void queryClient.invalidateQueries({ predicate: (query) => !kept.includes(query.queryKey[0]) });
      return;
    }
    // A whole new page: nothing of the previous user's (answers, forms, live rooms) is carried over. The
    // leave prompt of a form with unsaved changes is not asked (staying would keep the previous user's
    // page under the new user's session), and the dialog stays over the page while it goes: closed, it
    // would show that page, and let its reads resume, under the new session.
    assignWithoutPrompt('/');
  };
}

/** Leaves the session-ended dialog for the sign-in page (RequireAuth goes there once the user is forgotten). */
export function useLeaveEndedSession(): () => void {
  const queryClient = useQueryClient();
  return () => {
    queryClient.setQueryData(queryKeys.sessionEnded, false);
    queryClient.setQueryData(queryKeys.me, null);
  };
}

export function useBypassCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => submitBypassCode({ code }),
    meta: SIGN_IN_META,
    // The code signed someone in: whoever /api/me reported before is out of date.
    onSuccess: () => {
      forgetPreviousUser(queryClient);
      queryClient.removeQueries({ queryKey: queryKeys.me });
    },
  });
}

/**
 * Sign out, which first leaves the page for /login: a page with unsaved changes or a meeting in progress
 * may ask before it lets the user go, and staying keeps them signed in with the page as it was. The
 * sign-in page then ends the session (useFinishSignOut).
 */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  return () => void navigate('/login', { replace: true, state: SIGN_OUT_ARRIVAL });
}

/**
 * The end of a sign-out, on the sign-in page it arrived at (useSignOut): POST /api/auth/logout, then every
 * cached answer is forgotten and nobody is signed in (a 401 means the session had already gone: signed out
 * as well). Answers whether a sign-out is under way; `onFailed` hears of a failure, which keeps the user
 * signed in (the sign-in page then goes home).
 */
export function useFinishSignOut(onFailed: (err: unknown) => void): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const asked = loginArrivalOf(location.state).signOut === true;
  const here = `${location.pathname}${location.search}`;
  const started = React.useRef(false);
  const failed = React.useRef(onFailed);
  failed.current = onFailed;
  React.useEffect(() => {
    if (!asked || started.current) return;
    started.current = true;
    logout()
      .catch((err: unknown) => {
        if (!(err instanceof ApiError && err.status === 401)) throw err;
      })
      .then(
        () => {
          queryClient.clear();
          queryClient.setQueryData(queryKeys.me, null);
        },
        (err: unknown) => failed.current(err),
      )
      // Done: the sign-in page as any visit shows it (a reload would not sign out again).
      .finally(() => navigate(here, { replace: true, state: null }));
  }, [asked, here, navigate, queryClient]);
  return asked;
}
