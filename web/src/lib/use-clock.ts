import * as React from 'react';
import { serverNow } from '@/lib/server-clock';

export interface Clock {
  /** Epoch milliseconds, on the server's clock (see server-clock.ts): votes open and close on it. */
  now: number;
  /** Ticks since the clock started (1 once mounted): the spec's "time key". */
  tick: number;
}

/** A clock that ticks every second (spec section 9), telling the server's time whatever the device's says. */
export function useClock(): Clock {
  const [clock, setClock] = React.useState<Clock>(() => ({ now: serverNow(), tick: 0 }));
  React.useEffect(() => {
    setClock({ now: serverNow(), tick: 1 });
    const id = window.setInterval(() => setClock((c) => ({ now: serverNow(), tick: c.tick + 1 })), 1000);
    return () => window.clearInterval(id);
  }, []);
  return clock;
}

/** setTimeout's longest delay (about 24.8 days); a later instant is waited for in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Whether the server's clock has reached `at`: turns true at that instant with one timer, for a page that
 * needs to know when a window closes without re-rendering every second.
 */
export function useReached(at: string): boolean {
  const instant = Date.parse(at);
  const [reached, setReached] = React.useState(() => serverNow() >= instant);
  React.useEffect(() => {
    let timer: number | undefined;
    const check = () => {
      const left = instant - serverNow();
      setReached(left <= 0);
      if (left > 0) timer = window.setTimeout(check, Math.min(left, LONGEST_TIMER_MS));
    };
    check();
    return () => window.clearTimeout(timer);
  }, [instant]);
  return reached;
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
