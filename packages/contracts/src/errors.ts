import { z } from 'zod';

/**
 * One error type for the whole product. Services throw AppError with a code;
 * only the gateway turns the code into an HTTP status.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  csrf_mismatch: 419,
  rule_broken: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ZErrorCode = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]);

/** The HTTP error body (ARCHITECTURE: `{ message, errors? }`). */
export const ZApiError = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

/** An error as it travels between processes. */
export const ZErrorPayload = ZApiError.extend({ code: ZErrorCode });
export type TErrorPayload = z.infer<typeof ZErrorPayload>;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toPayload(): TErrorPayload {
    return { code: this.code, message: this.message, ...(this.errors ? { errors: this.errors } : {}) };
  }

  static fromPayload(p: TErrorPayload): AppError {
    return new AppError(p.code, p.message, p.errors);
  }
}

/** A rule of the product that names the form field it concerns, with the form's words (e.g. MEETING_RULE_ERRORS). */
export interface FieldRule {
  field: string;
  message: string;
}

/** A refusal (422) of the rules broken, each message under its field; the first is the refusal's message. */
export function ruleBroken(first: FieldRule, ...more: FieldRule[]): AppError {
  return new AppError(
    'rule_broken',
    first.message,
    Object.fromEntries([first, ...more].map((r) => [r.field, [r.message]])),
  );
}

export function statusForCode(code: ErrorCode): number {
  return ERROR_STATUS[code];
}

const EXPECTED_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

/**
 * The product's words for a missing or mistyped value ('The name field is required.', 'The year must be a
 * number.') instead of zod's 'Invalid input: expected string, received undefined'. `label` names the
 * field; by default its key with spaces ('first_name' → 'first name'). Undefined for other issues, which
 * keep their check's own message.
 */
export function missingOrWrongType(label?: string, expected?: string) {
  return (issue: {
    code?: string;
    input?: unknown;
    path?: PropertyKey[];
    expected?: string;
  }): string | undefined => {
    if (issue.code !== 'invalid_type') return undefined;
    const key = issue.path?.filter((p) => typeof p === 'string').at(-1);
    const name = label ?? (typeof key === 'string' ? key.replaceAll('_', ' ') : undefined);
    if (name === undefined) return undefined;
    if (issue.input === undefined || issue.input === null || issue.input === '') {
      return `The ${name} field is required.`;
    }
    const wanted = expected ?? EXPECTED_WORDS[issue.expected ?? ''] ?? issue.expected;
    return wanted ? `The ${name} must be ${wanted}.` : undefined;
  };
}

/**
 * The product's words for a value out of range ('The time may not be greater than 600.', 'The name may not be
 * greater than 255 characters.') instead of zod's 'Too big: expected number to be <=600'. A whole number
 * past what JavaScript counts exactly is simply too large. Undefined for other issues.
 */
export function outOfRange(issue: {
  code?: string;
  path?: PropertyKey[];
  origin?: string;
  maximum?: unknown;
  minimum?: unknown;
}): string | undefined {
  if (issue.code !== 'too_big' && issue.code !== 'too_small') return undefined;
  const key = issue.path?.filter((p) => typeof p === 'string').at(-1);
  if (typeof key !== 'string') return undefined;
  const name = key.replaceAll('_', ' ');
  const limit = Number(issue.code === 'too_big' ? issue.maximum : issue.minimum);
  if (Math.abs(limit) >= Number.MAX_SAFE_INTEGER) return `The ${name} is too large.`;
  if (issue.origin === 'array') {
    const items = `${limit} item${limit === 1 ? '' : 's'}`;
    return issue.code === 'too_big'
      ? `The ${name} may not have more than ${items}.`
      : `The ${name} must have at least ${items}.`;
  }
  const unit = issue.origin === 'string' ? ' characters' : '';
  if (issue.code === 'too_big') return `The ${name} may not be greater than ${limit}${unit}.`;
  if (issue.origin === 'string' && limit === 1) return `The ${name} field is required.`;
  return `The ${name} must be at least ${limit}${unit}.`;
}

/** The product's words for a value outside an enumeration ('The vote type must be one of: a, b.'). */
export function notOneOf(issue: {
  code?: string;
  path?: PropertyKey[];
  values?: unknown[];
}): string | undefined {
  if (issue.code !== 'invalid_value' || !issue.values?.length) return undefined;
  const key = issue.path?.filter((p) => typeof p === 'string').at(-1);
  if (typeof key !== 'string') return undefined;
  return `The ${key.replaceAll('_', ' ')} must be one of: ${issue.values.map(String).join(', ')}.`;
}

// Every schema of the product (the web app's included) says it in these words; a schema's own message wins.
const productWords = missingOrWrongType();
z.config({ customError: (issue) => productWords(issue) ?? outOfRange(issue) ?? notOneOf(issue) });

/** Per-field messages of a zod failure, keyed by dotted path ('' for the whole value). */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    const list = out[key] ?? [];
    list.push(issue.message);
    out[key] = list;
  }
  return out;
}

export function validationError(error: z.ZodError, message = 'The given data was invalid.'): AppError {
  return new AppError('bad_request', message, fieldErrors(error));
}

/** Parse with a schema or throw a 400-mapped AppError carrying the per-field messages. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}
