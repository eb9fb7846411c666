import { SESSION_EXPIRED_MESSAGE } from '@gavel/contracts';
import { QueryClientContext } from '@tanstack/react-query';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { isSessionEnded } from '@/lib/query-client';
import { useRestoreFocus } from '@/lib/use-restore-focus';
import { useShownWhileClosing } from '@/lib/use-shown-while-closing';

export interface ErrorDialogProps {
  /** The dialog shows while a message is set. */
  message: string | null;
  title: string;
  onClose: () => void;
  /** Where focus goes once the dialog has closed (default: back to the element focused when it opened). */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * An error message in a modal dialog with an OK button. A change refused because the session ended is
 * not shown here: the sign-in-again dialog (SessionEndedDialog) says so, and this one closes at once.
 */
export function ErrorDialog({ message, title, onClose, onCloseAutoFocus }: ErrorDialogProps) {
  const queryClient = React.useContext(QueryClientContext);
  const sessionEnded = message === SESSION_EXPIRED_MESSAGE && !!queryClient && isSessionEnded(queryClient);
  React.useEffect(() => {
    if (sessionEnded) onClose();
  }, [sessionEnded, onClose]);
  const open = message !== null && !sessionEnded;
  const restoreFocus = useRestoreFocus(open);
  const shown = useShownWhileClosing(open, { title, message });
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        role="alertdialog"
        ref={restoreFocus.ref}
        onCloseAutoFocus={onCloseAutoFocus ?? restoreFocus.onCloseAutoFocus}
      >
        <DialogHeader>
          <DialogTitle>{shown.title}</DialogTitle>
          <DialogDescription>{shown.message}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button>OK</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
