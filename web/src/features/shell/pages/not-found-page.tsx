import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { maySeeAdminArea } from '@/features/admin/admin-access';
import { principalOf } from '@/features/auth/principal';
import { useMe } from '@/features/auth/queries';

/**
 * Any path the app does not know. It sits outside the signed-in frame, so it sends everyone home and
 * offers Admin only to a signed-in user who may see the admin area.
 */
export function NotFoundPage() {
  const me = useMe();
  const mayAdmin = me.data ? maySeeAdminArea(principalOf(me.data)) : false;
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-sm font-medium text-muted-foreground">404</p>
      <h1 className="text-2xl font-semibold tracking-tight">Page not found</h1>
      <p className="max-w-sm text-sm text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to="/">Go to Home</Link>
        </Button>
        {mayAdmin && (
          <Button asChild variant="outline">
            <Link to="/admin">Go to Admin</Link>
          </Button>
        )}
      </div>
    </main>
  );
}
