import { describe, expect, it } from 'vitest';
import { dateKey, sameDay, zonedTime } from './time.js';

describe('time zone helpers', () => {
  it('gives the calendar day in the zone', () => {
    const at = new Date('2026-11-22T03:30:00Z');
    expect(dateKey(at, 'America/New_York')).toBe('2026-11-21');
    expect(dateKey(at, 'UTC')).toBe('2026-11-22');
    expect(sameDay(at, new Date('2026-11-21T15:00:00Z'), 'America/New_York')).toBe(true);
    expect(sameDay(at, new Date('2026-11-21T15:00:00Z'), 'UTC')).toBe(false);
  });

  it('turns a wall time into an instant, in winter and summer', () => {
    expect(zonedTime('2026-11-22', 9, 0, 'America/New_York').toISOString()).toBe('2026-11-22T14:00:00.000Z');
    expect(zonedTime('2026-07-01', 9, 30, 'America/New_York').toISOString()).toBe('2026-07-01T13:30:00.000Z');
    expect(zonedTime('2026-07-01', 9, 30, 'Europe/Berlin').toISOString()).toBe('2026-07-01T07:30:00.000Z');
  });
});
