import { Toaster as Sonner, type ToasterProps } from 'sonner';

/** Toasts last 5 seconds unless told otherwise (spec: shared page behaviour). */
export const TOAST_DURATION_MS = 5000;

export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      theme="system"
      duration={TOAST_DURATION_MS}
      closeButton
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
