import {
  type TJoinRequest,
  type TSocketMessage,
  ZAttendanceBroadcastPayload,
  ZMeetingStatePayload,
  ZMotionDeletedPayload,
  ZMotionPayload,
  ZMotionSortedPayload,
  ZPageReloadPayload,
  ZPhase,
  ZRefreshPayload,
  ZVotePayload,
  ZVoteStatePayload,
} from '@gavel/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  hasVoteOffWindow,
  isMotionsReply,
  isOlderMeetingStatus,
  isOlderMeetingVote,
  withAttendanceChange,
  withMotion,
  withMotionOrder,
  withoutMotions,
  withVote,
} from '@/lib/cache-patches';
import type { PageScope } from '@/lib/page-scope';
import { replaceFetchInFlight, writeNewer } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { reloadWithoutPrompt } from '@/lib/use-before-unload';

export function joinRequestOf(scope: PageScope): TJoinRequest {
  return scope.kind === 'meeting'
    ? { type: 'meeting', committee_code: scope.committeeCode, meeting_code: scope.meetingCode }
    : { type: 'vote', committee_code: scope.committeeCode, vote_code: scope.voteCode };
}

interface ScopeKeys {
  /** The meeting (retrieve/meeting) or the email vote (retrieve/vote). */
  state: QueryKey;
  attendance: QueryKey;
  /** The motions feature's retrieve/motions query. */
  motions: QueryKey;
}

export function scopeKeys(scope: PageScope): ScopeKeys {
  if (scope.kind === 'meeting') {
    return {
      state: queryKeys.meetings.detail(scope.committeeCode, scope.meetingCode),
      attendance: queryKeys.meetings.attendance(scope.committeeCode, scope.meetingCode),
      motions: queryKeys.voting.motions('meeting', scope.committeeCode, scope.meetingCode),
    };
  }
  return {
    state: queryKeys.meetings.emailVote(scope.committeeCode, scope.voteCode),
    attendance: queryKeys.meetings.emailVoteAttendance(scope.committeeCode, scope.voteCode),
    motions: queryKeys.voting.motions('vote', scope.committeeCode, scope.voteCode),
  };
}

/**
 * A runner's per-member voting status (and an email vote's progress counts) change with every tally:
 * refetched at most this often, and once more at the end of the interval when tallies came during it.
 */
export const RUNNER_STATUS_REFRESH_MS = 3_000;

export interface LiveHandler {
  onMessage: (message: TSocketMessage) => void;
  /** A message of a kind or shape this client does not know. */
  onUnknown: (raw: unknown) => void;
}

/** Navigation state of a page sent to its new address by the server (see `moveTo`): not a leave. */
export const MOVED = 'movedByServer';

/** Whether a navigation is the server moving the page to its new address. */
export function isMovedByServer(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>)[MOVED] === true;
}

/**
 * Turns each message kind into a cache update (when the payload carries the new state) or an
 * invalidation (when it only says something changed). Invalidations never cancel a fetch in flight (a
 * burst of events cannot starve the page of answers); one that arrives during a fetch asks again once it
 * lands, since that fetch may have been asked before the change.
 */
