import { lockKey } from '@gavel/service-kit';
import { Injectable } from '@nestjs/common';
import type { Db } from '../db/prisma.js';
import type { EmailVoteRow } from '../scope/scope.repository.js';
import type { VoteRow } from '../votes/vote.repository.js';

/**
 * SQL shared by `progress` and `memberProgress` ($1 tenant, $2 committee, $3 email vote ids, all of that
 * committee): `vm` the committee's voting members, `b` the email votes' ballots (their live votes), `per`
 * each eligible member's ballots per email vote and how many of them they answered.
 */
const BALLOTS_PER_MEMBER = `vm AS (
         SELECT m.id, m.user_id FROM "voting".memberships m WHERE m.tenant_id = $1::uuid AND m.committee_id = $2::uuid
           AND m.is_voting AND NOT m.deleted AND m.appointment_status <> 'Declined'
       ), b AS (
         SELECT id, email_vote_id FROM "voting".votes
         WHERE tenant_id = $1::uuid AND email_vote_id = ANY($3::uuid[]) AND discarded_at IS NULL
       ), per AS (
         SELECT b.email_vote_id, el.membership_id, count(*) AS ballots,
                count(*) FILTER (WHERE EXISTS (SELECT 1 FROM "voting".responses r
                  WHERE r.tenant_id = el.tenant_id AND r.vote_id = el.vote_id AND r.member_id = el.membership_id)) AS done
         FROM "voting".electorate el JOIN b ON b.id = el.vote_id
         WHERE el.tenant_id = $1::uuid AND el.eligible GROUP BY b.email_vote_id, el.membership_id
       )`;

/** Progress counts of one email vote (`EmailVoteService.view`). */
export interface EmailVoteProgress {
  /** The committee's voting members. */
  total: number;
  /** Voting members with motions open to them (a filter may leave some out) who answered none yet. */
  notStarted: number;
  incomplete: number;
  complete: number;
  responses: number;
}

/** The only place that writes email votes (reads by code live in ScopeRepository). */
@Injectable()
export class EmailVoteRepository {
  create(
    db: Db,
    data: {
      tenantId: string;
      committeeId: string;
      code: string;
      name: string;
      description: string | null;
      start: Date;
      end: Date;
    },
  ): Promise<EmailVoteRow> {
    return db.emailVote.create({ data });
  }

  update(
    db: Db,
    tenantId: string,
    id: string,
    data: { name: string; description: string | null; start: Date; end: Date },
  ): Promise<EmailVoteRow> {
    return db.emailVote.update({ where: { id, tenantId }, data });
  }

