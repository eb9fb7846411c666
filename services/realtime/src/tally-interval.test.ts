import { describe, expect, it } from 'vitest';
import { tallyIntervalMs } from './tally-coalescer.js';

describe('tallyIntervalMs', () => {
  const base = { minMs: 1000, writesPerSecond: 2500, maxIntervalMs: 5000 };
  it.each([
    [0, 1000],
    [1, 1000],
    [2500, 1000],
    [3000, 1200],
    [5000, 2000],
    [10_000, 4000],
    [12_500, 5000],
    [50_000, 5000],
  ])('%i sockets on one instance: %i ms', (sockets, expected) => {
    expect(tallyIntervalMs({ ...base, sockets })).toBe(expected);
  });

  it('never goes below the minimum, even when the maximum is lower', () => {
    expect(tallyIntervalMs({ minMs: 1000, sockets: 10_000, writesPerSecond: 2500, maxIntervalMs: 500 })).toBe(
      1000,
    );
  });
});
