import { describe, expect, it } from 'vitest';
import { bucketsFor, DEFAULT_RATE_LIMITS } from './rate-limit.js';

describe('bucketsFor', () => {
  it('limits logins per address and per email (normalised, hashed)', () => {
    const a = bucketsFor('login', { ip: '10.0.0.1', tenantId: 't1', email: ' Alice@Example.org ' });
    const b = bucketsFor('login', { ip: '10.0.0.2', tenantId: 't1', email: 'alice@example.org' });
    expect(a.map((x) => x.limit)).toEqual([10, 5]);
    expect(a[0]?.key).toBe('rl:login:ip:10.0.0.1');
    expect(a[1]?.key).toBe(b[1]?.key);
    expect(a[1]?.key).not.toContain('alice');
    expect(a.every((x) => x.windowSeconds === 60)).toBe(true);
  });

  it('limits by address only when the login has no email', () => {
    expect(bucketsFor('login', { ip: '10.0.0.1', tenantId: 't1', email: null })).toHaveLength(1);
  });

  it('limits bypass codes per address and per association across all codes', () => {
    const buckets = bucketsFor('bypass', { ip: '10.0.0.1', tenantId: 't1' });
    expect(buckets).toEqual([
      { key: 'rl:bypass:ip:10.0.0.1', limit: 5, windowSeconds: 60 },
      { key: 'rl:bypass:tenant:t1', limit: 30, windowSeconds: 60 },
    ]);
  });

  it('takes other limits when given', () => {
    const limits = { ...DEFAULT_RATE_LIMITS, bypass: { perIp: 1, perTenant: 2 }, windowSeconds: 5 };
    expect(bucketsFor('bypass', { ip: 'x', tenantId: 't' }, limits).map((b) => b.limit)).toEqual([1, 2]);
  });
});
