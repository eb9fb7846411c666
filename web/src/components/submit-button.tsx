import { LoaderCircleIcon } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';

export type SubmitButtonProps = Omit<ButtonProps, 'type' | 'asChild'> & {
  /** True while the form is being submitted: the button is disabled and shows a spinner. */
  submitting: boolean;
};

/** The submit button of a prevent-duplicate-submission form. */
export function SubmitButton({ submitting, disabled, children, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={submitting || disabled} aria-busy={submitting || undefined} {...props}>
      {submitting && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
      {children}
    </Button>
  );
}
