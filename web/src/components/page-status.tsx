import { LoaderCircleIcon } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ApiError, errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { FALLBACK } from '@/lib/messages';

/** What an empty list or section says instead of its rows. */
export function EmptyText({ children }: { children: React.ReactNode }) {
  return <p className="py-6 text-center text-sm text-muted-foreground">{children}</p>;
}

/** A loading indicator for a page or a section. */
export function LoadingState({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex items-center justify-center gap-2 p-8 text-sm text-muted-foreground', className)}
    >
      <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
      {label}
    </div>
  );
}

/** Where a page sends people when what it was asked to show does not exist. */
export interface WayBack {
  to: string;
  label: string;
}

/** As the app's own "Page not found" page. */
const HOME: WayBack = { to: '/', label: 'Go to Home' };

/** A failure no retry can mend: the thing asked for does not exist (404), or is not the caller's to see (403). */
export function retryCannotHelp(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 403);
}

/**
 * A failed load, with a retry when one makes sense. Given the `error`, a not-found or forbidden offers
 * `back` (default: home) instead of the retry, which could never help; so does a state without a retry.
 */
export function ErrorState({
  heading,
  message,
  error,
  onRetry,
  back = HOME,
  className,
}: {
  /** The page's heading (an h1), when the state is all the page shows. */
  heading?: string;
  message: string;
  /** The failure, so that the state can tell whether a retry makes sense. */
  error?: unknown;
  onRetry?: () => void;
  back?: WayBack;
  className?: string;
}) {
  // A refusal or a missing thing, or a state with nothing to retry (a page the user may not open): the way
  // back, so the page is no dead end.
  const wayBack = retryCannotHelp(error) || !onRetry;
  return (
    <div role="alert" className={cn('flex flex-col items-center gap-3 p-8 text-center text-sm', className)}>
      {heading && <h1 className="text-lg font-semibold tracking-tight">{heading}</h1>}
      <p className="text-destructive">{message}</p>
      {wayBack ? (
        <Button asChild variant="outline" size="sm">
          <Link to={back.to}>{back.label}</Link>
        </Button>
      ) : (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

/** A section's query: loading, then its failure with a retry (or a way back), or `children` with the data. */
export function QueryResult<T>({
  query,
  children,
}: {
  query: { isPending: boolean; data: T | undefined; error: unknown; refetch: () => unknown };
  children: (data: T) => React.ReactNode;
}) {
  if (query.isPending) return <LoadingState />;
  if (!query.data) {
    return (
      <ErrorState
        message={errorText(query.error, FALLBACK.retrieve)}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return children(query.data);
}
