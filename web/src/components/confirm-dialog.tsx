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
import { useRestoreFocus } from '@/lib/use-restore-focus';
import { useShownWhileClosing } from '@/lib/use-shown-while-closing';

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
  const restoreFocus = useRestoreFocus(open);
  const shown = useShownWhileClosing(open, { title, message });
  // One answer per question: a second click on Confirm while the dialog fades out does not act again.
  const answered = React.useRef(false);
  React.useLayoutEffect(() => {
    if (open) answered.current = false;
  }, [open]);
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialogContent {...restoreFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{shown.title}</AlertDialogTitle>
          <AlertDialogDescription>{shown.message}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction
            className={destructive ? buttonVariants({ variant: 'destructive' }) : undefined}
            onClick={() => {
              if (answered.current) return;
              answered.current = true;
              onConfirm();
            }}
          >
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
