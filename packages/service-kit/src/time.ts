/** Calendar dates and wall times in the association's time zone (no library: Intl does the work). */
import { z } from 'zod';

/** An IANA time zone name, as Intl knows it (a configuration value). */
export const ZTimeZone = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, 'must be an IANA time zone such as America/New_York');

/**
 * One formatter per shape and time zone, made once: building an Intl.DateTimeFormat costs far more than
 * formatting with it, and every meeting answer asks whether its meeting is today.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(shape: 'date' | 'wall', timeZone: string): Intl.DateTimeFormat {
  const key = `${shape}:${timeZone}`;
  let made = formatters.get(key);
  if (!made) {
    made =
      shape === 'date'
        ? new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
        : new Intl.DateTimeFormat('en-US', {
            timeZone,
            hourCycle: 'h23',
            year: 'numeric',
            month: 'numeric',
            day: 'numeric',
            hour: 'numeric',
            minute: 'numeric',
            second: 'numeric',
          });
    formatters.set(key, made);
  }
  return made;
}

/** `YYYY-MM-DD` of an instant in a time zone. */
export function dateKey(at: Date, timeZone: string): string {
  return formatter('date', timeZone).format(at);
}

/** True when both instants fall on the same calendar day in the time zone. */
export function sameDay(a: Date, b: Date, timeZone: string): boolean {
  return dateKey(a, timeZone) === dateKey(b, timeZone);
}

/** Offset of the time zone from UTC at an instant, in ms (wall time minus UTC). */
function offsetMs(at: Date, timeZone: string): number {
  const parts = formatter('wall', timeZone).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour') % 24, n('minute'), n('second'));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant of a wall time (`YYYY-MM-DD`, hours, minutes) in the time zone. */
export function zonedTime(day: string, hours: number, minutes: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, hours, minutes);
  const first = guess - offsetMs(new Date(guess), timeZone);
  // Across a DST change the offset at the result may differ from the guess's; one correction settles it.
  return new Date(guess - offsetMs(new Date(first), timeZone));
}
