import * as React from 'react';
import { errorText, fieldErrorsOf } from '@/lib/api-client';
import { FALLBACK } from '@/lib/messages';
import type { FieldErrors, FormFields } from '@/lib/use-form-fields';
import { usePreventDuplicateSubmit } from '@/lib/use-prevent-duplicate-submit';
import type { UnsavedChanges } from '@/lib/use-unsaved-changes';

/**
 * Focuses the control of the first field (in `fieldIds` order, the form's order) that has an error; says
 * whether one was found, so a form can fall back to its error dialog for errors of fields it does not show.
 */
export function focusFirstError(errors: FieldErrors, fieldIds: Record<string, string>): boolean {
  for (const [field, id] of Object.entries(fieldIds)) {
    if (!errors[field]) continue;
    const control = document.getElementById(id);
    if (!control) continue;
    control.focus();
    return true;
  }
  return false;
}

export interface FormSaveOptions<V extends object> {
  form: FormFields<V>;
  unsaved: UnsavedChanges;
  /** Field name → control id, in the form's order: the first invalid one gets the focus. */
  fieldIds: Record<string, string>;
  /** The form's own checks: a message per invalid field, none when it may be sent. */
  validate: (values: V) => FieldErrors;
  /** The server refuses any save (the submit button says why): submitting does nothing. */
  locked?: boolean;
  /** Asked once the values are valid: true holds the save back (the form asks the user first). */
  holdBack?: (values: V) => boolean;
  save: (values: V) => Promise<unknown>;
}

/**
 * The submit of a form that checks its values, then saves them: one at a time, leaving unasked once saved.
 * A failed save's field messages show under their fields; any other failure, or one about a field the
 * form does not show, in the error dialog (`failure`).
 */
export function useFormSave<V extends object>({
  form,
  unsaved,
  fieldIds,
  validate,
  locked = false,
  holdBack,
  save,
}: FormSaveOptions<V>) {
  const [failure, setFailure] = React.useState<string | null>(null);
  const { onSubmit, submitting } = usePreventDuplicateSubmit(async () => {
    if (locked) return;
    const { values, setErrors } = form;
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(found, fieldIds);
      return;
    }
    if (holdBack?.(values)) return;
    try {
      await unsaved.saving(
        () => save(values),
        () => values,
      );
    } catch (err) {
      const fieldErrors = fieldErrorsOf(err);
      setErrors(fieldErrors);
      if (!focusFirstError(fieldErrors, fieldIds)) setFailure(errorText(err, FALLBACK.save));
    }
  });
  return { onSubmit, submitting, failure, clearFailure: () => setFailure(null) };
}
