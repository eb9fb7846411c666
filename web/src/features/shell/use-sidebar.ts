import { useCallback, useEffect, useState } from 'react';
import { useMediaQuery } from '@/lib/use-media-query';

export const SIDEBAR_STORAGE_KEY = 'gavel.sidebar.open';
/** Below this width the sidebar slides over the page instead of sitting beside it. */
const DESKTOP_QUERY = '(min-width: 768px)';

function readStoredOpen(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_STORAGE_KEY) !== 'false';
  } catch {
    return true;
  }
}

/**
 * The sidebar's state. On wide screens it is open or closed as the user last left it (localStorage);
 * on narrow screens it is an overlay that starts closed and closes again on navigation.
 */
export function useSidebar() {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [desktopOpen, setDesktopOpen] = useState(readStoredOpen);
  const [mobileOpen, setMobileOpen] = useState(false);

  useEffect(() => {
    try {
      window.localStorage.setItem(SIDEBAR_STORAGE_KEY, String(desktopOpen));
    } catch {
      // Storage may be unavailable (private mode); the state then lasts for this page only.
    }
  }, [desktopOpen]);

  const toggle = useCallback(() => {
    if (isDesktop) setDesktopOpen((open) => !open);
    else setMobileOpen((open) => !open);
  }, [isDesktop]);

  const closeOverlay = useCallback(() => setMobileOpen(false), []);

  return { isDesktop, open: isDesktop ? desktopOpen : mobileOpen, toggle, closeOverlay };
}
