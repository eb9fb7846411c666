import * as React from 'react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

/**
 * A tooltip for an explanation a user needs, not a decoration: it opens on hover, on keyboard focus and on
 * a tap (phones have no hover), and screen readers get its text as the trigger's description. The child is
 * the focusable trigger (a button or link).
 */
export function DescribedTooltip({ text, children }: { text: string; children: React.ReactElement }) {
  const [open, setOpen] = React.useState(false);
  const id = React.useId();
  return (
    <Tooltip open={open} onOpenChange={setOpen}>
      <TooltipTrigger asChild aria-describedby={id} onClick={() => setOpen(true)}>
        {children}
      </TooltipTrigger>
      <TooltipContent>{text}</TooltipContent>
      <span id={id} className="sr-only">
        {text}
      </span>
    </Tooltip>
  );
}
