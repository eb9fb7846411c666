import { randomUUID } from 'node:crypto';
import {
  SUBJECTS,
  type TBroadcast,
  type TChannel,
  type TRequestContext,
  VOTE_DIRTY_SUBJECT,
  ZBroadcast,
  ZVoteDirty,
} from '@gavel/contracts';
import { callService, type Logger, prefixed } from '@gavel/service-kit';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { realtimeMetrics } from './metrics.js';

export interface TallyCoalescerOptions {
  nc: NatsConnection;
  prefix: string;
  logger: Logger;
  timeoutMs: number;
  /** At most one live request per vote per this many ms (at least; see `audience`). */
  intervalMs: number;
  /**
   * Sockets this instance holds on a channel, and how many tally writes per second it may spend on one
   * vote: a vote watched by more sockets than `writesPerSecond` gets a longer interval (up to
   * `maxIntervalMs`), so a convention hall's tallies cannot crowd out its casts. Without it the interval is
   * always `intervalMs`.
   */
  audience?: {
    sockets: (tenantId: string, channel: TChannel) => number;
    writesPerSecond: number;
    maxIntervalMs: number;
  };
  /** NATS queue group: each dirty note reaches one instance. */
  queue: string;
  /**
   * Shared across instances: claims the vote's next live request for `ms`. Answers 0 when claimed, else
   * how long until it may be claimed. Without it (or when it fails) each instance throttles on its own.
   */
  gate?: (key: string, ms: number) => Promise<number>;
  handle: (broadcast: TBroadcast) => void;
}

export interface RunningTallyCoalescer {
  /** Live requests made so far (tests, diagnostics). */
  readonly requests: number;
  stop(): Promise<void>;
}

interface VoteState {
  tenantId: string;
  voteId: string;
  channel: TChannel;
  pending: boolean;
  running: boolean;
  timer: NodeJS.Timeout | null;
}

const ZLiveReply = ZBroadcast.nullable();

/**
 * The interval between two live requests of a vote: the minimum, stretched so that this instance writes to
 * its sockets on the channel at most `writesPerSecond` times a second, and never beyond `maxIntervalMs`.
 */
export function tallyIntervalMs(opts: {
  minMs: number;
  sockets: number;
  writesPerSecond: number;
  maxIntervalMs: number;
}): number {
  const budgetMs = Math.ceil((1000 * opts.sockets) / opts.writesPerSecond);
  return Math.max(opts.minMs, Math.min(opts.maxIntervalMs, budgetMs));
}

/**
 * Turns the stream of "vote X received responses" notes into at most one voting.vote.live request per vote
 * per interval: the first note of a quiet vote is served at once, notes during the interval that follows
 * are folded into one request at its end (so the last state is always sent), and a vote that stays quiet
 * for a whole interval is forgotten. The notes are spread over the instances by a queue group; the `gate`
 * (a Redis key per vote) keeps the limit across all of them: an instance that finds the interval taken
 * tries again when it ends, so the final state is always fetched by someone.
 */
export async function startTallyCoalescer(opts: TallyCoalescerOptions): Promise<RunningTallyCoalescer> {
  const votes = new Map<string, VoteState>();
  let requests = 0;
  let stopped = false;
  const inFlight = new Set<Promise<void>>();

  const run = (state: VoteState): void => {
    state.timer = null;
    if (stopped) return;
    if (!state.pending) {
      votes.delete(`${state.tenantId}:${state.voteId}`);
      return;
    }
    state.running = true;
    const started = Date.now();
    const intervalMs = intervalOf(state);
    const work = claim(state, intervalMs)
      .then(async (waitMs) => {
        if (waitMs > 0) return waitMs; // another instance serves this interval; try again after it
        state.pending = false;
        requests++;
        await fetchAndFanOut(state);
        return Math.max(0, started + intervalMs - Date.now());
      })
      .then((wait) => {
        inFlight.delete(work);
        state.running = false;
        if (stopped) return;
        // Cool down for what is left of the interval, then serve what arrived meanwhile (or forget the vote).
        state.timer = setTimeout(() => run(state), wait);
      });
    inFlight.add(work);
  };

  const intervalOf = (state: VoteState): number => {
    const audience = opts.audience;
    if (!audience) return opts.intervalMs;
    return tallyIntervalMs({
      minMs: opts.intervalMs,
      sockets: audience.sockets(state.tenantId, state.channel),
      writesPerSecond: audience.writesPerSecond,
      maxIntervalMs: audience.maxIntervalMs,
    });
  };

  const claim = async (state: VoteState, intervalMs: number): Promise<number> => {
    if (!opts.gate) return 0;
    try {
      return await opts.gate(`${state.tenantId}:${state.voteId}`, intervalMs);
    } catch {
      return 0; // Redis away: throttle per instance only
    }
  };

  const fetchAndFanOut = async (state: VoteState): Promise<void> => {
    const ctx: TRequestContext = {
      requestId: randomUUID(),
      tenantId: state.tenantId,
      userId: null,
      roles: [],
      permissions: [],
    };
    try {
      const live = await callService(
        opts.nc,
        SUBJECTS.voting.voteLive,
        ctx,
        { vote_id: state.voteId },
        ZLiveReply,
        { prefix: opts.prefix, timeoutMs: opts.timeoutMs },
      );
      if (live && live.tenantId === state.tenantId) opts.handle(live);
      realtimeMetrics.liveRequests.inc({ outcome: live ? 'ok' : 'empty' });
    } catch (err) {
      realtimeMetrics.liveRequests.inc({ outcome: 'error' });
      opts.logger.warn(
        { err: err instanceof Error ? err.message : err, vote: state.voteId },
        'live tally failed',
      );
    }
  };

  const onDirty = (raw: unknown): void => {
    const parsed = ZVoteDirty.safeParse(raw);
    if (!parsed.success) return;
    const key = `${parsed.data.tenantId}:${parsed.data.vote_id}`;
    const existing = votes.get(key);
    if (existing) {
      existing.pending = true;
      return;
    }
    const state: VoteState = {
      tenantId: parsed.data.tenantId,
      voteId: parsed.data.vote_id,
      channel: parsed.data.channel,
      pending: true,
      running: false,
      timer: null,
    };
    votes.set(key, state);
    run(state);
  };

  const sub: Subscription = opts.nc.subscribe(prefixed(opts.prefix, VOTE_DIRTY_SUBJECT), {
    queue: opts.queue,
    callback: (err, msg) => {
      if (err) return;
      try {
        onDirty(msg.json());
      } catch {
        // not JSON: ignored
      }
    },
  });

  return {
    get requests() {
      return requests;
    },
    async stop() {
      stopped = true;
      sub.unsubscribe();
      for (const state of votes.values()) if (state.timer) clearTimeout(state.timer);
      votes.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
}
