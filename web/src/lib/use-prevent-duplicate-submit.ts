import type * as React from 'react';
import { useCallback, useRef, useState } from 'react';

/**
 * Prevent-duplicate-submission for a form: `onSubmit` runs the handler at most once at a time and
 * `submitting` is true until its promise settles (bind it to the submit button's `disabled`).
 * The handler should deal with its own errors; a rejection only ends the submitting state.
 */
export function usePreventDuplicateSubmit(handler: () => unknown): {
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => Promise<void>;
  submitting: boolean;
} {
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const handlerRef = useRef(handler);
  handlerRef.current = handler;

  const onSubmit = useCallback(async (event?: React.FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    try {
      await handlerRef.current();
    } catch {
      // The handler reports its own failures.
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }, []);

  return { onSubmit, submitting };
}
