import type * as React from 'react';
import { Link } from 'react-router';
import { ErrorState, LoadingState, type WayBack } from '@/components/page-status';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/api-client';
import { FALLBACK } from '@/lib/messages';

/**
 * A create or edit page's column: its heading, then its form and what goes with it. An edit page's heading
 * has a link beside it to view what is edited.
 */
export function FormPage({
  title,
  view,
  children,
}: {
  title: string;
  view?: { to: string; label: string };
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      {view ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {/* A long name wraps instead of pushing the link out of the page. */}
          <h1 className="text-2xl font-semibold tracking-tight break-words">{title}</h1>
          <Button asChild variant="outline" size="sm">
            <Link to={view.to}>{view.label}</Link>
          </Button>
        </div>
      ) : (
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      )}
      {children}
    </div>
  );
}

/** A form's Cancel: a link back (leaving with unsaved changes asks first, as any way out does). */
export function CancelLink({ to }: { to: string }) {
  return (
    <Button asChild variant="outline">
      <Link to={to}>Cancel</Link>
    </Button>
  );
}

/**
 * An edit page until what it edits has loaded: the refusal when the user may not edit it, loading, or the
 * failed load (with `back` instead of a retry when it does not exist); then `children` with the data.
 */
export function EditPageStatus<T>({
  heading,
  allowed,
  forbidden,
  query,
  back,
  children,
}: {
  /** The page's heading while it shows no form. */
  heading: string;
  allowed: boolean;
  /** What the page says to a user who may not edit. */
  forbidden: string;
  query: { isPending: boolean; data: T | undefined; error: unknown; refetch: () => unknown };
  back: WayBack;
  children: (data: T) => React.ReactNode;
}) {
  if (!allowed) return <ErrorState heading={heading} message={forbidden} />;
  if (query.isPending) return <LoadingState />;
  if (!query.data) {
    return (
      <ErrorState
        heading={heading}
        message={errorText(query.error, FALLBACK.retrieve)}
        error={query.error}
        onRetry={() => void query.refetch()}
        back={back}
      />
    );
  }
  return children(query.data);
}
