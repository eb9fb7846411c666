import * as React from 'react';

/**
 * While `active`, closing the tab, leaving the site or reloading asks first, with the browser's own
 * prompt. With `allowRefresh`, a reload from the keyboard (F5, Ctrl/Cmd+R) is let through.
 */
export function useBeforeUnloadPrompt(active: boolean, opts: { allowRefresh?: boolean } = {}) {
  const allowRefresh = opts.allowRefresh ?? false;
  React.useEffect(() => {
    if (!active) return;
    let refreshing = false;
    const onKey = (event: KeyboardEvent) => {
      const key = event.key.toLowerCase();
      if (key === 'f5' || ((event.ctrlKey || event.metaKey) && key === 'r')) refreshing = true;
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowRefresh && refreshing) return;
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
