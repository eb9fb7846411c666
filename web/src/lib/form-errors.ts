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