  /**
   * Vote URLs name the committee by code alone, and a code names a committee in each year: a vote code is
   * taken when any committee with the same code has a vote with it. Locks the code until commit, so two
   * creations racing for it cannot both pass.
   */
  async codeTaken(db: Db, tenantId: string, committeeCode: string, code: string): Promise<boolean> {
    await lockKey(db, `email-vote-code:${tenantId}:${committeeCode.toLowerCase()}:${code.toLowerCase()}`);
    const taken = await db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "voting".email_votes v
         JOIN "voting".committees c ON c.tenant_id = v.tenant_id AND c.id = v.committee_id
       WHERE v.tenant_id = $1::uuid AND NOT c.deleted AND lower(c.code) = lower($2) AND lower(v.code) = lower($3)`,
      tenantId,
      committeeCode,
      code,
    );
    return (taken[0]?.n ?? 0) > 0;
  }

  /**
   * Holds the committee's read-model row (FOR SHARE) until commit, so its deletion (committee.deleted,
   * which then takes the committee's email votes that have not ended) waits for a vote created meanwhile.
   * False when the committee is gone.
   */
  async holdCommittee(db: Db, tenantId: string, committeeId: string): Promise<boolean> {
    const rows = await db.$queryRawUnsafe<unknown[]>(
      `SELECT 1 FROM "voting".committees WHERE tenant_id = $1::uuid AND id = $2::uuid AND NOT deleted FOR SHARE`,
      tenantId,
      committeeId,
    );
    return rows.length > 0;
  }

  /** The committee's email votes whose end has not passed (open or scheduled). */
  unended(db: Db, tenantId: string, committeeId: string): Promise<EmailVoteRow[]> {
    return db.emailVote.findMany({ where: { tenantId, committeeId, end: { gt: new Date() } } });
  }

  /** Moves the window of the email vote's votes with it (reopening them when the end moves later). */
  async moveVotes(db: Db, tenantId: string, emailVoteId: string, start: Date, end: Date): Promise<void> {
    await db.$executeRawUnsafe(
      `UPDATE "voting".votes SET started_at = $3::timestamptz, ended_at = $4::timestamptz,
         is_finalized = is_finalized AND $4::timestamptz <= now(), updated_at = now()
       WHERE tenant_id = $1::uuid AND email_vote_id = $2::uuid AND discarded_at IS NULL`,
      tenantId,
      emailVoteId,
      start.toISOString(),
      end.toISOString(),
    );
  }

  /** The committee's email votes, newest window first. */
  listByCommittee(db: Db, tenantId: string, committeeId: string): Promise<EmailVoteRow[]> {
    return db.emailVote.findMany({
      where: { tenantId, committeeId },
      orderBy: [{ start: 'desc' }, { end: 'desc' }, { createdAt: 'desc' }, { id: 'asc' }],
    });
  }

  /**
   * Per email vote of one committee: its voting members, how many of them voted on none, some or all of
   * its motions, and how many responses it has (email votes without motions get zeros but the total).
   */
  async progress(
    db: Db,
    tenantId: string,
    committeeId: string,
    emailVoteIds: string[],
  ): Promise<Map<string, EmailVoteProgress>> {
    const out = new Map<string, EmailVoteProgress>();
    if (emailVoteIds.length === 0) return out;
    const rows = await db.$queryRawUnsafe<({ email_vote_id: string } & EmailVoteProgress)[]>(
      `WITH ${BALLOTS_PER_MEMBER}
       SELECT ev.id::text AS email_vote_id,
              (SELECT count(*)::int FROM vm) AS total,
              (SELECT count(*)::int FROM per WHERE per.email_vote_id = ev.id AND done = 0) AS "notStarted",
              (SELECT count(*)::int FROM per WHERE per.email_vote_id = ev.id AND done > 0 AND done < ballots) AS incomplete,
              (SELECT count(*)::int FROM per WHERE per.email_vote_id = ev.id AND done > 0 AND done >= ballots) AS complete,
              (SELECT count(*)::int FROM "voting".responses r JOIN b ON b.id = r.vote_id
                 WHERE r.tenant_id = $1::uuid AND b.email_vote_id = ev.id) AS responses
       FROM unnest($3::uuid[]) AS ev(id)`,
      tenantId,
      committeeId,
      emailVoteIds,
    );
    for (const { email_vote_id, ...p } of rows) out.set(email_vote_id, p);
    return out;
  }

  /** Responses to any of the email vote's votes, discarded ones included. */
  async responseCount(db: Db, tenantId: string, emailVoteId: string): Promise<number> {
    const rows = await db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "voting".responses r
       JOIN "voting".votes v ON v.tenant_id = r.tenant_id AND v.id = r.vote_id
       WHERE r.tenant_id = $1::uuid AND v.email_vote_id = $2::uuid`,
      tenantId,
      emailVoteId,
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * Deletes the email vote with its motions, votes, electorate and responses, answering the deleted votes
   * (meetings keeps a copy of each). 'answered' when responses were found (the caller then rolls back): a
   * cast that landed after the caller's own count of responses must not be acknowledged and then deleted
   * with the vote.
   */
  async deleteWithContents(
    db: Db,
    tenantId: string,
    emailVoteId: string,
  ): Promise<{ status: 'deleted' | 'missing' | 'answered'; votes: VoteRow[] }> {
    const motions = await db.motion.findMany({ where: { tenantId, emailVoteId }, select: { id: true } });
    const votes = await db.vote.findMany({
      where: { tenantId, OR: [{ emailVoteId }, { motionId: { in: motions.map((m) => m.id) } }] },
    });
    const voteIds = votes.map((v) => v.id);
    if (voteIds.length > 0) {
      const responses = await db.response.deleteMany({ where: { tenantId, voteId: { in: voteIds } } });
      if (responses.count > 0) return { status: 'answered', votes: [] };
      await db.elector.deleteMany({ where: { tenantId, voteId: { in: voteIds } } });
      await db.vote.deleteMany({ where: { tenantId, id: { in: voteIds } } });
    }
    await db.motion.deleteMany({ where: { tenantId, emailVoteId } });
    const { count } = await db.emailVote.deleteMany({ where: { id: emailVoteId, tenantId } });
    return count === 1 ? { status: 'deleted', votes } : { status: 'missing', votes: [] };
  }

  /**
   * Each voting member of the committee (as counted by `progress`) with the email vote's ballots they may
   * answer and how many of them they answered.
   */
  memberProgress(
    db: Db,
    tenantId: string,
    committeeId: string,
    emailVoteId: string,
  ): Promise<{ membership_id: string; user_id: string; ballots: number; done: number }[]> {
    return db.$queryRawUnsafe(
      `WITH ${BALLOTS_PER_MEMBER}
       SELECT m.id::text AS membership_id, m.user_id::text AS user_id,
              coalesce(per.ballots, 0)::int AS ballots, coalesce(per.done, 0)::int AS done
       FROM vm m LEFT JOIN per ON per.membership_id = m.id
       ORDER BY m.id`,
      tenantId,
      committeeId,
      [emailVoteId],
    );
  }
}
