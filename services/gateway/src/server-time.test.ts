import { describe, expect, it } from 'vitest';
import { serverTimeStamp } from './server-time.js';

describe('serverTimeStamp', () => {
  it('is the middle of the handling, in whole epoch milliseconds', () => {
    expect(serverTimeStamp(0, 1_795_000_000_000)).toBe('1795000000000');
    expect(serverTimeStamp(40.6, 1_795_000_000_000)).toBe('1794999999980');
    expect(serverTimeStamp(-5, 1_795_000_000_000)).toBe('1795000000000');
  });
});
