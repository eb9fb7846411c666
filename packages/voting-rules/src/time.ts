/** Clock-derived phases and the active vote (spec section 4, "Meeting and vote phases"). */
import type { Id, Instant, Phase, VoteRecord } from './types.js';

/** Milliseconds since epoch, or null when unset or unparseable. */
export function toMillis(value: Instant | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Vote phase from the clock: planned before start, in progress between start and end, ended after end.
 * The boundaries follow the active-vote rule (at or after start, before end), so "at end" is ended.
 * A missing start is treated as planned and a missing end as open-ended (never ends by itself).
 */
export function votePhase(window: { start?: Instant | null; end?: Instant | null }, now: Instant): Phase {
  const t = toMillis(now) ?? 0;
  const start = toMillis(window.start);
  const end = toMillis(window.end);
  if (start === null || t < start) return 'planned';
  if (end !== null && t >= end) return 'ended';
  return 'in_progress';
}

/**
 * A vote is active when now is at or after started_at and before ended_at (spec section 4).
 * A vote not yet started, or with no ended_at, is not active: the flow always sets a countdown end.
 */
export function isVoteActive(vote: Pick<VoteRecord, 'started_at' | 'ended_at'>, now: Instant): boolean {
  const t = toMillis(now);
  const start = toMillis(vote.started_at);
  const end = toMillis(vote.ended_at);
  if (t === null || start === null || end === null) return false;
  return t >= start && t < end;
}

/** A vote has ended (its result can be read) once now is at or after ended_at. */
export function hasVoteEnded(vote: Pick<VoteRecord, 'ended_at'>, now: Instant): boolean {
  const t = toMillis(now);
  const end = toMillis(vote.ended_at);
  return t !== null && end !== null && t >= end;
}

/**
 * The active vote: only the first matching vote counts (spec section 4). `timeKey` is the meeting
 * page's clock tick counter; the web app passes it so nothing is active before the clock has ticked
 * ("only when the meeting time key is above 0"). Servers omit it.
 */
export function findActiveVote<V extends Pick<VoteRecord, 'started_at' | 'ended_at'>>(
  votes: readonly V[],
  now: Instant,
  timeKey?: number,
): V | null {
  if (timeKey !== undefined && !(timeKey > 0)) return null;
  return votes.find((v) => isVoteActive(v, now)) ?? null;
}

/** Id of the active vote, or null. */
export function activeVoteId(
  votes: readonly Pick<VoteRecord, 'id' | 'started_at' | 'ended_at'>[],
  now: Instant,
  timeKey?: number,
): Id | null {
  return findActiveVote(votes, now, timeKey)?.id ?? null;
}

/**
 * True when two instants fall on the same calendar day in `timeZone` (an IANA name; default: the
 * runtime's zone). Used for "a runner starts a meeting only if it is planned and today".
 */
export function isSameCalendarDay(a: Instant, b: Instant, timeZone?: string): boolean {
  const am = toMillis(a);
  const bm = toMillis(b);
  if (am === null || bm === null) return false;
  const fmt = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return fmt.format(am) === fmt.format(bm);
}
