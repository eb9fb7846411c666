import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.js';

/** A load the test finishes when it wants. */
function deferred<V>() {
  let resolve!: (value: V) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<V>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('TtlCache', () => {
  it('keeps a value for its time to live, then loads again', async () => {
    let now = 0;
    const cache = new TtlCache<string>(1_000, 10, () => now);
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await cache.getOrLoad('k', load)).toBe('v1');
    now = 999;
    expect(await cache.getOrLoad('k', load)).toBe('v1');
    now = 1_000;
    expect(await cache.getOrLoad('k', load)).toBe('v2');
  });

  it('shares one load among the callers of one key, and keeps no failure', async () => {
    const cache = new TtlCache<string>(1_000);
    const first = deferred<string>();
    let loads = 0;
    const a = cache.getOrLoad('k', () => {
      loads++;
      return first.promise;
    });
    const b = cache.getOrLoad('k', async () => {
      loads++;
      return 'other';
    });
    first.reject(new Error('identity away'));
    await expect(a).rejects.toThrow('identity away');
    await expect(b).rejects.toThrow('identity away');
    expect(await cache.getOrLoad('k', async () => 'fresh')).toBe('fresh');
    expect(loads).toBe(1);
  });

  it('does not keep a load overtaken by a delete of its key, and loads afresh after it', async () => {
    const cache = new TtlCache<string>(60_000);
    const stale = deferred<string>();
    const before = cache.getOrLoad('user', () => stale.promise);
    // The user's roles change while their old principal is being read.
    cache.delete('user');
    const after = cache.getOrLoad('user', async () => 'new roles');
    stale.resolve('old roles');
    expect(await before).toBe('old roles');
    expect(await after).toBe('new roles');
    expect(await cache.getOrLoad('user', async () => 'loaded again')).toBe('new roles');
  });

  it('does not keep loads overtaken by a clear', async () => {
    const cache = new TtlCache<string>(60_000);
    const stale = deferred<string>();
    const before = cache.getOrLoad('user', () => stale.promise);
    cache.clear();
    stale.resolve('old roles');
    expect(await before).toBe('old roles');
    expect(await cache.getOrLoad('user', async () => 'reloaded')).toBe('reloaded');
  });

  it('drops the oldest entry beyond its bound', async () => {
    const cache = new TtlCache<number>(1_000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(await cache.getOrLoad('a', async () => 10)).toBe(10);
    expect(await cache.getOrLoad('c', async () => 30)).toBe(3);
  });

  it('shortens each life by a random part of the spread', async () => {
    let now = 0;
    const cache = new TtlCache<number>(1_000, 10, () => now, { spread: 0.5, random: () => 0.8 });
    cache.set('k', 1);
    now = 599;
    expect(await cache.getOrLoad('k', async () => 2)).toBe(1);
    now = 600;
    expect(await cache.getOrLoad('k', async () => 2)).toBe(2);
  });
});
