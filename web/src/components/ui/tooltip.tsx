import { Tooltip as TooltipPrimitive } from 'radix-ui';
import * as React from 'react';
import { cn } from '@/lib/cn';

/** Tooltips hide on their own after 3 seconds (spec: "Tooltips last 3 seconds"). */
export const TOOLTIP_DURATION_MS = 3000;

export function TooltipProvider({
  delayDuration = 300,
  ...props
}: React.ComponentProps<typeof TooltipPrimitive.Provider>) {
  return <TooltipPrimitive.Provider data-slot="tooltip-provider" delayDuration={delayDuration} {...props} />;
}

export type TooltipProps = React.ComponentProps<typeof TooltipPrimitive.Root> & {
  /** How long an open tooltip stays before it hides by itself. */
  duration?: number;
  /**
   * Called when the duration is up, instead of onOpenChange(false): a tooltip that ignores some of Radix's
   * close requests (DescribedTooltip) still hides on time.
   */
  onExpire?: () => void;
};

export function Tooltip({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  duration = TOOLTIP_DURATION_MS,
  onExpire,
  ...props
}: TooltipProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = React.useState(defaultOpen);
  const open = openProp ?? uncontrolledOpen;
  const setOpen = React.useCallback(
    (next: boolean) => {
      if (openProp === undefined) setUncontrolledOpen(next);
      onOpenChange?.(next);
    },
    [openProp, onOpenChange],
  );
  const expireRef = React.useRef(() => setOpen(false));
  expireRef.current = onExpire ?? (() => setOpen(false));

  React.useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(() => expireRef.current(), duration);
    return () => window.clearTimeout(timer);
  }, [open, duration]);

  return (
    <TooltipProvider>
      <TooltipPrimitive.Root data-slot="tooltip" open={open} onOpenChange={setOpen} {...props} />
    </TooltipProvider>
  );
}

export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({
  className,
  sideOffset = 4,
  children,
  ...props
}: React.ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        sideOffset={sideOffset}
        className={cn(
          'z-50 w-fit max-w-xs rounded-md bg-primary px-3 py-1.5 text-xs text-balance text-primary-foreground animate-in data-[state=closed]:animate-out',
          className,
        )}
        {...props}
      >
        {children}
        <TooltipPrimitive.Arrow className="z-50 size-2.5 translate-y-[calc(-50%_-_2px)] rotate-45 rounded-[2px] bg-primary fill-primary" />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}
