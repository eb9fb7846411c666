import * as React from 'react';

/**
 * What a dialog showed (or was about) while open, kept while it closes: its title and text stay as they
 * were through the fade-out instead of blanking, and where focus goes back can still be found, though the
 * caller cleared its state to close it.
 */
export function useShownWhileClosing<T>(open: boolean, value: T): T {
  const last = React.useRef(value);
  if (open) last.current = value;
  return open ? value : last.current;
}
