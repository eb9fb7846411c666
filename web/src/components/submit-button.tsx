import { LoaderCircleIcon } from 'lucide-react';
import * as React from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { isFocusLost } from '@/lib/use-restore-focus';

export type SubmitButtonProps = Omit<ButtonProps, 'type' | 'asChild' | 'ref'> & {
  /** True while the form is being submitted: the button is disabled and shows a spinner. */
  submitting: boolean;
};

/**
 * The submit button of a prevent-duplicate-submission form. Disabling the focused button drops focus to
 * <body> (the browser does so at its next frame): once the submit is over, focus comes back to it unless
 * it went somewhere meanwhile (a field in error, another page). It also comes back before an error dialog
 * opened by the failure takes focus, so that the dialog hands focus back to it when it closes.
 */
export function SubmitButton({ submitting, disabled, children, ...props }: SubmitButtonProps) {
  const ref = React.useRef<HTMLButtonElement>(null);
  const hadFocus = React.useRef(false);
  // A layout effect: it runs before the browser drops focus from the disabled button, and before the
  // dialogs opened in the same render look for where focus was.
  React.useLayoutEffect(() => {
    if (submitting) {
      hadFocus.current = document.activeElement === ref.current;
      return;
    }
    if (hadFocus.current && isFocusLost()) ref.current?.focus();
    hadFocus.current = false;
  }, [submitting]);

  return (
    <Button
      ref={ref}
      type="submit"
      disabled={submitting || disabled}
      aria-busy={submitting || undefined}
      {...props}
    >
      {submitting && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
      {children}
    </Button>
  );
}
