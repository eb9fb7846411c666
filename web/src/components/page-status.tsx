import { LoaderCircleIcon } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { FALLBACK } from '@/lib/messages';

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

/** A failed load, with a retry when one makes sense. */
export function ErrorState({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry?: () => void;
  className?: string;
}) {
  return (
    <div role="alert" className={cn('flex flex-col items-center gap-3 p-8 text-center text-sm', className)}>
      <p className="text-destructive">{message}</p>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

/** A section's query: loading, then its failure with a retry, or `children` with the data. */
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
      <ErrorState message={errorText(query.error, FALLBACK.retrieve)} onRetry={() => void query.refetch()} />
    );
  }
  return children(query.data);
}
