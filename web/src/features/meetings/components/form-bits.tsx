import type * as React from 'react';
import { SubmitButton } from '@/components/submit-button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

/** A labelled on/off setting with an optional hint and error. */
export function SwitchField({
  id,
  label,
  checked,
  onChange,
  hint,
  error,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: React.ReactNode;
  error?: string;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-3">
        <Switch
          id={id}
          checked={checked}
          onCheckedChange={onChange}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        <Label htmlFor={id}>{label}</Label>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** A group of form fields under a heading. */
export function FormSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-md border p-4">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * The submit button and any actions beside it (e.g. Cancel). `blockedBy` is the id of the text saying why
 * the server refuses any save: the button is then disabled and points to it.
 */
export function SaveActions({
  submitting,
  label,
  blockedBy,
  children,
}: {
  submitting: boolean;
  label: string;
  blockedBy?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <SubmitButton submitting={submitting} disabled={blockedBy !== undefined} aria-describedby={blockedBy}>
        {label}
      </SubmitButton>
      {children}
    </div>
  );
}
