import type { z } from 'zod';

/** The first message of each top-level field of a failed zod parse, for showing under each input. */
export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
}

/**
 * The errors without `key`'s message: a field the user changes loses its flag and message at once, so
 * that an error already mended does not stay on screen until the next save.
 */
export function withoutError<E extends Record<string, string | undefined>>(errors: E, key: string): E {
  if (!(key in errors)) return errors;
  const { [key]: _gone, ...rest } = errors;
  return rest as E;
}

/**
 * The errors left when a form's values change from `before` to `after`: the message of each field whose
 * value changed goes (typed, or filled in by another field). `fieldOf` names the value behind an error key
 * where the two differ (the server's `term_based` for a form's `termBased`).
 */
export function withoutChangedErrors<E extends Record<string, string | undefined>>(
  errors: E,
  before: object,
  after: object,
  fieldOf: Record<string, string> = {},
): E {
  const value = (values: object, key: string) => (values as Record<string, unknown>)[fieldOf[key] ?? key];
  const changed = Object.keys(errors).filter((key) => value(before, key) !== value(after, key));
  if (changed.length === 0) return errors;
  const rest = { ...errors };
  for (const key of changed) delete rest[key];
  return rest;
}
