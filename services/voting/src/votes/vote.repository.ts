import { ServiceRuntime } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { type Db, Prisma } from '../db/prisma.js';
import type { Vote } from '../generated/prisma/client.js';
import { refreshElectorate } from '../read-models/read-model.repository.js';
import type { VoteCounts } from './vote.mapper.js';

export type VoteRow = Vote;

export interface NewVote {
  tenantId: string;
  committeeId: string;
  meetingId: string | null;
  emailVoteId: string | null;
  motionId: string;
  type: string;
  voteType: string;
  responses: string[];
  maximumResponses: number;
  motionFilter: (string | null)[] | null;
  requireCheckIn: boolean;
  quorum: number;
  startedAt: Date;
  endedAt: Date;
}

/** The only place that reads and writes votes, their electorate and their counts. */
@Injectable()
export class VoteRepository {
  constructor(@Inject(ServiceRuntime) private readonly runtime: Pick<ServiceRuntime, 'logger'>) {}

  /** Votes of a meeting or email vote that were not replaced by a revote. */
  list(
    db: Db,
    tenantId: string,
    scope: { meetingId: string | null; emailVoteId: string | null },
  ): Promise<VoteRow[]> {
    return db.vote.findMany({
      where: {
        tenantId,
        discardedAt: null,
        ...(scope.meetingId ? { meetingId: scope.meetingId } : { emailVoteId: scope.emailVoteId }),
      },
      orderBy: { startedAt: 'asc' },
    });
  }

  find(db: Db, tenantId: string, id: string): Promise<VoteRow | null> {
    return db.vote.findUnique({ where: { tenantId_id: { tenantId, id } } });
  }

  /** Creates a vote and snapshots its electorate from the read models. */
  async create(db: Db, data: NewVote): Promise<VoteRow> {
    const row = await db.vote.create({ data: { ...data, motionFilter: data.motionFilter ?? Prisma.DbNull } });
    await refreshElectorate(db, data.tenantId, { voteId: row.id });
    return row;
  }

  update(
    db: Db,
    tenantId: string,
    id: string,
    data: Partial<
      Pick<
        VoteRow,
        | 'endedAt'
        | 'startedAt'
        | 'isFinalized'
        | 'discardedAt'
        | 'quorum'
        | 'voteType'
        | 'maximumResponses'
        | 'responses'
      >
    > & {
      motionFilter?: (string | null)[] | null;
    },
  ): Promise<VoteRow> {
    const { motionFilter, ...rest } = data;
    return db.vote.update({
      where: { tenantId_id: { tenantId, id } },
      data: {
        ...rest,
        ...(motionFilter !== undefined ? { motionFilter: motionFilter ?? Prisma.DbNull } : {}),
      },
    });
  }

  /**
   * Holds the votes of these motions (or of this email vote) against casts until commit, and answers their
   * ids. Each cast holds its vote FOR KEY SHARE until it commits (castSql), so this waits for the casts in
   * flight (a count of responses after it sees them all) and a cast arriving meanwhile waits for this
   * change and then sees it (a deleted vote takes no response). In id order, as the batched cast takes
   * them, so the two never deadlock.
   */
  async lockAgainstCasts(
    db: Db,
    tenantId: string,
    of: { motionIds: string[] } | { emailVoteId: string },
  ): Promise<string[]> {
    // One statement: the rows are locked in the order the sort returns them.
    const votes = await db.$queryRawUnsafe<{ id: string }[]>(
      `SELECT id::text FROM "voting".votes
       WHERE tenant_id = $1::uuid AND ${'motionIds' in of ? 'motion_id = ANY($2::uuid[])' : 'email_vote_id = $2::uuid'}
       ORDER BY id FOR UPDATE`,
      tenantId,
      'motionIds' in of ? of.motionIds : of.emailVoteId,
    );
    return votes.map((v) => v.id);
  }

  /** Deletes the votes of these motions (discarded ones too), electorate and responses; answers them. */
  async deleteForMotions(db: Db, tenantId: string, motionIds: string[]): Promise<VoteRow[]> {
    const votes = await db.vote.findMany({
      where: { tenantId, motionId: { in: motionIds } },
      orderBy: { startedAt: 'asc' },
    });
    const ids = votes.map((v) => v.id);
    if (ids.length === 0) return [];
    await db.response.deleteMany({ where: { tenantId, voteId: { in: ids } } });
    await db.elector.deleteMany({ where: { tenantId, voteId: { in: ids } } });
    await db.vote.deleteMany({ where: { tenantId, id: { in: ids } } });
    return votes;
  }

