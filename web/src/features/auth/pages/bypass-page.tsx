import * as React from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { LoadingState } from '@/components/page-status';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { BypassCodeCard } from '@/features/auth/components/bypass-code-card';
import { useMe } from '@/features/auth/queries';
import { safeNextPath } from '@/lib/redirect';

/**
 * /login/bypass: sign in with a one-time code. A signed-in user goes to ?next= (a path of this site) or the
 * home page at once, as on /login.
 */
export function BypassPage() {
  const [params] = useSearchParams();
  const me = useMe();
  // Once a code is sent, the user /api/me finds is the code's: the card shows 'Success!' and goes to the
  // address the server gave, not this page to the home page.
  const [codeSent, setCodeSent] = React.useState(false);

  if (!codeSent) {
    if (me.isPending) return <LoadingState className="min-h-svh" />;
    if (me.data) return <Navigate to={safeNextPath(params.get('next'))} replace />;
  }

  return (
    <AuthLayout>
      <BypassCodeCard onSend={() => setCodeSent(true)} />
      <Link
        to="/login"
        className="inline-block py-1 text-sm text-muted-foreground underline-offset-4 hover:underline"
      >
        Sign in with email and password
      </Link>
    </AuthLayout>
  );
}
