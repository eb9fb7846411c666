import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { App } from '@/app';
import { createQueryClient } from '@/lib/query-client';
import { routes as appRoutes } from '@/routes';

/** Every lazy page's module (routes.tsx), fetched now: a test's first visit to a page then waits on nothing. */
async function preloadLazyPages(routes: readonly RouteObject[]): Promise<void> {
  await Promise.all(
    routes.map(async (route) => {
      if (typeof route.lazy === 'function') await route.lazy();
      if (route.children) await preloadLazyPages(route.children);
    }),
  );
}
await preloadLazyPages(appRoutes);

/**
 * Renders the real app (providers, Toaster, routes) at a path, with a memory router the test can
 * inspect. Only fetch is mocked, by the test.
 */
export function renderApp(path: string, options: { routes?: RouteObject[] } = {}) {
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  const router = createMemoryRouter(options.routes ?? appRoutes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(<App router={router} queryClient={queryClient} />);
  return { ...view, router, queryClient, user };
}
