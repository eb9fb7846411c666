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

/**
 * Sets the tab title from a page that titles itself (a meeting's or a vote's name). Nothing is restored on
 * unmount: the next page's route sets its own (RouteTitle), and a restore would run after it.
 */
export function useDocumentTitle(title: string): void {
  React.useEffect(() => {
    document.title = title;
  }, [title]);
}
