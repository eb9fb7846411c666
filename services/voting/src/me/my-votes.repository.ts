import { Injectable } from '@nestjs/common';
import type { Db } from '../db/prisma.js';

/** One email vote of the user's committees, with their ballots in it. */
export interface MyVoteRow {
  id: string;
  code: string;
  name: string;
  start: Date;
  end: Date;
  committee_id: string;
  committee_code: string;
  committee_name: string;
  committee_year: number | null;
  is_voting: boolean;
  /** The vote's live votes the user is an eligible elector of. */
  ballots: number;
  /** Of those, the ones without a response of theirs. */
  open_ballots: number;
}

/**
 * The signed-in user's email votes for the member home, from this service's own read models: committees
 * they are a member of (MembershipRm, not deleted, appointment not declined), and per email vote the
 * electorate rows of its live votes that are theirs and eligible, answered (as the progress counts of
 * EmailVoteRepository count them: any response) or not.
 */
@Injectable()
export class MyVotesRepository {
  openEmailVotes(db: Db, tenantId: string, userId: string, now: Date): Promise<MyVoteRow[]> {
    return db.$queryRawUnsafe<MyVoteRow[]>(
      `WITH mine AS (
         SELECT m.id, m.committee_id, m.is_voting FROM "voting".memberships m
         WHERE m.tenant_id = $1::uuid AND m.user_id = $2::uuid AND NOT m.deleted
           AND m.appointment_status <> 'Declined'
       ), ev AS (
         SELECT e.id, e.tenant_id, e.committee_id, e.code, e.name, e.start, e."end"
         FROM "voting".email_votes e
         WHERE e.tenant_id = $1::uuid AND e."end" > $3::timestamptz
           AND e.committee_id IN (SELECT committee_id FROM mine)
       ), ballots AS (
         SELECT v.email_vote_id, v.id,
                bool_or(EXISTS (SELECT 1 FROM "voting".responses r
                  WHERE r.tenant_id = el.tenant_id AND r.vote_id = el.vote_id AND r.member_id = el.membership_id)) AS done
         FROM "voting".votes v
         JOIN "voting".electorate el ON el.tenant_id = v.tenant_id AND el.vote_id = v.id
           AND el.eligible AND el.user_id = $2::uuid
         JOIN mine ON mine.id = el.membership_id
         WHERE v.tenant_id = $1::uuid AND v.email_vote_id IN (SELECT id FROM ev) AND v.discarded_at IS NULL
         GROUP BY v.email_vote_id, v.id
       )
       SELECT ev.id::text AS id, ev.code, ev.name, ev.start, ev."end",
              c.id::text AS committee_id, c.code AS committee_code, c.name AS committee_name,
              c.year AS committee_year,
              EXISTS (SELECT 1 FROM mine WHERE mine.committee_id = ev.committee_id AND mine.is_voting) AS is_voting,
              (SELECT count(*)::int FROM ballots b WHERE b.email_vote_id = ev.id) AS ballots,
              (SELECT count(*)::int FROM ballots b WHERE b.email_vote_id = ev.id AND NOT b.done) AS open_ballots
       FROM ev
       JOIN "voting".committees c ON c.tenant_id = ev.tenant_id AND c.id = ev.committee_id AND NOT c.deleted
       ORDER BY ev.start, ev."end", ev.id`,
      tenantId,
      userId,
      now.toISOString(),
    );
  }
}
