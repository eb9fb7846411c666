/**
 * The stamp for an answer sent now, `elapsedMs` after its request arrived: the middle of the gateway's
 * handling, the instant a client reading it against the middle of its round trip assumes.
 */
export function serverTimeStamp(elapsedMs: number, now: number = Date.now()): string {
  return String(Math.round(now - Math.max(0, elapsedMs) / 2));
}
