/** Vote wording (spec section 9) and small text helpers of the motions feature. */
import type { TVotingSettings } from '@gavel/contracts';
import { ABSTAIN_RESPONSE, STANDARD_RESPONSE_LABELS } from '@gavel/voting-rules';
import * as React from 'react';
import { useVotingSettings } from '@/features/auth/queries';

/**
 * The association's vote wording: In Favor shows as 'Approve', Oppose as 'Not Approve', abstain as the
 * configured label (default Abstain), custom responses as typed; abstain may be hidden, and vote
 * progress may be turned off.
 */
export interface VoteWording {
  label: (response: string) => string;
  /** The responses to show, without abstain when the association hides it. */
  shown: <T>(items: readonly T[], responseOf: (item: T) => string) => T[];
  showProgress: boolean;
}

export function voteWording(settings: TVotingSettings): VoteWording {
  return {
    label: (response) =>
      response === ABSTAIN_RESPONSE
        ? settings.abstain_label
        : (STANDARD_RESPONSE_LABELS[response] ?? response),
    shown: (items, responseOf) =>
      settings.hide_abstain ? items.filter((item) => responseOf(item) !== ABSTAIN_RESPONSE) : [...items],
    showProgress: settings.show_vote_progress,
  };
}

/** The signed-in user's association's wording (the defaults until /api/me has answered). */
export function useVoteWording(): VoteWording {
  const settings = useVotingSettings();
  return React.useMemo(() => voteWording(settings), [settings]);
}

/** Plain text of server-sanitised HTML (for screen-reader labels). */
export function plainText(html: string): string {
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, '');
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim();
}

/** 'm:ss' of a number of seconds: the vote countdown is in minutes and seconds (section 9), '75:00' included. */
export function minutesSeconds(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** 'A', 'A or B', 'A, B or C'. */
function joinOr(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/**
 * The motion card's notice of a demographic filter: 'Only voting members whose Region is North or South
 * may vote on this motion.'; the null entry (No Value) reads as members who have no Region.
 */
export function filterNotice(demographicName: string | null, filter: readonly (string | null)[]): string {
  const demographic = demographicName ?? 'demographic';
  const named = filter.filter((d): d is string => d !== null);
  const whose = named.length > 0 ? `whose ${demographic} is ${joinOr(named)}` : null;
  const without = filter.includes(null) ? `who have no ${demographic}` : null;
  const who = whose && without ? `${whose}, or ${without},` : (whose ?? without);
  return `Only voting members ${who} may vote on this motion.`;
}
