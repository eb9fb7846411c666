import {
  EVENTS,
  type TEmailVoteEvent,
  type TMotion,
  type TRealtimeKind,
  type TVoteResponseRow,
  ZBroadcast,
  ZEmailVoteEvent,
  ZMotionEvent,
  ZMotionsSortedEvent,
  ZVoteEvent,
} from '@gavel/contracts';
import { Outbox } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { Db, Tx } from '../db/prisma.js';
import { toMotion, toMotionEvent } from '../motions/motion.mapper.js';
import type { MotionRow } from '../motions/motion.repository.js';
import { toVoteEvent, toVoteView, type VoteCounts } from '../votes/vote.mapper.js';
import type { VoteRow } from '../votes/vote.repository.js';

/**
 * The voting service's domain events and realtime broadcasts, written into the outbox in the change's
 * transaction (published after commit, exactly once).
 */
@Injectable()
export class VotingEvents {
  constructor(@Inject(Outbox) private readonly outbox: Outbox) {}

  async broadcast(
    tx: Tx,
    tenantId: string,
    channel: string,
    kind: TRealtimeKind,
    payload: unknown,
    runnerPayload?: unknown,
  ): Promise<void> {
    await this.outbox.emit(tx, EVENTS.realtime.broadcast, ZBroadcast, {
      tenantId,
      channel,
      kind,
      payload,
      ...(runnerPayload !== undefined ? { runner_payload: runnerPayload } : {}),
    });
  }

  /**
   * A response a runner recorded for a member, told to that member's own sockets (their page then shows
   * it). Written after the response's own commit: the cast path has no transaction, and a lost hint only
   * leaves the member's page to its next refetch.
   */
  async responseForMember(
    db: Db,
    tenantId: string,
    channel: string,
    userId: string,
    response: TVoteResponseRow,
  ): Promise<void> {
    await this.outbox.emit(db, EVENTS.realtime.broadcast, ZBroadcast, {
      tenantId,
      channel,
      kind: 'response',
      payload: { response },
      user_id: userId,
    });
  }

  async motionChanged(tx: Tx, subject: string, channel: string, row: MotionRow): Promise<TMotion> {
    await this.outbox.emit(tx, subject, ZMotionEvent, toMotionEvent(row));
    const motion = toMotion(row);
    await this.broadcast(tx, row.tenantId, channel, 'motion.updated', { motion });
    return motion;
  }

  async motionsDeleted(tx: Tx, channel: string, rows: MotionRow[]): Promise<void> {
    for (const row of rows) {
      await this.outbox.emit(tx, EVENTS.voting.motionDeleted, ZMotionEvent, toMotionEvent(row));
    }
    const first = rows[0];
    if (first) {
      await this.broadcast(tx, first.tenantId, channel, 'motion.deleted', {
        id: first.id,
        ids: rows.map((r) => r.id),
      });
    }
  }

  /** Votes deleted with their motions: meetings drops its copy of each (it keeps the latest started one). */
  async votesDeleted(tx: Tx, votes: VoteRow[]): Promise<void> {
    for (const vote of votes) {
      await this.outbox.emit(tx, EVENTS.voting.voteDeleted, ZVoteEvent, toVoteEvent(vote.tenantId, vote));
    }
  }

  async motionsSorted(
    tx: Tx,
    tenantId: string,
    channel: string,
    scope: { meetingId: string | null; emailVoteId: string | null },
    ids: string[],
  ): Promise<void> {
    await this.outbox.emit(tx, EVENTS.voting.motionSorted, ZMotionsSortedEvent, {
      tenantId,
      meeting_id: scope.meetingId,
      email_vote_id: scope.emailVoteId,
      ids,
    });
    await this.broadcast(tx, tenantId, channel, 'motion.sorted', { ids });
  }

  /** A vote changed: its domain event (meetings learns whether a vote is active) and its live state. */
  async voteChanged(
    tx: Tx,
    subject: string,
    channel: string,
    vote: VoteRow,
    motion: TMotion,
    counts: VoteCounts,
  ): Promise<void> {
    await this.outbox.emit(tx, subject, ZVoteEvent, toVoteEvent(vote.tenantId, vote));
    if (vote.discardedAt) return;
    await this.voteUpdated(tx, channel, vote, motion, counts);
  }

  /** A vote's live state on open pages ('vote.updated'; runners get their own payload). */
  async voteUpdated(
    tx: Tx,
    channel: string,
    vote: VoteRow,
    motion: TMotion,
    counts: VoteCounts,
  ): Promise<void> {
    const now = new Date();
    await this.broadcast(
      tx,
      vote.tenantId,
      channel,
      'vote.updated',
      { vote: toVoteView(vote, motion, counts, { isRunner: false, now }) },
      { vote: toVoteView(vote, motion, counts, { isRunner: true, now }) },
    );
  }

  async emailVoteChanged(tx: Tx, subject: string, event: TEmailVoteEvent, channel: string): Promise<void> {
    await this.outbox.emit(tx, subject, ZEmailVoteEvent, event);
    await this.broadcast(tx, event.tenantId, channel, 'vote.state', { email_vote: event.email_vote });
  }
}
