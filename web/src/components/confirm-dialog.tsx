import * as React from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { buttonVariants } from '@/components/ui/button';

/** The product's delete confirmation (spec section 8): 'Are you sure?' with 'Yes, I'm sure'. */
export const DELETE_CONFIRM_TITLE = 'Are you sure?';
export const DELETE_CONFIRM_YES = "Yes, I'm sure";

export interface ConfirmDialogProps {
  /** The question shows while this is set; null closes the dialog. */
  message: string | null;
  title: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action: the confirm button is red. */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question before an action takes effect (the spec's confirmations). */
export function ConfirmDialog({
  message,
  title,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  destructive = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const open = message !== null;
  // With no trigger, Radix would send focus to <body> on close: remember what opened the question instead.
  const opener = React.useRef<HTMLElement | null>(null);
  React.useLayoutEffect(() => {
    // Layout effects run before Radix moves focus into the dialog (a passive effect).
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);

  function restoreFocus(event: Event) {
    const element = opener.current;
    opener.current = null;
    event.preventDefault();
    if (element?.isConnected && !element.matches(':disabled')) element.focus();
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialogContent onCloseAutoFocus={restoreFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{message}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction
            className={destructive ? buttonVariants({ variant: 'destructive' }) : undefined}
            onClick={onConfirm}
          >
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
