import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { hash, verify } from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { PasswordService } from './password.service.js';

// argon2's own hash and verify, watched: a check the service skipped would not show here.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...argon2, hash: vi.fn(argon2.hash), verify: vi.fn(argon2.verify) };
});
const argon2Hash = vi.mocked(hash);
const argon2Verify = vi.mocked(verify);

/**
 * An argon2 hash's algorithm, cost parameters and salt and digest lengths
 * (`$argon2id$v=19$m=19456,t=2,p=1$<22>$<43>`): what a check against it costs.
 */
const shapeOf = (hash: string) => hash.replace(/[A-Za-z0-9+/]{16,}/g, (part) => `<${part.length}>`);

describe('password hashing', () => {
  const passwords = new PasswordService();

  it('stores argon2id hashes that verify the right password only', async () => {
    const stored = await passwords.hash('s3cret pass');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await passwords.verify(stored, 's3cret pass')).toBe(true);
    expect(await passwords.verify(stored, 's3cret pasS')).toBe(false);
    expect(await passwords.verify('not a hash', 's3cret pass')).toBe(false);
  });

  it('still runs a full argon2 check when there is no hash to check (unknown email, no password), and says no', async () => {
    const stored = await passwords.hash('s3cret pass');
    argon2Verify.mockClear();
    expect(await passwords.verify(stored, 'wrong')).toBe(false);
    expect(await passwords.verify(null, 'wrong')).toBe(false);
    expect(await passwords.verify('', 'wrong')).toBe(false);
    // One check each, a throwaway hash standing in for the missing one, as costly as a stored one...
    expect(argon2Verify.mock.calls.map(([hash, password]) => [shapeOf(String(hash)), password])).toEqual([
      [shapeOf(stored), 'wrong'],
      [shapeOf(stored), 'wrong'],
      [shapeOf(stored), 'wrong'],
    ]);
    // ...and argon2 ran each to its end: it answered "no match", it did not refuse the hash.
    for (const result of argon2Verify.mock.results) await expect(result.value).resolves.toBe(false);
  });
});

describe('the stand-in hash', () => {
  it('is built when the service starts, so the first unknown email costs one argon2 check, like a wrong password', async () => {
    @Module({ providers: [PasswordService] })
    class PasswordsOnly {}
    argon2Hash.mockClear();
    const app = await NestFactory.createApplicationContext(PasswordsOnly, { logger: false });
    try {
      expect(argon2Hash).toHaveBeenCalledTimes(1);
      argon2Hash.mockClear();
      argon2Verify.mockClear();
      expect(await app.get(PasswordService).verify(null, 'whoever')).toBe(false);
      expect(argon2Hash).not.toHaveBeenCalled();
      expect(argon2Verify).toHaveBeenCalledTimes(1);
    } finally {
      await app.close();
    }
  });
});
