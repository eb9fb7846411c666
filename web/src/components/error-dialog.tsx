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
import { useRestoreFocus } from '@/lib/use-restore-focus';

export interface ErrorDialogProps {
  /** The dialog shows while a message is set. */
  message: string | null;
  title: string;
  onClose: () => void;
  /** Where focus goes once the dialog has closed (default: back to the element focused when it opened). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** An error message in a modal dialog with an OK button. */
export function ErrorDialog({ message, title, onClose, onCloseAutoFocus }: ErrorDialogProps) {
  const restoreFocus = useRestoreFocus(message !== null);
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        role="alertdialog"
        ref={restoreFocus.ref}
        onCloseAutoFocus={onCloseAutoFocus ?? restoreFocus.onCloseAutoFocus}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{message}</DialogDescription>
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
