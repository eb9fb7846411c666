import { useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LoginForm } from '@/features/auth/components/login-form';
import { useLeaveEndedSession, useResumeSession, useSessionEnded } from '@/features/auth/queries';
import { registerSessionEndedDialog } from '@/lib/query-client';
import { useRestoreFocus } from '@/lib/use-restore-focus';
import { useShownWhileClosing } from '@/lib/use-shown-while-closing';

export const SESSION_ENDED_TITLE = 'Sign in again';
export const SESSION_ENDED_TEXT =
  'Your session has expired, so your last change was not saved. Sign in again to carry on: this page and what you typed stay as they are.';
/** When a read (a refresh of the page's data) found the session ended: no change was lost. */
export const SESSION_ENDED_READ_TEXT =
  'Your session has expired. Sign in again to carry on: this page and what you typed stay as they are.';

/** The page's title, made focusable: where focus goes back when what had it has gone. */
function pageTitle(): HTMLElement | null {
  const title = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (title && !title.hasAttribute('tabindex')) title.setAttribute('tabindex', '-1');
  return title;
}

/**
 * Over the page whose call (a change, or a read in the background) the server refused for an ended
 * session: sign in again without leaving it, so an open form keeps what was typed, then save again. It
 * does not close by Escape or a click outside (that would throw the form away); 'Go to the sign-in page' leaves on purpose.
 */
export function SessionEndedDialog({ email }: { email: string }) {
  const ended = useSessionEnded();
  const by = useShownWhileClosing(ended !== null, ended);
  const resume = useResumeSession();
  const leave = useLeaveEndedSession();
  // While mounted, a session that ends opens this dialog instead of leaving the page (query-client.ts).
  const queryClient = useQueryClient();
  React.useEffect(() => registerSessionEndedDialog(queryClient), [queryClient]);
  // Signed in again as the same user, the dialog closes over the page: focus goes back to what had it
  // (the field being typed in, the Save pressed), else to the page's title. (Another user leaves the page.)
  const restoreFocus = useRestoreFocus(ended !== null, pageTitle);
  return (
    <Dialog open={ended !== null}>
      <DialogContent
        ref={restoreFocus.ref}
        onCloseAutoFocus={restoreFocus.onCloseAutoFocus}
        showCloseButton={false}
        onEscapeKeyDown={(event) => event.preventDefault()}
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
        className="sm:max-w-sm"
      >
        <DialogHeader>
          <DialogTitle>{SESSION_ENDED_TITLE}</DialogTitle>
          <DialogDescription>
            {by === 'read' ? SESSION_ENDED_READ_TEXT : SESSION_ENDED_TEXT}
          </DialogDescription>
        </DialogHeader>
        <LoginForm email={email} onSignedIn={resume} />
        <Button variant="outline" onClick={leave}>
          Go to the sign-in page
        </Button>
      </DialogContent>
    </Dialog>
  );
}
