import * as React from 'react';

/** A clock ticking every second (spec section 9): the time and the tick count (0 before the first tick). */
export function useClock(): { now: number; tick: number } {
  const [state, setState] = React.useState(() => ({ now: Date.now(), tick: 0 }));
  React.useEffect(() => {
    const timer = window.setInterval(() => setState((s) => ({ now: Date.now(), tick: s.tick + 1 })), 1_000);
    return () => window.clearInterval(timer);
  }, []);
  return state;
}

/** Sets the tab title while mounted, restoring the previous title on unmount. */
export function useDocumentTitle(title: string): void {
  const original = React.useRef<string | null>(null);
  React.useEffect(() => {
    original.current ??= document.title;
    document.title = title;
  }, [title]);
  React.useEffect(
    () => () => {
      if (original.current !== null) document.title = original.current;
    },
    [],
  );
}
