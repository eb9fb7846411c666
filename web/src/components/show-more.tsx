import * as React from 'react';
import { Button } from '@/components/ui/button';

/**
 * Rows a long list renders at first, and adds per 'Show more': a convention's thousands of members
 * rendered at once kept a phone's page busy for seconds (and again on every change).
 */
export const LIST_PAGE = 100;

/**
 * The first LIST_PAGE `items`, and LIST_PAGE more per showMore. A change of `resetKey` (a new search or
 * filter) starts again from the first page.
 */
export function usePaged<T>(items: readonly T[], resetKey: string = '') {
  const [paging, setPaging] = React.useState({ limit: LIST_PAGE, resetKey });
  // Reset during render (not in an effect), so that a new search never renders its whole result once.
  const limit = paging.resetKey === resetKey ? paging.limit : LIST_PAGE;
  if (paging.resetKey !== resetKey) setPaging({ limit: LIST_PAGE, resetKey });
  return {
    shown: items.length > limit ? items.slice(0, limit) : items,
    total: items.length,
    showMore: () => setPaging({ limit: limit + LIST_PAGE, resetKey }),
  };
}

/** 'Showing 100 of 10000 members' and the button that shows more; nothing once all are shown. */
export function ShowMore({
  shown,
  total,
  noun,
  onShowMore,
}: {
  shown: number;
  total: number;
  /** What the list holds, plural: 'members', 'users'. */
  noun: string;
  onShowMore: () => void;
}) {
  if (shown >= total) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {shown.toLocaleString()} of {total.toLocaleString()} {noun}
      </p>
      {/* Touch-sized on a phone, as the meeting page's other controls. */}
      <Button type="button" size="sm" variant="outline" className="max-sm:min-h-11" onClick={onShowMore}>
        Show more {noun}
      </Button>
    </div>
  );
}
