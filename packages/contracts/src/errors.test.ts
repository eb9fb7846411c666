import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, ERROR_STATUS, fieldErrors, parseOrThrow, statusForCode } from './errors.js';

describe('error codes map to HTTP statuses', () => {
  it.each(Object.entries(ERROR_STATUS))('%s → %i', (code, status) => {
    expect(statusForCode(code as keyof typeof ERROR_STATUS)).toBe(status);
  });

  it('covers the statuses the architecture names', () => {
    expect(new Set(Object.values(ERROR_STATUS))).toEqual(
      new Set([400, 401, 403, 404, 409, 419, 422, 429, 500, 503]),
    );
  });
});

describe('AppError', () => {
  it('round-trips through its payload', () => {
    const err = new AppError('conflict', 'Taken', { email: ['The email has already been taken.'] });
    const back = AppError.fromPayload(err.toPayload());
    expect(back).toBeInstanceOf(AppError);
    expect(back.code).toBe('conflict');
    expect(back.message).toBe('Taken');
    expect(back.errors).toEqual({ email: ['The email has already been taken.'] });
  });

  it('omits errors when there are none', () => {
    expect(new AppError('not_found', 'Nope').toPayload()).toEqual({ code: 'not_found', message: 'Nope' });
  });
});

describe('validation failures', () => {
  const schema = z.object({
    email: z.string().email('Bad email'),
    person: z.object({ name: z.string().min(2, 'Short') }),
  });

  it('collects messages per dotted field path', () => {
    const result = schema.safeParse({ email: 'x', person: { name: 'a' } });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(fieldErrors(result.error)).toEqual({ email: ['Bad email'], 'person.name': ['Short'] });
  });

  it('parseOrThrow answers a bad_request AppError with field errors, or the parsed value', () => {
    expect(parseOrThrow(schema, { email: 'a@b.co', person: { name: 'Al' } })).toEqual({
      email: 'a@b.co',
      person: { name: 'Al' },
    });
    try {
      parseOrThrow(schema, { email: 'a@b.co', person: {} });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('bad_request');
      expect((err as AppError).errors).toHaveProperty(['person.name']);
    }
  });
});
