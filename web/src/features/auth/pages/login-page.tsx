import { SESSION_EXPIRED_MESSAGE } from '@gavel/contracts';
import * as React from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { LoadingState } from '@/components/page-status';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { loginArrivalOf } from '@/features/auth/login-state';
import { useFinishSignOut, useMe } from '@/features/auth/queries';
import { errorText } from '@/lib/api-client';
import { FALLBACK } from '@/lib/messages';
import { safeNextPath } from '@/lib/redirect';

export const SIGN_OUT_FAILED = FALLBACK.general;

const signOutFailed = (err: unknown) => toast.error(errorText(err, SIGN_OUT_FAILED));

/**
 * Once a session ended under a signed-in page (RequireAuth), the sign-in page says so, with the words and
 * the toast of a page loaded after it ended (the gateway's preloaded notification), once: the arrival state
 * is then dropped, so a reload does not say it again.
 */
function useSessionExpiredNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const expired = loginArrivalOf(location.state).sessionExpired === true;
  const here = `${location.pathname}${location.search}`;
  React.useEffect(() => {
    if (!expired) return;
    toast.info(SESSION_EXPIRED_MESSAGE, { id: SESSION_EXPIRED_MESSAGE });
    navigate(here, { replace: true, state: null });
  }, [expired, here, navigate]);
}

/**
 * /login: sign in, then go to ?next= (a path of this site) or the home page; signed-in users go there at once.
 * Arriving from Sign out, it first ends the session; arriving because the session ended, it says so.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const me = useMe();
  const signingOut = useFinishSignOut(signOutFailed);
  useSessionExpiredNotice();
  const next = safeNextPath(params.get('next'));

  if (signingOut) return <LoadingState label="Signing out…" className="min-h-svh" />;
  if (me.isPending) return <LoadingState className="min-h-svh" />;
  if (me.data) return <Navigate to={next} replace />;

  return (
    <AuthLayout>
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle>Sign in</CardTitle>
          <CardDescription>Use the email address and password of your account.</CardDescription>
        </CardHeader>
        <CardContent>
          <LoginForm />
        </CardContent>
        <CardFooter className="justify-center text-sm">
          <Link
            to="/login/bypass"
            className="inline-block py-1 text-muted-foreground underline-offset-4 hover:underline"
          >
            Have a bypass code?
          </Link>
        </CardFooter>
      </Card>
    </AuthLayout>
  );
}
