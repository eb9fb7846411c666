import { PrismaClientKnownRequestError } from '@prisma/client/runtime/client';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation, isUuid, table } from './prisma.js';

const known = (code: string) => new PrismaClientKnownRequestError('failed', { code, clientVersion: 'test' });

describe('table', () => {
  it('qualifies a table with its schema for raw SQL', () => {
    const sql = table('identity', 'user_roles');
    expect(sql.sql).toBe('"identity"."user_roles"');
    expect(sql.values).toEqual([]);
  });

  it('refuses a name that is not lowercase letters and underscores', () => {
    expect(() => table('identity', 'users"; DROP TABLE users; --')).toThrow('Unsafe table name');
    expect(() => table('identity', 'Users')).toThrow('Unsafe table name');
    expect(() => table('identity', '')).toThrow('Unsafe table name');
    expect(() => table('voting"."x', 'votes')).toThrow('Unsafe schema name');
  });
});

describe('isUniqueViolation', () => {
  it("recognises Prisma's unique-key violation (P2002)", () => {
    expect(isUniqueViolation(known('P2002'))).toBe(true);
  });

  it('is false for any other error', () => {
    expect(isUniqueViolation(known('P2025'))).toBe(false);
    expect(isUniqueViolation(new Error('P2002'))).toBe(false);
    expect(isUniqueViolation({ code: 'P2002' })).toBe(false);
    // A bare pg error: through the driver adapter Prisma reports this as P2002, which is what is checked.
    expect(isUniqueViolation(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});

describe('isUuid', () => {
  it('accepts a uuid in either case', () => {
    expect(isUuid('0b6e3c1a-5f2d-4c8e-9a7b-1d2e3f4a5b6c')).toBe(true);
    expect(isUuid('0B6E3C1A-5F2D-4C8E-9A7B-1D2E3F4A5B6C')).toBe(true);
  });

  it('refuses anything else', () => {
    expect(isUuid(undefined)).toBe(false);
    expect(isUuid(null)).toBe(false);
    expect(isUuid('')).toBe(false);
    expect(isUuid('not-a-uuid')).toBe(false);
    expect(isUuid('0b6e3c1a5f2d4c8e9a7b1d2e3f4a5b6c')).toBe(false);
    expect(isUuid('0b6e3c1a-5f2d-4c8e-9a7b-1d2e3f4a5b6c ')).toBe(false);
    expect(isUuid('{0b6e3c1a-5f2d-4c8e-9a7b-1d2e3f4a5b6c}')).toBe(false);
    expect(isUuid('0b6e3c1a-5f2d-4c8e-9a7b-1d2e3f4a5b6g')).toBe(false);
  });
});
