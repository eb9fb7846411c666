import { describe, expect, it } from 'vitest';
import { PasswordService } from './password.service.js';

describe('password hashing', () => {
  const passwords = new PasswordService();

  it('stores argon2id hashes that verify the right password only', async () => {
    const stored = await passwords.hash('s3cret pass');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await passwords.verify(stored, 's3cret pass')).toBe(true);
    expect(await passwords.verify(stored, 's3cret pasS')).toBe(false);
    expect(await passwords.verify('not a hash', 's3cret pass')).toBe(false);
  });

  it('does the same work when there is no hash to check (unknown email), and says no', async () => {
    const stored = await passwords.hash('s3cret pass');
    await passwords.verify(null, 'warm up'); // creates the throwaway hash once
    const time = async (hash: string | null) => {
      const started = performance.now();
      const ok = await passwords.verify(hash, 'wrong');
      return { ok, ms: performance.now() - started };
    };
    const withHash: number[] = [];
    const without: number[] = [];
    for (let i = 0; i < 5; i++) {
      withHash.push((await time(stored)).ms);
      const miss = await time(null);
      expect(miss.ok).toBe(false);
      without.push(miss.ms);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2] ?? 0;
    // Equal work gives a ratio near 1; skipping the argon2 run would give well under 0.01.
    expect(median(without) / median(withHash)).toBeGreaterThan(0.3);
  });
});
