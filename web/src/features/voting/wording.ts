/** Vote wording (spec section 9) and small text helpers of the motions feature. */
import { ABSTAIN_RESPONSE, STANDARD_RESPONSE_LABELS } from '@gavel/voting-rules';

/**
 * Configurable vote wording: the abstain label (default Abstain), whether abstain is offered
 * (hideAbstain) and whether vote progress shows. No configuration reaches the web app yet: defaults.
 */
export const VOTE_WORDING = {
  abstainLabel: STANDARD_RESPONSE_LABELS.abstained ?? 'Abstain',
  hideAbstain: false,
  showProgress: true,
} as const;

/** In Favor shows as 'Approve', Oppose as 'Not Approve', abstain as its label; custom responses as typed. */
export function responseLabel(response: string): string {
  if (response === ABSTAIN_RESPONSE) return VOTE_WORDING.abstainLabel;
  return STANDARD_RESPONSE_LABELS[response] ?? response;
}

/** Plain text of server-sanitised HTML (for screen-reader labels). */
export function plainText(html: string): string {
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, '');
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim();
}

/** 'm:ss' of a number of seconds ('h:mm:ss' from an hour on). */
export function minutesSeconds(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const ss = String(s % 60).padStart(2, '0');
  if (s < 3600) return `${Math.floor(s / 60)}:${ss}`;
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${ss}`;
}
