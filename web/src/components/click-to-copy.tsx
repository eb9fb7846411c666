import { CopyIcon } from 'lucide-react';
import type * as React from 'react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { copyToClipboard } from '@/lib/clipboard';
import { cn } from '@/lib/cn';

export type ClickToCopyProps = Omit<React.ComponentProps<'button'>, 'value' | 'onClick'> & {
  /** The text copied; the children (or the value itself) are what the user sees. */
  value: string;
};

/**
 * A click-to-copy element: copies its value and toasts 'Copied to clipboard' or the error text. Its hint is
 * one of the app's tooltips (gone after 3 seconds), not the browser's title, which stays while the pointer
 * does.
 */
export function ClickToCopy({ value, children, className, ...props }: ClickToCopyProps) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          data-slot="click-to-copy"
          className={cn(
            'inline-flex max-w-full cursor-copy items-center gap-1.5 rounded-sm text-left hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
            className,
          )}
          onClick={() => void copyToClipboard(value)}
          {...props}
        >
          <span className="truncate">{children ?? value}</span>
          <CopyIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
        </button>
      </TooltipTrigger>
      <TooltipContent>Click to copy</TooltipContent>
    </Tooltip>
  );
}
