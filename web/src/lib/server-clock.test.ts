import { SERVER_TIME_HEADER } from '@gavel/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '@/lib/api-client';
import {
  betterOffset,
  noteServerTime,
  offsetOf,
  resetServerClock,
  serverNow,
  serverTimeOf,
} from '@/lib/server-clock';
import { mockFetch } from '@/test/fetch-mock';

afterEach(() => {
  resetServerClock();
});

describe('serverTimeOf', () => {
  it("reads the gateway's millisecond stamp first", () => {
    const headers = new Headers({
      [SERVER_TIME_HEADER]: '1795000000123',
      Date: 'Mon, 23 Nov 2026 15:00:00 GMT',
    });
    expect(serverTimeOf(headers)).toEqual({ time: 1795000000123, resolution: 0 });
  });

  it('falls back on the Date header, to the middle of the second it names', () => {
    const headers = new Headers({ Date: 'Mon, 23 Nov 2026 15:00:00 GMT' });
    expect(serverTimeOf(headers)).toEqual({ time: Date.parse('2026-11-23T15:00:00.500Z'), resolution: 500 });
    expect(
      serverTimeOf(new Headers({ [SERVER_TIME_HEADER]: 'soon', Date: 'Mon, 23 Nov 2026 15:00:00 GMT' })),
    ).toEqual({ time: Date.parse('2026-11-23T15:00:00.500Z'), resolution: 500 });
  });

  it('has nothing to say without either', () => {
    expect(serverTimeOf(new Headers())).toBeNull();
    expect(serverTimeOf(new Headers({ Date: 'yesterday' }))).toBeNull();
  });
});

describe('offsetOf', () => {
  it('takes the server time as of the middle of the round trip, give or take half of it', () => {
    // Sent at 1000, answered at 1400 (device time); the server said 91200: 90 s ahead of the device.
    expect(offsetOf({ time: 91_200, resolution: 0 }, 1_000, 1_400)).toEqual({ offset: 90_000, error: 200 });
    expect(offsetOf({ time: 91_200, resolution: 500 }, 1_000, 1_400)).toEqual({ offset: 90_000, error: 700 });
  });
});

describe('betterOffset', () => {
  it('keeps the tighter of two estimates that agree', () => {
    const tight = { offset: 90_000, error: 20 };
    const loose = { offset: 90_300, error: 400 };
    expect(betterOffset(null, loose)).toBe(loose);
    expect(betterOffset(loose, tight)).toBe(tight);
    expect(betterOffset(tight, loose)).toBe(tight);
  });

  it('takes the newer estimate when the two cannot both be right (a clock was changed)', () => {
    const before = { offset: 90_000, error: 20 };
    const after = { offset: -30_000, error: 400 };
    expect(betterOffset(before, after)).toBe(after);
  });
});

describe('serverNow', () => {
  it('is the device clock until an answer tells the offset', () => {
    vi.spyOn(Date, 'now').mockReturnValue(5_000);
    expect(serverNow()).toBe(5_000);
    noteServerTime(new Headers(), 4_000, 4_100);
    expect(serverNow()).toBe(5_000);
  });

  it('follows the server when the device clock is 90 s fast, from the answers the app gets', async () => {
    const serverClock = Date.now;
    const device = vi.spyOn(Date, 'now').mockImplementation(() => serverClock() + 90_000);
    mockFetch({
      'GET /api/me': () =>
        new Response('{}', { status: 200, headers: { [SERVER_TIME_HEADER]: String(serverClock()) } }),
    });
    await apiRequest('/me');
    const error = Math.abs(serverNow() - serverClock());
    expect(error).toBeLessThan(100);
    // 30 s slow instead: the next answer contradicts the estimate and replaces it.
    device.mockImplementation(() => serverClock() - 30_000);
    await apiRequest('/me');
    expect(Math.abs(serverNow() - serverClock())).toBeLessThan(100);
  });
});
