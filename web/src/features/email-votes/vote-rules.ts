import type { TEmailVote } from '@gavel/contracts';
import { type Phase, votePhase } from '@gavel/voting-rules';
import { format, isSameDay } from 'date-fns';
import { HEADER_DATE_FORMAT, WEEKDAY_DATE_FORMAT } from '@/features/meetings/meeting-rules';
import { formatTime, toDate } from '@/lib/date-time';

/** The email-vote page's texts (spec section 2), exactly as written there. */
export const VOTE_TEXT = {
  scheduled: 'Vote scheduled for:',
  tookPlace: 'Vote took place',
  active: 'Vote Active',
  concluded: 'Vote Concluded',
  editVote: 'Edit Vote',
  committeeAdmin: 'Committee Admin',
} as const;

/** The email vote's phase from the clock (planned before start, in progress, ended after end). */
export function emailVotePhase(vote: Pick<TEmailVote, 'start' | 'end'>, now: number): Phase {
  return votePhase({ start: vote.start, end: vote.end }, now);
}

/** 'Vote scheduled for:' (not yet ended) or 'Vote took place' (ended), with the date range. */
export function emailVoteDateText(
  vote: Pick<TEmailVote, 'start' | 'end'>,
  now: number,
): { label: string; text: string } {
  const start = toDate(vote.start);
  const end = toDate(vote.end);
  const range =
    start && end ? `${format(start, HEADER_DATE_FORMAT)} - ${format(end, HEADER_DATE_FORMAT)}` : '';
  return {
    label: emailVotePhase(vote, now) === 'ended' ? VOTE_TEXT.tookPlace : VOTE_TEXT.scheduled,
    text: range,
  };
}

/**
 * The footer banner: 'Vote Active', 'Vote Concluded', 'Vote Opens at {time}' on the opening day, else
 * 'Vote Opens on {weekday, date at time}'.
 */
export function emailVoteBanner(vote: Pick<TEmailVote, 'start' | 'end'>, now: number): string {
  const phase = emailVotePhase(vote, now);
  if (phase === 'in_progress') return VOTE_TEXT.active;
  if (phase === 'ended') return VOTE_TEXT.concluded;
  const start = toDate(vote.start);
  if (!start) return '';
  return isSameDay(start, new Date(now))
    ? `Vote Opens at ${formatTime(start)}`
    : `Vote Opens on ${format(start, WEEKDAY_DATE_FORMAT)}`;
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Days, hours, minutes and seconds left (never negative). */
export function countdownParts(ms: number): CountdownParts {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** What the header countdown counts to: the opening while planned, the close while open; none after. */
export function emailVoteCountdown(
  vote: Pick<TEmailVote, 'start' | 'end'>,
  now: number,
): { label: string; parts: CountdownParts } | null {
  const phase = emailVotePhase(vote, now);
  const start = toDate(vote.start)?.getTime() ?? now;
  const end = toDate(vote.end)?.getTime() ?? now;
  if (phase === 'planned') return { label: 'Opens in', parts: countdownParts(start - now) };
  if (phase === 'in_progress') return { label: 'Closes in', parts: countdownParts(end - now) };
  return null;
}
