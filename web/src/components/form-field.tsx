import * as React from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

type ControlProps = {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

export interface FormFieldProps {
  id: string;
  label: React.ReactNode;
  /** The message shown under the control; marks the control invalid. */
  error?: string;
  hint?: React.ReactNode;
  className?: string;
  /** One form control; it receives the id, aria-invalid and aria-describedby. */
  children: React.ReactElement<ControlProps>;
}

/** A label, a control and its validation message, wired together for assistive technology. */
export function FormField({ id, label, error, hint, className, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {React.cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
