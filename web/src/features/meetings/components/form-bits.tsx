import type * as React from 'react';
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
 * Focuses the control of the first field (in `fieldIds` order, the form's order) that has an error; says
 * whether one was found, so a form can fall back to its error dialog for errors of fields it does not show.
 */
export function focusFirstError(errors: Record<string, string>, fieldIds: Record<string, string>): boolean {
  for (const [field, id] of Object.entries(fieldIds)) {
    if (!errors[field]) continue;
    const control = document.getElementById(id);
    if (!control) continue;
    control.focus();
    return true;
  }
  return false;
}
