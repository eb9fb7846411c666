import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FALLBACK } from '@/lib/messages';

export const ROUTE_ERROR_MESSAGE = FALLBACK.general;

/**
 * What a page that fails while rendering shows instead of React Router's developer screen (with its
 * stack trace): the general fallback, a reload and a way home.
 */
export function RouteErrorPage() {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
      <p role="alert" className="max-w-sm text-sm text-destructive">
        {ROUTE_ERROR_MESSAGE}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button asChild variant="outline">
          <Link to="/" reloadDocument>
            Go to Home
          </Link>
        </Button>
      </div>
    </main>
  );
}
