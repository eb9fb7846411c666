import { Toaster as Sonner, type ToasterProps } from 'sonner';

/** Toasts last 5 seconds unless told otherwise (spec: shared page behaviour). */
export const TOAST_DURATION_MS = 5000;
/** Below the top bar (h-14): the meeting and vote pages keep Start/End Meeting in a footer at the bottom. */
const TOAST_OFFSET = { top: 64 };

export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      theme="system"
      duration={TOAST_DURATION_MS}
      // At the top: at the bottom they covered the footer's End Meeting for their 5 seconds.
      position="top-center"
      offset={TOAST_OFFSET}
      mobileOffset={TOAST_OFFSET}
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

export { toast } from 'sonner';
