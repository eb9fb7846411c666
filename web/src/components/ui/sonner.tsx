import * as React from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

/** Toasts last 5 seconds unless told otherwise (spec: shared page behaviour). */
export const TOAST_DURATION_MS = 5000;
/** Between the toasts and the window's bottom edge, or a bar stuck to it: sonner's own, wide and on a phone. */
const EDGE_PX = 24;
const MOBILE_EDGE_PX = 16;

/**
 * Toasts at the bottom right (across the bottom on a phone), clear of the page's title and its actions at
 * the top, and above a bar stuck to the bottom of the window (the meeting page's footer with Start and End
 * Meeting, the email vote's), whatever its height.
 */
export function Toaster(props: ToasterProps) {
  const bar = useBottomBarHeight();
  return (
    <Sonner
      theme="system"
      duration={TOAST_DURATION_MS}
      position="bottom-right"
      offset={{ bottom: bar + EDGE_PX }}
      mobileOffset={{ bottom: bar + MOBILE_EDGE_PX }}
      closeButton
      // A close button a finger can hit (24 px) on a phone.
      toastOptions={{ classNames: { closeButton: '!size-6' } }}
      className="toaster group"
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

/** A footer kept at the bottom of the window as the page scrolls (sticky or fixed, at bottom 0). */
function stuckToBottom(footer: Element): boolean {
  const style = getComputedStyle(footer);
  return (style.position === 'sticky' || style.position === 'fixed') && style.bottom !== 'auto';
}

/**
 * The height of the footer stuck to the bottom of the window, 0 without one. Followed as pages come and go
 * (footers are looked for again only when one is added or removed) and as it grows or shrinks (it wraps
 * onto more lines on a phone).
 */
function useBottomBarHeight(): number {
  const [height, setHeight] = React.useState(0);
  React.useEffect(() => {
    const footers = document.getElementsByTagName('footer');
    let known: Element[] = [];
    let bar: Element | null = null;
    const sizes = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const size = entry.borderBoxSize?.[0]?.blockSize ?? entry.target.getBoundingClientRect().height;
      setHeight(Math.ceil(size));
    });
    const look = () => {
      const now = Array.from(footers);
      if (now.length === known.length && now.every((footer, index) => footer === known[index])) return;
      known = now;
      const found = now.find(stuckToBottom) ?? null;
      if (found === bar) return;
      if (bar) sizes.unobserve(bar);
      bar = found;
      if (bar) sizes.observe(bar, { box: 'border-box' });
      else setHeight(0);
    };
    const pages = new MutationObserver(look);
    pages.observe(document.body, { childList: true, subtree: true });
    look();
    return () => {
      pages.disconnect();
      sizes.disconnect();
    };
  }, []);
  return height;
}

export { toast } from 'sonner';
