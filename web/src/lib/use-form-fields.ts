import * as React from 'react';
import { withoutChangedErrors, withoutError } from '@/lib/form-errors';

export type FieldErrors = Record<string, string>;

export interface FormFields<V extends object> {
  values: V;
  setValues: React.Dispatch<React.SetStateAction<V>>;
  /** The message shown under each field, by field name (a server's key may name a field the form lacks). */
  errors: FieldErrors;
  setErrors: React.Dispatch<React.SetStateAction<FieldErrors>>;
  /** One field typed or picked: its message goes with it. */
  set: <K extends keyof V>(key: K, value: V[K]) => void;
  /** Fields changed together (a date range's start and end): the message of each field that changed goes. */
  change: (patch: Partial<V>) => void;
}

/**
 * A form's values and its messages per field. A changed field loses its message at once: the one the user
 * just mended does not stay on screen until the next save.
 */
export function useFormFields<V extends object>(initial: V): FormFields<V> {
  const [values, setValues] = React.useState(initial);
  const [errors, setErrors] = React.useState<FieldErrors>({});
  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((e) => withoutError(e, key as string));
  };
  const change = (patch: Partial<V>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((e) => withoutChangedErrors(e, values, { ...values, ...patch }));
  };
  return { values, setValues, errors, setErrors, set, change };
}
