import * as React from 'react';

export interface Clock {
  /** Epoch milliseconds. */
  now: number;
  /** Ticks since the clock started (1 once mounted): the spec's "time key". */
  tick: number;
}

/** A clock that ticks every second (spec section 9). */
export function useClock(): Clock {
  const [clock, setClock] = React.useState<Clock>(() => ({ now: Date.now(), tick: 0 }));
  React.useEffect(() => {
    setClock({ now: Date.now(), tick: 1 });
    const id = window.setInterval(() => setClock((c) => ({ now: Date.now(), tick: c.tick + 1 })), 1000);
    return () => window.clearInterval(id);
  }, []);
  return clock;
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
