import * as React from 'react';

/**
 * What a dialog showed while open, kept while it closes: its title and text stay as they were through the
 * fade-out instead of blanking (the caller clears them as it closes it).
 */
export function useShownWhileClosing<T>(open: boolean, value: T): T {
  const last = React.useRef(value);
  if (open) last.current = value;
  return open ? value : last.current;
}
