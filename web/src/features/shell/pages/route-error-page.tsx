import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { routeTitle } from '@/features/shell/components/route-title';
import { FALLBACK } from '@/lib/messages';
import { useDocumentTitle } from '@/lib/use-clock';

export const ROUTE_ERROR_TITLE = 'Something went wrong';
export const ROUTE_ERROR_MESSAGE = FALLBACK.general;

/**
 * What a page that fails while rendering shows instead of React Router's developer screen (with its
 * stack trace): the general fallback, a reload and a way home. It stands in for the root route's element,
 * RouteTitle, so it names the tab itself rather than leaving the failed page's title there.
 */
export function RouteErrorPage() {
  useDocumentTitle(routeTitle([{ title: ROUTE_ERROR_TITLE }]));
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">{ROUTE_ERROR_TITLE}</h1>
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