  /** Tallies, distinct respondents and eligible voters of each vote. */
  async counts(db: Db, tenantId: string, voteIds: string[]): Promise<Map<string, VoteCounts>> {
    const out = new Map<string, VoteCounts>();
    if (voteIds.length === 0) return out;
    for (const id of voteIds) out.set(id, { tallies: new Map(), respondents: 0, eligible: 0 });
    const [tallies, respondents, eligible] = await Promise.all([
      db.$queryRawUnsafe<{ vote_id: string; response: string; n: number }[]>(
        `SELECT vote_id::text, response, count(*)::int AS n FROM "voting".responses
         WHERE tenant_id = $1::uuid AND vote_id = ANY($2::uuid[]) GROUP BY 1, 2`,
        tenantId,
        voteIds,
      ),
      db.$queryRawUnsafe<{ vote_id: string; n: number }[]>(
        `SELECT vote_id::text, count(DISTINCT member_id)::int AS n FROM "voting".responses
         WHERE tenant_id = $1::uuid AND vote_id = ANY($2::uuid[]) GROUP BY 1`,
        tenantId,
        voteIds,
      ),
      db.$queryRawUnsafe<{ vote_id: string; n: number }[]>(
        `SELECT vote_id::text, count(*)::int AS n FROM "voting".electorate
         WHERE tenant_id = $1::uuid AND vote_id = ANY($2::uuid[]) AND eligible GROUP BY 1`,
        tenantId,
        voteIds,
      ),
    ]);
    for (const t of tallies) out.get(t.vote_id)?.tallies.set(t.response, t.n);
    for (const r of respondents) {
      const c = out.get(r.vote_id);
      if (c) c.respondents = r.n;
    }
    for (const e of eligible) {
      const c = out.get(e.vote_id);
      if (c) c.eligible = e.n;
    }
    return out;
  }

  /** A user's own responses in these votes. */
  ownResponses(
    db: Db,
    tenantId: string,
    voteIds: string[],
    userId: string,
  ): Promise<{ id: string; vote_id: string; member_id: string; response: string }[]> {
    if (voteIds.length === 0) return Promise.resolve([]);
    return db.$queryRawUnsafe(
      // Through the electorate's (vote_id, user_id) index to the member's rows: no scan of a vote's responses.
      `SELECT r.id::text, r.vote_id::text, r.member_id::text, r.response
       FROM "voting".electorate e
       JOIN "voting".responses r ON r.tenant_id = e.tenant_id AND r.vote_id = e.vote_id AND r.member_id = e.membership_id
       WHERE e.tenant_id = $1::uuid AND e.vote_id = ANY($2::uuid[]) AND e.user_id = $3::uuid
       ORDER BY r.created_at, r.slot`,
      tenantId,
      voteIds,
      userId,
    );
  }

  /** Ended votes not finalized yet (claimed with SKIP LOCKED so several instances share the work). */
  claimEnded(db: Db, graceMs: number, limit = 50): Promise<{ id: string; tenant_id: string }[]> {
    // The vote's motion is locked with it, and a vote whose motion another change holds (a result
    // visibility change, a revote) waits for a later round: the broadcast then reads what that change
    // wrote and is never published after it with the older state. So does a vote a cast still holds
    // (FOR KEY SHARE, castSql): a cast accepted before the close is in the result. Never waits, so never
    // deadlocks.
    return db.$queryRawUnsafe(
      `SELECT v.id::text, v.tenant_id::text FROM "voting".votes v
       JOIN "voting".motions m ON m.tenant_id = v.tenant_id AND m.id = v.motion_id
       WHERE NOT v.is_finalized AND v.ended_at <= now() - make_interval(secs => $1::double precision / 1000)
       ORDER BY v.ended_at LIMIT $2 FOR UPDATE OF v, m SKIP LOCKED`,
      graceMs,
      limit,
    );
  }

  /** The votes running now, in every association. */
  runningNow(
    db: Db,
  ): Promise<{ id: string; tenant_id: string; meeting_id: string | null; email_vote_id: string | null }[]> {
    return db.$queryRawUnsafe(
      `SELECT id::text, tenant_id::text, meeting_id::text, email_vote_id::text FROM "voting".votes
       WHERE started_at <= now() AND ended_at > now()`,
    );
  }

  /**
   * Refreshes the planner's statistics of votes and their electorate (after a start brings up to
   * thousands of electorate rows). Never throws: a failure is logged and the old statistics stay.
   */
  async analyze(db: Db): Promise<void> {
    try {
      await db.$executeRawUnsafe('ANALYZE "voting".votes, "voting".electorate');
    } catch (err) {
      this.runtime.logger.warn({ err }, 'analyzing votes and electorate failed');
    }
  }

  /** Per-member responses in one vote, for the runners' voting status. */
  memberStatus(
    db: Db,
    tenantId: string,
    voteId: string,
  ): Promise<{ membership_id: string; user_id: string; eligible: boolean; n: number }[]> {
    return db.$queryRawUnsafe(
      `SELECT e.membership_id::text, e.user_id::text, e.eligible,
              (SELECT count(*)::int FROM "voting".responses r
               WHERE r.tenant_id = e.tenant_id AND r.vote_id = e.vote_id AND r.member_id = e.membership_id) AS n
       FROM "voting".electorate e WHERE e.tenant_id = $1::uuid AND e.vote_id = $2::uuid`,
      tenantId,
      voteId,
    );
  }

  async hasResponses(db: Db, tenantId: string, voteIds: string[]): Promise<boolean> {
    if (voteIds.length === 0) return false;
    const n = await db.response.count({ where: { tenantId, voteId: { in: voteIds } }, take: 1 });
    return n > 0;
  }
}
