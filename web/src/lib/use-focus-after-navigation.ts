import * as React from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { isFocusLost } from '@/lib/use-restore-focus';

/** Frames to wait for the new page's title (its data may still be loading) before taking the page itself. */
const TITLE_WAIT_FRAMES = 30;

/**
 * After a move to another page, focus left on nothing (the link or button that navigated went with the old
 * page: a delete, a save, Discard Changes) goes to the new page's title, its h1, or to `main` while the page
 * has none yet: keyboard and screen-reader users carry on from the new page, not the document's start. A
 * page that places focus itself (a field with autofocus) keeps it. The first page the layout shows is
 * left alone when the page was just loaded (the browser's to focus), not when the app came to it from a
 * page outside the layout (signing in at /login or /login/bypass).
 */
export function useFocusAfterNavigation(main: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  // The page a load opens with is a POP (as are the browser's Back and Forward); the app's moves push or replace.
  const loaded = useNavigationType() === 'POP';
  const previous = React.useRef(loaded ? pathname : null);
  React.useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    let frame = 0;
    let waited = 0;
    const place = () => {
      if (!isFocusLost()) return;
      const title = main.current?.querySelector<HTMLElement>('h1');
      const target = title ?? (waited >= TITLE_WAIT_FRAMES ? main.current : null);
      if (!target) {
        waited += 1;
        frame = requestAnimationFrame(place);
        return;
      }
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    };
    frame = requestAnimationFrame(place);
    return () => cancelAnimationFrame(frame);
  }, [pathname, main]);
}
