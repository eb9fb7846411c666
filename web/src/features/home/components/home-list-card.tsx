import type { Phase } from '@gavel/voting-rules';
import type * as React from 'react';
import { Link } from 'react-router';
import { EmptyText, QueryResult } from '@/components/page-status';
import { PhaseBadge } from '@/components/phase-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** A member-home card listing one query's rows: loading, error with retry, the empty text, or the list. */
export function HomeListCard<T>(props: {
  id: string;
  title: string;
  description: string;
  empty: string;
  query: { isPending: boolean; data: T[] | undefined; error: unknown; refetch: () => unknown };
  children: (items: T[]) => React.ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={props.id}>
      <CardHeader>
        <CardTitle id={props.id}>{props.title}</CardTitle>
        <CardDescription>{props.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryResult query={props.query}>
          {(items) =>
            items.length === 0 ? (
              <EmptyText>{props.empty}</EmptyText>
            ) : (
              <ul className="divide-y" aria-label={props.title}>
                {props.children(items)}
              </ul>
            )
          }
        </QueryResult>
      </CardContent>
    </Card>
  );
}

/** One row of a member-home card: the linked name and its detail lines, then the phase badge and actions. */
export function HomeListItem(props: {
  to: string;
  name: string;
  phase: Phase;
  details: React.ReactNode;
  actions: React.ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 flex-col gap-0.5">
        <Link to={props.to} className="font-medium break-words underline-offset-4 hover:underline">
          {props.name}
        </Link>
        {props.details}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <PhaseBadge phase={props.phase} />
        {props.actions}
      </div>
    </li>
  );
}
