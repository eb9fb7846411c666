import type { TMyMeeting, TMyVote } from '@gavel/contracts';
import { isSameDay } from 'date-fns';
import { emailVotePhase } from '@/features/email-votes/vote-rules';
import { MEETING_TEXT, VIA_LABEL } from '@/features/meetings/meeting-rules';
import { formatDateTime, formatTime, toDate } from '@/lib/date-time';
import { meetingBase, paths, voteBase } from '@/lib/paths';

/** The member home's texts: the spec's call-to-action labels (section 9) and the cards' own. */
export const HOME_TEXT = {
  viewMeeting: 'View Meeting',
  rsvpToday: 'RSVP Today',
  join: MEETING_TEXT.join,
  viewVote: 'View Vote',
  castVote: 'Cast Vote',
  viewResults: 'View Results',
  noMeetings: 'You have no upcoming meetings.',
  noVotes: 'You have no open votes.',
} as const;

/** A link of a home-page row. */
export interface HomeLink {
  label: string;
  to: string;
}

/** 'MM/DD/YYYY h:mm A - h:mm A', with the end's date too when it falls on another day. */
export function rangeText(start: string, end: string): string {
  const from = toDate(start);
  const to = toDate(end);
  if (!from || !to) return formatDateTime(from ?? to);
  return `${formatDateTime(from)} - ${isSameDay(from, to) ? formatTime(to) : formatDateTime(to)}`;
}

/**
 * A meeting's calls to action besides the join button: 'RSVP Today' (the RSVP Now page) while it is
 * planned and the user has not answered, then 'View Meeting'.
 */
export function meetingLinks(item: TMyMeeting): HomeLink[] {
  const { meeting, committee } = item;
  const links: HomeLink[] = [];
  if (meeting.status === 'planned' && !item.rsvp)
    links.push({ label: HOME_TEXT.rsvpToday, to: paths.meetingRsvp(committee.code, meeting.code) });
  links.push({ label: HOME_TEXT.viewMeeting, to: meetingBase(committee.code, meeting.code) });
  return links;
}

/** The user's RSVP as a sentence, or null when they have not answered. */
export function rsvpText(rsvp: TMyMeeting['rsvp']): string | null {
  if (!rsvp) return null;
  if (!rsvp.attending) return 'Your RSVP: Not Attending';
  return rsvp.attending_via
    ? `Your RSVP: Attending ${VIA_LABEL[rsvp.attending_via]}`
    : 'Your RSVP: Attending';
}

/**
 * The vote's call to action (spec section 9): 'View Vote' before the start, 'Cast Vote' while open,
 * 'View Results' after. While open, a user with nothing (left) to vote on gets 'View Vote' instead.
 */
export function voteLink(vote: TMyVote, now: number): HomeLink {
  const to = voteBase(vote.committee.code, vote.code);
  const phase = emailVotePhase(vote, now);
  if (phase === 'ended') return { label: HOME_TEXT.viewResults, to };
  if (phase === 'in_progress' && vote.motions_to_vote_count > 0) return { label: HOME_TEXT.castVote, to };
  return { label: HOME_TEXT.viewVote, to };
}

/**
 * Where the user stands on the vote's motions, or null when they have none to vote on. Before the vote
 * opens, what there will be to vote on (nothing awaits a vote that cannot be cast yet).
 */
export function voteProgressText(
  vote: TMyVote,
  phase: 'planned' | 'in_progress' = 'in_progress',
): string | null {
  if (vote.motions_count === 0) return vote.is_voting ? null : 'Non-voting member';
  if (vote.motions_to_vote_count === 0) return 'You have voted on every motion';
  const n = vote.motions_to_vote_count;
  const motions = (count: number) => (count === 1 ? 'motion' : 'motions');
  if (phase === 'planned') return `${n} ${motions(n)} to vote on once it opens`;
  return `${n} of ${vote.motions_count} ${motions(vote.motions_count)} awaiting your vote`;
}
