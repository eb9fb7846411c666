import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AppError,
  ERROR_STATUS,
  fieldErrors,
  missingOrWrongType,
  parseOrThrow,
  ruleBroken,
  statusForCode,
} from './errors.js';

describe('error codes map to HTTP statuses', () => {
  it.each(Object.entries(ERROR_STATUS))('%s → %i', (code, status) => {
    expect(statusForCode(code as keyof typeof ERROR_STATUS)).toBe(status);
  });

  it('covers the statuses the architecture names, and 413 as the gateway answers a body too large', () => {
    expect(new Set(Object.values(ERROR_STATUS))).toEqual(
      new Set([400, 401, 403, 404, 409, 413, 419, 422, 429, 500, 503]),
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

describe('missing and mistyped values', () => {
  const schema = z.object({
    first_name: z.string(),
    year: z.number(),
    tags: z.array(z.string()),
    person: z.object({ nick_name: z.string() }),
    email: z.string({ error: missingOrWrongType('address') }),
    code: z.string().min(3, 'Too short'),
  });

  it('says a missing field is required, by its name with spaces', () => {
    const result = schema.safeParse({ person: {}, code: 'abc', email: '' });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(fieldErrors(result.error)).toEqual({
        first_name: ['The first name field is required.'],
        year: ['The year field is required.'],
        tags: ['The tags field is required.'],
        'person.nick_name': ['The nick name field is required.'],
      });
  });

  it('says what a mistyped field must be; a schema’s own label and messages win', () => {
    const result = schema.safeParse({
      first_name: 5,
      year: 'soon',
      tags: 'a',
      person: { nick_name: 'Al' },
      email: null,
      code: 'ab',
    });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(fieldErrors(result.error)).toEqual({
        first_name: ['The first name must be a string.'],
        year: ['The year must be a number.'],
        tags: ['The tags must be a list.'],
        email: ['The address field is required.'],
        code: ['Too short'],
      });
  });
});

describe('values outside an enumeration', () => {
  it('lists the values a field accepts; a schema’s own message wins', () => {
    const schema = z.object({
      result_visibility: z.enum(['show_all', 'hide_all']),
      decision: z.enum(['Accept', 'Decline'], { message: 'Accept or Decline.' }),
    });
    const result = schema.safeParse({ result_visibility: 'shown', decision: 'Maybe' });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(fieldErrors(result.error)).toEqual({
        result_visibility: ['The result visibility must be one of: show_all, hide_all.'],
        decision: ['Accept or Decline.'],
      });
  });
});

describe('values out of range', () => {
  const schema = z.object({
    time: z.number().int().min(1).max(600),
    name: z.string().min(1).max(5),
    code: z.string().min(3),
    slots: z.array(z.string()).min(1).max(2),
    maximum_responses: z.number().int(),
    label: z.string().max(2, 'Keep it short'),
  });

  it('says the limit in the product’s words; a schema’s own message wins', () => {
    const result = schema.safeParse({
      time: 601,
      name: '',
      code: 'ab',
      slots: ['a', 'b', 'c'],
      maximum_responses: 2 ** 64,
      label: 'long',
    });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(fieldErrors(result.error)).toEqual({
        time: ['The time may not be greater than 600.'],
        name: ['The name field is required.'],
        code: ['The code must be at least 3 characters.'],
        slots: ['The slots may not have more than 2 items.'],
        maximum_responses: ['The maximum responses is too large.'],
        label: ['Keep it short'],
      });
  });

  it('names the lower limits of numbers and lists', () => {
    const result = schema.safeParse({
      time: 0,
      name: 'toolong',
      code: 'abc',
      slots: [],
      maximum_responses: 1,
      label: '',
    });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(fieldErrors(result.error)).toEqual({
        time: ['The time must be at least 1.'],
        name: ['The name may not be greater than 5 characters.'],
        slots: ['The slots must have at least 1 item.'],
      });
  });
});

describe('ruleBroken', () => {
  it('refuses (422) with the first rule as the message and each rule under its field', () => {
    const err = ruleBroken(
      { field: 'name', message: 'Name fixed.' },
      { field: 'start', message: 'Start fixed.' },
    );
    expect(err.toPayload()).toEqual({
      code: 'rule_broken',
      message: 'Name fixed.',
      errors: { name: ['Name fixed.'], start: ['Start fixed.'] },
    });
    expect(statusForCode(err.code)).toBe(422);
  });
});
