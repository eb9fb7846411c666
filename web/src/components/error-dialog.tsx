import { type QueryClient, QueryClientContext } from '@tanstack/react-query';
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
import { ApiError } from '@/lib/api-client';
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
 * Whether the sign-in-again dialog is open over a change refused because the session ended: its latest
 * failed change answered 401 (whatever the text: 'Unauthenticated.' when the cookie is gone, the expiry
 * message when the session is). Sign-in attempts, whose 401 is a wrong password, do not count.
 */
function refusedForEndedSession(client: QueryClient | undefined): boolean {
  if (!client || !isSessionEnded(client)) return false;
  const [latest] = client
    .getMutationCache()
    .findAll({ status: 'error', predicate: (mutation) => !mutation.options.meta?.signIn })
    .sort((a, b) => b.mutationId - a.mutationId);
  return latest?.state.error instanceof ApiError && latest.state.error.status === 401;
}

/**
 * An error message in a modal dialog with an OK button. A change refused because the session ended is
 * not shown here: the sign-in-again dialog (SessionEndedDialog) says so, and this one closes at once.
 */
export function ErrorDialog({ message, title, onClose, onCloseAutoFocus }: ErrorDialogProps) {
  const queryClient = React.useContext(QueryClientContext);
  const sessionEnded = message !== null && refusedForEndedSession(queryClient);
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
