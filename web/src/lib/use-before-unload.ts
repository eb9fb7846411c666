import * as React from 'react';

/**
 * A device used by touch alone (a phone, a tablet): its reloads (pull to refresh, the toolbar's button)
 * give a page no sign, so a page that lets refreshes through cannot ask before unloading at all there.
 */
function touchOnly(): boolean {
  return typeof window.matchMedia === 'function' && !window.matchMedia('(any-pointer: fine)').matches;
}

/**
 * Set when the app itself reloads the page (the server asked every open page to) or replaces it (another
 * user signed in): not a leave the user chose.
 */
let leavingOnOrder = false;

/** Reloads the page without the leave prompt: the user did not choose to go, so nothing is theirs to confirm. */
export function reloadWithoutPrompt(location: Pick<Location, 'reload'> = window.location) {
  leavingOnOrder = true;
  location.reload();
}

/**
 * Loads `url` in place of the page without the leave prompt: the app replaces the page on the user's own
 * action (signing in as someone else), and staying would keep a page that is no longer theirs.
 */
export function assignWithoutPrompt(url: string, location: Pick<Location, 'assign'> = window.location) {
  leavingOnOrder = true;
  location.assign(url);
}

/**
 * While `active`, closing the tab, leaving the site or reloading asks first, with the browser's own
 * prompt. With `allowRefresh`, a reload from the keyboard (F5, Ctrl/Cmd+R) is let through, and on a
 * touch-only device nothing asks (its reloads cannot be told from leaving).
 */
export function useBeforeUnloadPrompt(active: boolean, opts: { allowRefresh?: boolean } = {}) {
  const allowRefresh = opts.allowRefresh ?? false;
  React.useEffect(() => {
    if (!active || (allowRefresh && touchOnly())) return;
    let refreshing = false;
    const onKey = (event: KeyboardEvent) => {
      const key = event.key.toLowerCase();
      if (key === 'f5' || ((event.ctrlKey || event.metaKey) && key === 'r')) refreshing = true;
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leavingOnOrder || (allowRefresh && refreshing)) return;
      event.preventDefault();
      // Older browsers show their own text when returnValue is set.
      event.returnValue = '';
    };
    if (allowRefresh) window.addEventListener('keydown', onKey);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [active, allowRefresh]);
}
