import { Link, Navigate, useSearchParams } from 'react-router';
import { LoadingState } from '@/components/page-status';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { useMe } from '@/features/auth/queries';
import { safeNextPath } from '@/lib/redirect';

/** /login: sign in, then go to ?next= (a path of this site) or /admin; signed-in users go there at once. */
export function LoginPage() {
  const [params] = useSearchParams();
  const me = useMe();
  const next = safeNextPath(params.get('next'));

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
