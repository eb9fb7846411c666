import { Link } from 'react-router';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { BypassCodeCard } from '@/features/auth/components/bypass-code-card';

/** /login/bypass: sign in with a one-time code. */
export function BypassPage() {
  return (
    <AuthLayout>
      <BypassCodeCard />
      <Link
        to="/login"
        className="inline-block py-1 text-sm text-muted-foreground underline-offset-4 hover:underline"
      >
        Sign in with email and password
      </Link>
    </AuthLayout>
  );
}
