import * as React from 'react';

/**
 * The openers of the dialogs using `useRestoreFocus`, by dialog element: a dialog opened from inside
 * another (Amend from the voting flow) can fall back on what opened the outer one, which closes with it.
 */
const openersOfDialog = new WeakMap<Element, React.RefObject<HTMLElement[]>>();

/** An element focus may go back to: still in the page and not disabled. */
function usable(element: HTMLElement): boolean {
  return element.isConnected && element !== document.body && !element.matches(':disabled');
}

/** Marks focus parked by useRefocusWhenRemoved: any other placement may take it over. */
const PARKED = 'data-focus-parked';

/**
 * Focus is nowhere useful: on <body>, on an element that is gone or disabled, parked where a removal left
 * it, or inside a dialog that is closing. Code that moves focus on its own checks this first, so it never
 * takes focus from where the user (or another dialog) put it.
 */
export function isFocusLost(): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !usable(active)) return true;
  if (active.hasAttribute(PARKED)) return true;
  return (
    active.closest('[role="dialog"][data-state="closed"], [role="alertdialog"][data-state="closed"]') !== null
  );
}

/**
 * Gives focus back to the element that opened a dialog when it closes. Radix returns focus only to a
 * Dialog.Trigger; a dialog opened from state (no trigger) would leave focus on <body>. Spread the result
 * on the dialog's content: `<DialogContent {...restoreFocus}>`.
 *
 * The opener is the element focused when `open` turned true; if it is gone or disabled by the time the
 * dialog closes, `fallback` is tried (an element that stays, such as the button the failure was about).
 * Nothing is moved when focus is already somewhere useful (another dialog opened meanwhile). Focus goes
 * back without scrolling, as Radix gives it back to a trigger: the user was there, and a browser scrolls
 * an element of a sticky bar (the meeting footer) to where it would be without sticking, the page's end.
 */
export function useRestoreFocus(open: boolean, fallback?: () => HTMLElement | null) {
  const openers = React.useRef<HTMLElement[]>([]);
  const fallbackRef = React.useRef(fallback);
  fallbackRef.current = fallback;

  // A layout effect runs before Radix moves focus into the dialog (in a passive effect).
  React.useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    const found: HTMLElement[] = [];
    if (active instanceof HTMLElement && active !== document.body) {
      found.push(active);
      // Opened from inside another dialog: that dialog's openers come next.
      for (let el: Element | null = active; el; el = el.parentElement) {
        const outer = openersOfDialog.get(el);
        if (outer) {
          found.push(...outer.current);
          break;
        }
      }
    }
    openers.current = found;
  }, [open]);

  const ref = React.useCallback((node: HTMLElement | null) => {
    if (node) openersOfDialog.set(node, openers);
  }, []);

  const onCloseAutoFocus = React.useCallback((event: Event) => {
    // Radix would focus the (missing) trigger, which leaves focus on <body>.
    event.preventDefault();
    const candidates = [...openers.current, fallbackRef.current?.()].filter(
      (el): el is HTMLElement => el instanceof HTMLElement,
    );
    openers.current = [];
    if (!isFocusLost()) return;
    candidates.find(usable)?.focus({ preventScroll: true });
  }, []);

  return { ref, onCloseAutoFocus };
}

/**
 * Focus for an element that may not be rendered yet, such as a status line that appears once a vote is
 * recorded: `request(find)` asks, and the element `find` returns gets focus after the first render in
 * which it returns one, provided focus is lost by then (see `isFocusLost`). `{ move: true }` takes focus
 * wherever it is, for a request the user's own action made (the field of a row they just added).
 * The page scrolls to the element as a focus() does, unless `{ preventScroll: true }`: for an element
 * always in view, in a sticky bar, which a browser would scroll to where it would be without sticking.
 */
export function useFocusWhenReady() {
  const pending = React.useRef<{
    find: () => HTMLElement | null;
    move: boolean;
    preventScroll: boolean;
  } | null>(null);
  const [, setRequests] = React.useState(0);
  const request = React.useCallback(
    (find: () => HTMLElement | null, opts: { move?: boolean; preventScroll?: boolean } = {}) => {
      pending.current = { find, move: opts.move ?? false, preventScroll: opts.preventScroll ?? false };
      setRequests((n) => n + 1);
    },
    [],
  );
  // Runs after every render: the element may come with a later one (fresh data).
  React.useEffect(() => {
    const wanted = pending.current;
    const element = wanted?.find();
    if (!wanted || !element) return;
    pending.current = null;
    if (wanted.move || isFocusLost())
      element.focus(wanted.preventScroll ? { preventScroll: true } : undefined);
  });
  return { request };
}

/**
 * Keeps focus in a region whose content can go without the user's doing (a live update hides results, a
 * decision filters a row out): when the element last focused inside it has gone and focus is lost,
 * `fallback` takes it, parked: a focus request still waiting for its element (the results of the vote
 * the user just closed) takes it over when that element comes. Spread the result on the region.
 */
export function useRefocusWhenRemoved(fallback: () => HTMLElement | null) {
  const last = React.useRef<HTMLElement | null>(null);
  const fallbackRef = React.useRef(fallback);
  fallbackRef.current = fallback;
  // Runs after every render: the removal comes with whichever render dropped the element.
  React.useEffect(() => {
    const element = last.current;
    if (!element || element.isConnected) return;
    last.current = null;
    const target = isFocusLost() ? fallbackRef.current() : null;
    if (!target) return;
    target.focus();
    target.setAttribute(PARKED, '');
    target.addEventListener('blur', () => target.removeAttribute(PARKED), { once: true });
  });
  const onFocus = React.useCallback((event: React.FocusEvent) => {
    if (event.target instanceof HTMLElement) last.current = event.target;
  }, []);
  return { onFocus };
}
