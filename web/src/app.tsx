import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import * as React from 'react';
import { RouterProvider } from 'react-router';
import { Toaster } from '@/components/ui/sonner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { showPreloadedNotifications } from '@/lib/preloaded-notifications';

type Router = React.ComponentProps<typeof RouterProvider>['router'];

/** Providers around the router; shows the server's preloaded notifications once the Toaster is up. */
export function App({ router, queryClient }: { router: Router; queryClient: QueryClient }) {
  React.useEffect(() => {
    showPreloadedNotifications();
  }, []);

  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
