import { describe, expect, it } from 'vitest';
import { TtlCache } from './cache.js';

describe('TtlCache', () => {
  it('keeps answers, including null, for the time to live', async () => {
    let now = 0;
    const cache = new TtlCache<string | null>(1000, 100, () => now);
    let loads = 0;
    const load = async () => {
      loads++;
      return null;
    };
    expect(await cache.getOrLoad('k', load)).toBeNull();
    now = 999;
    expect(await cache.getOrLoad('k', load)).toBeNull();
    expect(loads).toBe(1);
    now = 1000;
    await cache.getOrLoad('k', load);
    expect(loads).toBe(2);
  });

  it('spreads the expiry of entries loaded together over the spread part of the time to live', async () => {
    let now = 0;
    const draws = [0, 0.5, 1];
    const cache = new TtlCache<number>(1000, 100, () => now, {
      spread: 0.5,
      random: () => draws.shift() ?? 0,
    });
    for (const key of ['a', 'b', 'c']) cache.set(key, 1);
    const live = async (key: string) => {
      let loaded = false;
      await cache.getOrLoad(key, async () => {
        loaded = true;
        return 2;
      });
      return !loaded;
    };
    now = 499;
    expect([await live('a'), await live('b'), await live('c')]).toEqual([true, true, true]);
    // Lives of 1000, 750 and 500 ms: never longer than the time to live.
    now = 751;
    expect([await live('a'), await live('b')]).toEqual([true, false]);
    now = 1000;
    expect(await live('a')).toBe(false);
  });

  it('shares one load among concurrent callers', async () => {
    const cache = new TtlCache<number>(1000);
    let loads = 0;
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 10));
    const answers = await Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)]);
    expect(answers).toEqual([1, 1]);
    expect(loads).toBe(1);
  });

  it('does not cache failures', async () => {
    const cache = new TtlCache<number>(1000);
    await expect(cache.getOrLoad('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.getOrLoad('k', async () => 7)).toBe(7);
  });

  it('drops the oldest entry beyond its size', async () => {
    const cache = new TtlCache<number>(1000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    let loaded = false;
    await cache.getOrLoad('a', async () => {
      loaded = true;
      return 1;
    });
    expect(loaded).toBe(true);
  });
});
