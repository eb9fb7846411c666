import type * as React from 'react';
import { ErrorState, LoadingState } from '@/components/page-status';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorText } from '@/lib/api-client';
import { FALLBACK } from '@/lib/messages';

/** A member-home card listing one query's rows: loading, error with retry, the empty text, or the list. */
export function HomeListCard<T>(props: {
  id: string;
  title: string;
  description: string;
  empty: string;
  query: { isPending: boolean; data: T[] | undefined; error: unknown; refetch: () => unknown };
  children: (items: T[]) => React.ReactNode;
}) {
  const { query } = props;
  return (
    <Card role="region" aria-labelledby={props.id}>
      <CardHeader>
        <CardTitle id={props.id}>{props.title}</CardTitle>
        <CardDescription>{props.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingState />
        ) : !query.data ? (
          <ErrorState
            message={errorText(query.error, FALLBACK.retrieve)}
            onRetry={() => void query.refetch()}
          />
        ) : query.data.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{props.empty}</p>
        ) : (
          <ul className="divide-y" aria-label={props.title}>
            {props.children(query.data)}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
