/**
 * The server's time, as the app keeps it. A device clock can be minutes off (a phone set by hand), while
 * votes open and close on the server's clock: whether a vote is active, and every countdown, is read from
 * the device clock corrected by an offset learnt from API answers.
 *
 * Each answer is a reading of the server's clock: the gateway's X-Server-Time (epoch milliseconds) or,
 * without it, the HTTP Date header (whole seconds). The reading is taken to be from the midpoint of the
 * round trip, so the offset it gives is off by at most half the round trip (plus half a second for the
 * Date header). The tightest estimate is kept; one that contradicts it (their error bounds do not overlap)
 * means a clock was changed since, and replaces it.
 */

import { SERVER_TIME_HEADER } from '@gavel/contracts';

/** The offset of one reading, or of the best so far. */
export interface ClockOffset {
  /** Server time minus device time, in milliseconds. */
  offset: number;
  /** The most the offset may be wrong by, in milliseconds. */
  error: number;
}

/** The server's time in an answer's headers, and how far it may be from the instant it stands for. */
export function serverTimeOf(headers: Headers): { time: number; resolution: number } | null {
  const stamp = headers.get(SERVER_TIME_HEADER);
  if (stamp !== null && /^\d+$/.test(stamp.trim())) return { time: Number(stamp), resolution: 0 };
  const date = Date.parse(headers.get('Date') ?? '');
  // The Date header drops the milliseconds: the instant lies within the second it names.
  return Number.isNaN(date) ? null : { time: date + 500, resolution: 500 };
}

/** The offset from one round trip: device times when the request left and its answer's headers arrived. */
export function offsetOf(
  server: { time: number; resolution: number },
  sentAt: number,
  receivedAt: number,
): ClockOffset {
  return {
    offset: server.time - (sentAt + receivedAt) / 2,
    error: (receivedAt - sentAt) / 2 + server.resolution,
  };
}

/** The estimate to keep: the tighter one, unless the two disagree (a clock was changed: the newer wins). */
export function betterOffset(current: ClockOffset | null, next: ClockOffset): ClockOffset {
  if (current === null) return next;
  const disagree = Math.abs(next.offset - current.offset) > next.error + current.error;
  return disagree || next.error <= current.error ? next : current;
}

let best: ClockOffset | null = null;

/** Learns from an API answer (api-client calls this for every answer). */
export function noteServerTime(headers: Headers, sentAt: number, receivedAt: number): void {
  const server = serverTimeOf(headers);
  if (server === null || receivedAt < sentAt) return;
  best = betterOffset(best, offsetOf(server, sentAt, receivedAt));
}

/** Server time now, epoch milliseconds: the device clock until an answer has told the offset. */
export function serverNow(): number {
  return Date.now() + Math.round(best?.offset ?? 0);
}

/** Forgets what was learnt (tests). */
export function resetServerClock(): void {
  best = null;
}
