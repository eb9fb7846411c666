import { describe, expect, it } from 'vitest';
import { bucketsFor, clientKey, DEFAULT_RATE_LIMITS, LOGIN_PER_EMAIL_ALL_SOURCES } from './rate-limit.js';

describe('bucketsFor', () => {
  it('limits logins per address, per email from that address, and per email from everywhere (hashed)', () => {
    const a = bucketsFor('login', { ip: '10.0.0.1', tenantId: 't1', email: ' Alice@Example.org ' });
    const a2 = bucketsFor('login', { ip: '10.0.0.1', tenantId: 't1', email: 'alice@example.org' });
    const b = bucketsFor('login', { ip: '10.0.0.2', tenantId: 't1', email: 'alice@example.org' });
    expect(a.map((x) => x.limit)).toEqual([10, 5, LOGIN_PER_EMAIL_ALL_SOURCES]);
    expect(LOGIN_PER_EMAIL_ALL_SOURCES).toBe(50);
    expect(a[0]?.key).toBe('rl:login:ip:10.0.0.1');
    // The email from one address: the same however it is written, another bucket from another address.
    expect(a[1]?.key).toBe(a2[1]?.key);
    expect(a[1]?.key).not.toBe(b[1]?.key);
    // The email from everywhere: one bucket.
    expect(a[2]?.key).toBe(b[2]?.key);
    for (const bucket of a.slice(1)) {
      expect(bucket.key).not.toContain('alice');
      expect(bucket.key).not.toContain('10.0.0.1');
    }
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

  it('counts an IPv6 client by its /64, so rotating addresses within it does not escape', () => {
    const keys = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:fffe',
      '2001:0DB8:0001:0002:0:0:0:9',
      'fe80::1%eth0',
    ].map((ip) => bucketsFor('bypass', { ip, tenantId: 't1' })[0]?.key);
    expect(keys.slice(0, 3)).toEqual(Array(3).fill('rl:bypass:ip:2001:db8:1:2::/64'));
    expect(keys[3]).toBe('rl:bypass:ip:fe80:0:0:0::/64');
    const login = ['2001:db8:1:2::1', '2001:db8:1:2:abcd::7'].map((ip) =>
      bucketsFor('login', { ip, tenantId: 't1', email: 'alice@example.org' }).map((x) => x.key),
    );
    expect(login[0]).toEqual(login[1]);
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
  });

  it('counts IPv4 addresses one by one, IPv4-mapped IPv6 as the IPv4 address', () => {
    expect(clientKey('10.0.0.1')).toBe('10.0.0.1');
    expect(clientKey('10.0.0.2')).toBe('10.0.0.2');
    expect(bucketsFor('login', { ip: '10.0.0.1', tenantId: 't1' })[0]?.key).not.toBe(
      bucketsFor('login', { ip: '10.0.0.2', tenantId: 't1' })[0]?.key,
    );
    expect(clientKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(clientKey('::FFFF:0a00:0001')).toBe('10.0.0.1');
    expect(clientKey('0:0:0:0:0:ffff:10.0.0.2')).toBe('10.0.0.2');
    expect(clientKey('::ffff:10.0.0.1')).not.toBe(clientKey('::ffff:10.0.0.2'));
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('1:2:3:4:5:6:7.8.9.10')).toBe('1:2:3:4::/64');
    expect(clientKey('not an address')).toBe('not an address');
  });

  it('takes other limits when given', () => {
    const limits = { ...DEFAULT_RATE_LIMITS, bypass: { perIp: 1, perTenant: 2 }, windowSeconds: 5 };
    expect(bucketsFor('bypass', { ip: 'x', tenantId: 't' }, limits).map((b) => b.limit)).toEqual([1, 2]);
  });
});
