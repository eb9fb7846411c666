import { describe, expect, it } from 'vitest';
import { accessLogLevel, isApiPath, nestedDeeperThan, requestIdFrom } from './app.js';
import { cacheControlFor } from './spa.js';

describe('requestIdFrom', () => {
  it('keeps a sane caller id', () => {
    expect(requestIdFrom('req-1.A_b')).toBe('req-1.A_b');
    expect(requestIdFrom('a'.repeat(128))).toBe('a'.repeat(128));
  });

  it('replaces anything else with a UUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const bad of [undefined, '', 'a b', 'a'.repeat(129), 'x\ny', '<script>', ['a', 'b']]) {
      expect(requestIdFrom(bad)).toMatch(uuid);
    }
  });
});

describe('isApiPath', () => {
  it('tells API paths from page paths', () => {
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/api/me?x=1')).toBe(true);
    expect(isApiPath('/apiary')).toBe(false);
    expect(isApiPath('/admin/api')).toBe(false);
    // As the router reads it: escapes decoded, repeated slashes as one.
    expect(isApiPath('/%61pi/nope')).toBe(true);
    expect(isApiPath('//api/me')).toBe(true);
    expect(isApiPath('/%E0%A4%A')).toBe(false);
  });
});

describe('cacheControlFor', () => {
  it('caches hashed assets for good and revalidates the rest', () => {
    expect(cacheControlFor('/assets/index-3f2a1b.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/index.html')).toBe('no-cache');
    expect(cacheControlFor('/favicon.ico')).toBe('no-cache');
  });
});

describe('accessLogLevel', () => {
  it('warns on failures, informs on refusals and slow answers, keeps the rest at debug', () => {
    expect(accessLogLevel(503, 10)).toBe('warn');
    expect(accessLogLevel(404, 10)).toBe('info');
    expect(accessLogLevel(429, 10)).toBe('info');
    expect(accessLogLevel(200, 1_500)).toBe('info');
    expect(accessLogLevel(200, 40)).toBe('debug');
    expect(accessLogLevel(304, 2)).toBe('debug');
  });
});

describe('nestedDeeperThan', () => {
  it('counts levels of objects and arrays, scalars being none', () => {
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan({}, 0)).toBe(true);
    expect(nestedDeeperThan({ a: [1, { b: null }] }, 3)).toBe(false);
    expect(nestedDeeperThan({ a: [1, { b: [] }] }, 3)).toBe(true);
  });

  it('walks a very deep value without overflowing the stack', () => {
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nestedDeeperThan(deep, 32)).toBe(true);
  });
});
