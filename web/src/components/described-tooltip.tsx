import * as React from 'react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

/**
 * A tooltip for an explanation a user needs, not a decoration: it opens on hover, on keyboard focus, on
 * Enter and on a tap (phones have no hover), and screen readers get its text as the trigger's description.
 * The child is the focusable trigger (a button or link).
 *
 * Opened by a tap, a click, focus or Enter, it is held for its whole time (spec section 9: 3 seconds):
 * Radix's own close requests are then ignored, since Radix would close it at once (on the tap's own click,
 * or on the scroll that focusing the sticky footer causes). Escape, a tap elsewhere and focus leaving
 * still close it. Opened by hover, it closes as Radix says (the pointer leaving).
 */
export function DescribedTooltip({ text, children }: { text: string; children: React.ReactElement }) {
  const [open, setOpen] = React.useState(false);
  const held = React.useRef(false);
  const show = () => {
    held.current = true;
    setOpen(true);
  };
  const hide = () => {
    held.current = false;
    setOpen(false);
  };
  // Radix asks to open on hover, and to close for many reasons: heard unless the tooltip is held.
  const onOpenChange = (next: boolean) => {
    if (next || !held.current) setOpen(next);
  };
  const id = React.useId();
  return (
    <Tooltip open={open} onOpenChange={onOpenChange} onExpire={hide}>
      <TooltipTrigger asChild aria-describedby={id} onClick={show} onFocus={show} onBlur={hide}>
        {children}
      </TooltipTrigger>
      <TooltipContent onEscapeKeyDown={hide} onPointerDownOutside={hide}>
        {text}
      </TooltipContent>
      <span id={id} className="sr-only">
        {text}
      </span>
    </Tooltip>
  );
}
