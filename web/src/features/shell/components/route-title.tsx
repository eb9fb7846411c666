import * as React from 'react';
import { Outlet, useMatches } from 'react-router';

/** What a route tells the shell about itself (react-router's `handle`). */
export interface RouteHandle {
  /** The browser tab's title on this page, before ' · Gavel'. Pages that title themselves (a meeting's or a vote's name) have none. */
  title?: string;
}

export const APP_TITLE = 'Gavel';

/** The tab title of the deepest route that names one: each page tells tabs, history and screen readers apart. */
export function routeTitle(handles: readonly unknown[]): string {
  const title = [...handles]
    .reverse()
    .find((h): h is Required<RouteHandle> => !!(h as RouteHandle | undefined)?.title)?.title;
  return title ? `${title} · ${APP_TITLE}` : APP_TITLE;
}

/**
 * The root route's element: sets the tab title for the page shown. A layout effect, so that a page's own
 * title (useDocumentTitle, a passive effect) is set after it and wins.
 */
export function RouteTitle() {
  const title = routeTitle(useMatches().map((m) => m.handle));
  React.useLayoutEffect(() => {
    document.title = title;
  }, [title]);
  return <Outlet />;
}