export function createLiveHandler(
  queryClient: QueryClient,
  scope: PageScope,
  opts: {
    runner: () => boolean;
    reload?: () => void;
    /** Goes to the page's new address (a meeting whose code changed); a full load when not given. */
    moveTo?: (path: string) => void;
  },
): LiveHandler {
  const keys = scopeKeys(scope);
  // Messages may arrive out of order: a motion's change sent just before its deletion must not bring it back.
  const deletedMotions = new Set<string>();
  let lastStatusRefresh = 0;
  let trailingStatusRefresh = false;
  const invalidate = (queryKey: QueryKey) => {
    const inFlight = queryClient.isFetching({ queryKey }) > 0;
    const landed = queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
    if (inFlight)
      void landed.then(() => queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false }));
  };
  const patchMotions = (patch: (data: Parameters<typeof withVote>[0]) => unknown) => {
    let unknownShape = false;
    queryClient.setQueriesData({ queryKey: keys.motions }, (data: unknown) => {
      if (data === undefined) return data;
      if (!isMotionsReply(data)) {
        unknownShape = true;
        return data;
      }
      return patch(data);
    });
    if (unknownShape) invalidate(keys.motions);
    else replaceFetchInFlight(queryClient, keys.motions);
  };
  // Runners see per-member voting status; email votes show progress counts. Throttled, with a trailing
  // refresh so the last tallies of a burst are never left out until the slow safety poll.
  const refreshStatus = () => {
    lastStatusRefresh = Date.now();
    trailingStatusRefresh = false;
    if (opts.runner()) invalidate(keys.attendance);
    if (scope.kind === 'vote') invalidate(keys.state);
  };
  const refreshStatusSoon = () => {
    const wait = lastStatusRefresh + RUNNER_STATUS_REFRESH_MS - Date.now();
    if (wait <= 0) refreshStatus();
    else if (!trailingStatusRefresh) {
      trailingStatusRefresh = true;
      setTimeout(refreshStatus, wait);
    }
  };
  const refreshAll = () => {
    invalidate(keys.state);
    invalidate(keys.attendance);
    invalidate(keys.motions);
  };

  // Spec section 7: unknown messages are logged (runners see them).
  const onUnknown = (raw: unknown) => {
    console.warn('realtime: unknown message', raw);
    const kind = raw && typeof raw === 'object' && 'kind' in raw ? String(raw.kind) : 'without a kind';
    if (opts.runner()) toast.info(`Unknown realtime message: ${kind}`);
  };

  const onMessage = (message: TSocketMessage) => {
    const { kind, payload } = message;
    switch (kind) {
      case 'page.reload': {
        const path = ZPageReloadPayload.safeParse(payload).data?.path;
        if (path) (opts.moveTo ?? ((to: string) => window.location.assign(to)))(path);
        else (opts.reload ?? (() => reloadWithoutPrompt()))();
        return;
      }
      case 'meeting.state': {
        const parsed = ZMeetingStatePayload.safeParse(payload);
        if (scope.kind === 'meeting' && parsed.success) {
          const next = parsed.data.meeting;
          writeNewer<{ meeting?: { status?: unknown } }>(queryClient, keys.state, (old) => {
            if (!old || typeof old !== 'object') return old;
            const held = ZPhase.safeParse(old.meeting?.status).data;
            return held && isOlderMeetingStatus(held, next.status) ? old : { ...old, meeting: next };
          });
        } else invalidate(keys.state);
        return;
      }
      case 'vote.state': {
        // Carries the window only; phase, can_modify and counts come from the server.
        invalidate(keys.state);
        if (scope.kind !== 'vote') return;
        // The email vote's ballots move with its window (opened early, postponed, closed): the motions
        // are refetched when theirs is another one, not on each rename (thousands of pages may be open).
        const voteWindow = ZVoteStatePayload.safeParse(payload).data?.email_vote;
        const behind =
          !voteWindow ||
          queryClient.isFetching({ queryKey: keys.motions }) > 0 ||
          queryClient
            .getQueriesData({ queryKey: keys.motions })
            .some(
              ([, data]) =>
                data !== undefined && (!isMotionsReply(data) || hasVoteOffWindow(data, voteWindow)),
            );
        if (behind) invalidate(keys.motions);
        return;
      }
      case 'refresh': {
        const parsed = ZRefreshPayload.safeParse(payload);
        const target = parsed.success ? parsed.data.target : 'all';
        if (target === 'all') refreshAll();
        else if (target === 'attendance') invalidate(keys.attendance);
        else if (target === 'motions') invalidate(keys.motions);
        else invalidate(keys.state);
        return;
      }
      case 'resource.sorted':
      case 'resource.updated':
      case 'resource.deleted':
        // Resources come with retrieve/meeting.
        invalidate(keys.state);
        return;
      case 'rsvp.updated':
      case 'rsvp.deleted':
      case 'attendee.added':
      case 'attendee.updated': {
        const parsed = ZAttendanceBroadcastPayload.safeParse(payload);
        if (!parsed.success) {
          invalidate(keys.attendance);
          return;
        }
        writeNewer<Parameters<typeof withAttendanceChange>[0]>(queryClient, keys.attendance, (old) =>
          old ? withAttendanceChange(old, parsed.data) : old,
        );
        return;
      }
      case 'motion.updated': {
        const parsed = ZMotionPayload.safeParse(payload);
        if (!parsed.success) invalidate(keys.motions);
        else if (!deletedMotions.has(parsed.data.motion.id)) {
          patchMotions((data) => withMotion(data, parsed.data.motion));
        }
        return;
      }
      case 'motion.deleted': {
        const parsed = ZMotionDeletedPayload.safeParse(payload);
        if (parsed.success) {
          const ids = parsed.data.ids ?? [parsed.data.id];
          for (const id of ids) deletedMotions.add(id);
          patchMotions((data) => withoutMotions(data, ids));
        } else invalidate(keys.motions);
        return;
      }
      case 'motion.sorted': {
        const parsed = ZMotionSortedPayload.safeParse(payload);
        if (parsed.success) patchMotions((data) => withMotionOrder(data, parsed.data.ids));
        else invalidate(keys.motions);
        return;
      }
      case 'vote.updated': {
        const parsed = ZVotePayload.safeParse(payload);
        if (parsed.success) {
          const next = parsed.data.vote;
          patchMotions((data) => {
            const held = data.votes.find((v) => v.id === next.id);
            const older = scope.kind === 'meeting' && held !== undefined && isOlderMeetingVote(held, next);
            return older ? data : withVote(data, next);
          });
        } else invalidate(keys.motions);
        if (opts.runner() || scope.kind === 'vote') refreshStatusSoon();
        return;
      }
      case 'response':
        invalidate(keys.motions);
        return;
      default:
        onUnknown(message);
    }
  };

  return { onMessage, onUnknown };
}
