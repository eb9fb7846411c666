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
