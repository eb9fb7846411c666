import * as React from 'react';
import { useBlocker } from 'react-router';
import { isMovedByServer } from '@/lib/realtime/live-scope';
import { useBeforeUnloadPrompt } from '@/lib/use-before-unload';

/**
 * While `active`, leaving the page asks first (spec section 2): in-app navigation through the router's
 * blocker (the caller shows the question), closing or leaving the tab through the browser's own
 * prompt. A refresh (F5, Ctrl/Cmd+R) is let through, and so is a move between two paths that
 * `isThisPage` says show this same page (such as a motion edit link), or to the meeting's new address.
 */
export function useLeaveGuard(active: boolean, isThisPage: (pathname: string) => boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active &&
      currentLocation.pathname !== nextLocation.pathname &&
      !isMovedByServer(nextLocation.state) &&
      !(isThisPage(currentLocation.pathname) && isThisPage(nextLocation.pathname)),
  );
  useBeforeUnloadPrompt(active, { allowRefresh: true });
  return blocker;
}

/** One second after a vote becomes active the page scrolls to it (spec section 2). */
export const SCROLL_TO_VOTE_DELAY_MS = 1_000;

/** The element of an active vote: the motion card if the motions feature marks it, else the panel. */
export function activeVoteElement(vote: { id: string; motion_id: string }): Element | null {
  return (
    document.getElementById(`vote-${vote.id}`) ??
    document.getElementById(`motion-${vote.motion_id}`) ??
    document.querySelector(`[data-motion-id="${CSS.escape(vote.motion_id)}"]`) ??
    document.getElementById('motions-title')
  );
}

export function useScrollToActiveVote(vote: { id: string; motion_id: string } | null) {
  const voteId = vote?.id ?? null;
  const motionId = vote?.motion_id ?? null;
  React.useEffect(() => {
    if (voteId === null || motionId === null) return;
    const timer = window.setTimeout(() => {
      activeVoteElement({ id: voteId, motion_id: motionId })?.scrollIntoView({
        behavior: 'smooth',
        block: 'center',
      });
    }, SCROLL_TO_VOTE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [voteId, motionId]);
}
