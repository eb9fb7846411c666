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
import { useShownWhileClosing } from '@/lib/use-shown-while-closing';

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
  const shown = useShownWhileClosing(message !== null, { title, message });
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && onClose()}>
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
