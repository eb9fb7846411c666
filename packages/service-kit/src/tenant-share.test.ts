import { AppError } from '@gavel/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUSY_MESSAGE, TenantShare } from './tenant-share.js';

/** Work that finishes when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('TenantShare', () => {
  afterEach(() => vi.useRealTimers());

  it('runs at most its share of one association at once, the rest in arrival order', async () => {
    const share = new TenantShare(2, 10_000);
    const order: number[] = [];
    const gates = [gate(), gate(), gate(), gate()];
    const runs = gates.map((g, i) =>
      share.run('a', async () => {
        order.push(i);
        await g.opened;
        return i;
      }),
    );
    await settle();
    expect(order).toEqual([0, 1]);
    expect(share.load('a')).toEqual({ running: 2, waiting: 2 });
    gates[1]?.open();
    await settle();
    expect(order).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(share.load('a')).toEqual({ running: 0, waiting: 0 });
  });

  it("never holds one association's request behind another's", async () => {
    const share = new TenantShare(1, 10_000);
    const busy = gate();
    const big = share.run('big', () => busy.opened);
    const queued = share.run('big', async () => 'later');
    await expect(share.run('small', async () => 'at once')).resolves.toBe('at once');
    expect(share.load('big')).toEqual({ running: 1, waiting: 1 });
    busy.open();
    await big;
    await expect(queued).resolves.toBe('later');
  });

  it('answers busy (503) to a request that waited too long, and does not run it', async () => {
    vi.useFakeTimers();
    const share = new TenantShare(1, 4_000);
    const busy = gate();
    const first = share.run('a', () => busy.opened);
    const ran = vi.fn(async () => 'late');
    const waiting = share.run('a', ran);
    const outcome = waiting.catch((err: unknown) => err);
    await vi.advanceTimersByTimeAsync(4_000);
    const err = await outcome;
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'unavailable', message: BUSY_MESSAGE });
    expect(share.load('a')).toEqual({ running: 1, waiting: 0 });
    busy.open();
    await first;
    expect(ran).not.toHaveBeenCalled();
    expect(share.load('a')).toEqual({ running: 0, waiting: 0 });
  });

  it('gives the place back when the work fails', async () => {
    const share = new TenantShare(1, 10_000);
    await expect(share.run('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(share.run('a', async () => 'next')).resolves.toBe('next');
    expect(share.load('a')).toEqual({ running: 0, waiting: 0 });
  });
});
