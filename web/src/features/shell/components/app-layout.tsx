import * as React from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useCurrentUser } from '@/features/auth/queries';
import { AppSidebar } from '@/features/shell/components/app-sidebar';
import { TopBar } from '@/features/shell/components/top-bar';
import { useSidebar } from '@/features/shell/use-sidebar';
import { useFocusAfterNavigation } from '@/lib/use-focus-after-navigation';

/** The page's own content, where 'Skip to content' goes. */
export const MAIN_CONTENT_ID = 'main-content';

/** The frame of every signed-in page: sidebar, top bar and the page itself. */
export function AppLayout() {
  const { me } = useCurrentUser();
  const sidebar = useSidebar();
  const toggleRef = React.useRef<HTMLButtonElement>(null);
  const mainRef = React.useRef<HTMLElement>(null);
  useFocusAfterNavigation(mainRef);
  // The open overlay is modal: the page behind it takes neither focus nor clicks.
  const modal = !sidebar.isDesktop && sidebar.open;
  // The next page's chunk is on its way (routes.tsx): the current page stays until it arrives.
  const pageLoading = useNavigation().state === 'loading';
  return (
    <div className="flex min-h-svh">
      {/* The first Tab stop, shown only when focused: past the sidebar's links and the top bar to the page.
          Focus is moved by hand (the address keeps no #fragment the router would take for a move). */}
      <a
        href={`#${MAIN_CONTENT_ID}`}
        onClick={(event) => {
          event.preventDefault();
          mainRef.current?.focus();
        }}
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-md focus:outline-none focus:ring-[3px] focus:ring-ring/50"
      >
        Skip to content
      </a>
      <AppSidebar
        open={sidebar.open}
        overlay={!sidebar.isDesktop}
        onClose={sidebar.closeOverlay}
        returnFocusRef={toggleRef}
      />
      <div className="flex min-w-0 flex-1 flex-col" inert={modal}>
        <TopBar me={me} sidebarOpen={sidebar.open} onToggleSidebar={sidebar.toggle} toggleRef={toggleRef} />
        {pageLoading && (
          <div
            role="status"
            className="pointer-events-none fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-primary"
          >
            <span className="sr-only">Loading page…</span>
          </div>
        )}
        <main ref={mainRef} id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 p-4 outline-none md:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
