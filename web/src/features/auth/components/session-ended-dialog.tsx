import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LoginForm } from '@/features/auth/components/login-form';
import { useLeaveEndedSession, useResumeSession, useSessionEnded } from '@/features/auth/queries';

export const SESSION_ENDED_TITLE = 'Sign in again';
export const SESSION_ENDED_TEXT =
  'Your session has expired, so your last change was not saved. Sign in again to carry on: this page and what you typed stay as they are.';

/**
 * Over the page whose change the server refused for an ended session: sign in again without leaving it,
 * so an open form keeps what was typed, then save again. It does not close by Escape or a click outside
 * (that would throw the form away); 'Go to the sign-in page' leaves on purpose.
 */
export function SessionEndedDialog({ email }: { email: string }) {
  const open = useSessionEnded();
  const resume = useResumeSession();
  const leave = useLeaveEndedSession();
  return (
    <Dialog open={open}>
      <DialogContent
        showCloseButton={false}
        onEscapeKeyDown={(event) => event.preventDefault()}
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
        className="sm:max-w-sm"
      >
        <DialogHeader>
          <DialogTitle>{SESSION_ENDED_TITLE}</DialogTitle>
          <DialogDescription>{SESSION_ENDED_TEXT}</DialogDescription>
        </DialogHeader>
        <LoginForm email={email} onSignedIn={resume} />
        <Button variant="outline" onClick={leave}>
          Go to the sign-in page
        </Button>
      </DialogContent>
    </Dialog>
  );
}
