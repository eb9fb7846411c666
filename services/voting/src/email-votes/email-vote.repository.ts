import { Injectable } from '@nestjs/common';
import type { Db } from '../db/prisma.js';
import type { EmailVoteRow } from '../scope/scope.repository.js';

/**
 * SQL shared by `progress` and `memberProgress` ($1 tenant, $2 committee, $3 email vote): `vm` the
 * committee's voting members, `b` the email vote's ballots (its live votes), `per` each eligible member's
 * ballots and how many of them they answered.
 */
const BALLOTS_PER_MEMBER = `vm AS (
         SELECT m.id, m.user_id FROM "voting".memberships m WHERE m.tenant_id = $1::uuid AND m.committee_id = $2::uuid
           AND m.is_voting AND NOT m.deleted AND m.appointment_status <> 'Declined'
       ), b AS (
         SELECT id FROM "voting".votes WHERE tenant_id = $1::uuid AND email_vote_id = $3::uuid AND discarded_at IS NULL
       ), per AS (
         SELECT el.membership_id, count(*) AS ballots,
                count(*) FILTER (WHERE EXISTS (SELECT 1 FROM "voting".responses r
                  WHERE r.tenant_id = el.tenant_id AND r.vote_id = el.vote_id AND r.member_id = el.membership_id)) AS done
         FROM "voting".electorate el JOIN b ON b.id = el.vote_id
         WHERE el.tenant_id = $1::uuid AND el.eligible GROUP BY el.membership_id
       )`;

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

  codeTaken(db: Db, tenantId: string, committeeId: string, code: string): Promise<number> {
    return db.emailVote.count({
      where: { tenantId, committeeId, code: { equals: code, mode: 'insensitive' } },
    });
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

  /** Voting members of the committee, and how many of them voted on none, some or all of the motions. */
  async progress(
    db: Db,
    tenantId: string,
    committeeId: string,
    emailVoteId: string,
  ): Promise<{ total: number; incomplete: number; complete: number; responses: number }> {
    const rows = await db.$queryRawUnsafe<
      { total: number; incomplete: number; complete: number; responses: number }[]
    >(
      `WITH ${BALLOTS_PER_MEMBER}
       SELECT (SELECT count(*)::int FROM vm) AS total,
              (SELECT count(*)::int FROM per WHERE done > 0 AND done < ballots) AS incomplete,
              (SELECT count(*)::int FROM per WHERE done > 0 AND done >= ballots) AS complete,
              (SELECT count(*)::int FROM "voting".responses r JOIN b ON b.id = r.vote_id WHERE r.tenant_id = $1::uuid) AS responses`,
      tenantId,
      committeeId,
      emailVoteId,
    );
    return rows[0] ?? { total: 0, incomplete: 0, complete: 0, responses: 0 };
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
      emailVoteId,
    );
  }
}
