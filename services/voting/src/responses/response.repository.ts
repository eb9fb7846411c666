import { Inject, Injectable } from '@nestjs/common';
import { CastPool } from '../db/cast-pool.js';

/** A cast as asked: for the caller's own membership (memberId null) or, by a runner, for a member's. */
export interface CastArgs {
  tenantId: string;
  voteId: string;
  response: string;
  userId: string;
  memberId: string | null;
  idempotencyKey: string | null;
}

export interface CastRow {
  id: string;
  member_id: string;
  /** The user whose membership the response counts for. */
  user_id: string;
  response: string;
  new: boolean;
}

export interface VoteInfo {
  id: string;
  motion_id: string;
  meeting_id: string | null;
  email_vote_id: string | null;
  committee_code: string;
  scope_code: string;
}

const S = '"voting"';

/**
 * The cast in ONE statement and one round trip: the vote must be active now (checked in SQL, so a close
 * takes effect at once), the caller eligible in the vote's electorate (voting, checked in, in the filter),
 * below the maximum responses; the unique keys (vote, member, response), (vote, member, slot) and
 * (vote, member, idempotency key) make a duplicate a no-op. Answers the new row plus the member's earlier
 * ones; no new row means refused or duplicate (the service finds out which).
 *
 * The vote row is held FOR KEY SHARE until the cast commits (casts never wait for each other, nor for a
 * close or added time): a change that takes the vote away or rewrites its ballot locks it FOR UPDATE
 * (VoteRepository.lockAgainstCasts), so it waits for the casts in flight and sees their responses, and
 * a cast arriving meanwhile waits for it and then finds the vote as it left it (deleted: no response).
 */
export function castSql(by: 'user' | 'member'): string {
  return `WITH v AS (
    SELECT id, maximum_responses FROM ${S}.votes
    WHERE id = $2::uuid AND tenant_id = $1::uuid AND discarded_at IS NULL
      AND started_at <= now() AND ended_at > now() AND $3 = ANY(responses)
    FOR KEY SHARE
  ), e AS (
    SELECT membership_id, user_id FROM ${S}.electorate
    WHERE tenant_id = $1::uuid AND vote_id = $2::uuid AND ${by === 'user' ? 'user_id' : 'membership_id'} = $4::uuid AND eligible
    LIMIT 1
  ), prior AS (
    SELECT r.id, r.member_id, r.user_id, r.response, r.slot FROM ${S}.responses r
    WHERE r.tenant_id = $1::uuid AND r.vote_id = $2::uuid AND r.member_id = (SELECT membership_id FROM e)
  ), ins AS (
    INSERT INTO ${S}.responses (tenant_id, vote_id, member_id, user_id, response, slot, idempotency_key)
    SELECT $1::uuid, v.id, e.membership_id, e.user_id, $3, (SELECT count(*) FROM prior) + 1, $5
    FROM v, e
    WHERE (SELECT count(*) FROM prior) < v.maximum_responses
    ON CONFLICT DO NOTHING
    RETURNING id, member_id, user_id, response
  )
  SELECT id::text, member_id::text, user_id::text, response, true AS new FROM ins
  UNION ALL
  SELECT id::text, member_id::text, user_id::text, response, false AS new FROM prior`;
}

const CAST_BY_USER = castSql('user');
const CAST_BY_MEMBER = castSql('member');

/**
 * Many casts (each by its own user) in ONE statement: the same checks as castSql per row, one
 * transaction and one commit for the whole batch. Answers, per request ordinal, the new row and the
 * member's earlier rows; an ordinal with no new row is settled one by one (refused or duplicate). Two
 * requests of the same member and response in one batch both answer the one row that was inserted.
 * The batch's open votes are held FOR KEY SHARE as castSql holds its one, in id order as
 * VoteRepository.lockAgainstCasts takes them (a batch over several votes of one email vote never
 * deadlocks with its deletion).
 */
export const CAST_BATCH = `WITH req AS (
    SELECT * FROM unnest($1::int[], $2::uuid[], $3::uuid[], $4::text[], $5::uuid[], $6::text[])
      AS t(ord, tenant_id, vote_id, response, user_id, idem)
  ), v AS (
    SELECT id, tenant_id, maximum_responses, responses FROM ${S}.votes
    WHERE (tenant_id, id) IN (SELECT tenant_id, vote_id FROM req) AND discarded_at IS NULL
      AND started_at <= now() AND ended_at > now()
    ORDER BY id
    FOR KEY SHARE
  ), cand AS (
    SELECT req.ord, req.tenant_id, req.vote_id, req.response, req.idem, e.membership_id, e.user_id,
           v.maximum_responses,
           (SELECT count(*) FROM ${S}.responses r
            WHERE r.tenant_id = req.tenant_id AND r.vote_id = req.vote_id AND r.member_id = e.membership_id) AS n
    FROM req
    JOIN v ON v.id = req.vote_id AND v.tenant_id = req.tenant_id AND req.response = ANY(v.responses)
    JOIN LATERAL (
      SELECT el.membership_id, el.user_id FROM ${S}.electorate el
      WHERE el.tenant_id = req.tenant_id AND el.vote_id = req.vote_id AND el.user_id = req.user_id AND el.eligible
      LIMIT 1
    ) e ON true
  ), ins AS (
    INSERT INTO ${S}.responses (tenant_id, vote_id, member_id, user_id, response, slot, idempotency_key)
    SELECT DISTINCT ON (tenant_id, vote_id, membership_id, response)
           tenant_id, vote_id, membership_id, user_id, response, n + 1, idem
    FROM cand WHERE n < maximum_responses
    ORDER BY tenant_id, vote_id, membership_id, response, ord
    ON CONFLICT DO NOTHING
    RETURNING id, tenant_id, vote_id, member_id, response
  )
  SELECT cand.ord, ins.id::text, ins.member_id::text, ins.response, true AS new
  FROM ins JOIN cand ON cand.tenant_id = ins.tenant_id AND cand.vote_id = ins.vote_id
    AND cand.membership_id = ins.member_id AND cand.response = ins.response
  UNION ALL
  SELECT cand.ord, r.id::text, r.member_id::text, r.response, false AS new
  FROM cand JOIN ${S}.responses r ON r.tenant_id = cand.tenant_id AND r.vote_id = cand.vote_id
    AND r.member_id = cand.membership_id`;

interface Pending {
  tenantId: string;
  voteId: string;
  response: string;
  userId: string;
  idempotencyKey: string | null;
  resolve: (rows: CastRow[]) => void;
  reject: (err: unknown) => void;
}

/** Most casts a batch takes; a burst beyond it simply fills the next batch. */
const MAX_BATCH = 500;

@Injectable()
export class ResponseRepository {
  private queue: Pending[] = [];
  private scheduled = false;

  constructor(@Inject(CastPool) private readonly cast: CastPool) {}

  /**
   * A cast by the caller's own user, batched with the casts arriving at the same moment (group commit):
   * under a burst one statement and one commit serve hundreds of casts; alone, a cast waits for the next
   * turn of the event loop only. Resolved after the batch has committed.
   */
  insertOwn(opts: Omit<CastArgs, 'memberId'>) {
    return new Promise<CastRow[]>((resolve, reject) => {
      this.queue.push({ ...opts, resolve, reject });
      if (this.queue.length >= MAX_BATCH) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.queue.splice(0, MAX_BATCH);
    if (this.queue.length > 0 && !this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    if (batch.length === 0) return;
    if (batch.length === 1) {
      const only = batch[0] as Pending;
      this.insert({ ...only, memberId: null }).then(only.resolve, only.reject);
      return;
    }
    void this.runBatch(batch);
  }

  private async runBatch(batch: Pending[]): Promise<void> {
    try {
      const { rows } = await this.cast.pool.query<Omit<CastRow, 'user_id'> & { ord: number }>({
        name: 'cast_batch',
        text: CAST_BATCH,
        values: [
          batch.map((_, i) => i),
          batch.map((p) => p.tenantId),
          batch.map((p) => p.voteId),
          batch.map((p) => p.response),
          batch.map((p) => p.userId),
          batch.map((p) => p.idempotencyKey),
        ],
      });
      // Every cast of a batch is by its caller's own membership: the rows' user is the caller.
      const per = batch.map((p): { userId: string; rows: CastRow[] } => ({ userId: p.userId, rows: [] }));
      for (const row of rows) {
        const own = per[row.ord];
        own?.rows.push({
          id: row.id,
          member_id: row.member_id,
          user_id: own.userId,
          response: row.response,
          new: row.new,
        });
      }
      for (const [i, p] of batch.entries()) p.resolve(per[i]?.rows ?? []);
    } catch {
      // A batch that fails as a whole (e.g. a serialization hiccup) is retried one by one.
      for (const p of batch) this.insert({ ...p, memberId: null }).then(p.resolve, p.reject);
    }
  }

  async insert(opts: CastArgs): Promise<CastRow[]> {
    const sql = opts.memberId ? CAST_BY_MEMBER : CAST_BY_USER;
    const { rows } = await this.cast.pool.query<CastRow>({
      name: opts.memberId ? 'cast_by_member' : 'cast_by_user',
      text: sql,
      values: [opts.tenantId, opts.voteId, opts.response, opts.memberId ?? opts.userId, opts.idempotencyKey],
    });
    return rows;
  }

  async voteInfo(tenantId: string, voteId: string): Promise<VoteInfo | null> {
    const { rows } = await this.cast.pool.query<VoteInfo>(
      `SELECT v.id::text, v.motion_id::text, v.meeting_id::text, v.email_vote_id::text, c.code AS committee_code,
              COALESCE(mt.code, ev.code) AS scope_code
       FROM ${S}.votes v
       JOIN ${S}.committees c ON c.tenant_id = v.tenant_id AND c.id = v.committee_id
       LEFT JOIN ${S}.meetings mt ON mt.tenant_id = v.tenant_id AND mt.id = v.meeting_id
       LEFT JOIN ${S}.email_votes ev ON ev.tenant_id = v.tenant_id AND ev.id = v.email_vote_id
       WHERE v.tenant_id = $1::uuid AND v.id = $2::uuid`,
      [tenantId, voteId],
    );
    return rows[0] ?? null;
  }

  /** Slow path: everything needed to say why a cast was not recorded. */
  async diagnose(opts: {
    tenantId: string;
    voteId: string;
    userId: string;
    memberId: string | null;
    idempotencyKey: string | null;
  }): Promise<{
    vote: {
      type: string;
      responses: string[];
      maximum_responses: number;
      motion_filter: (string | null)[] | null;
      require_check_in: boolean;
      meeting_id: string | null;
      active: boolean;
      discarded: boolean;
    } | null;
    member: { id: string; is_voting: boolean; demographic: string | null; checked_in: boolean } | null;
    prior: { id: string; member_id: string; response: string; user_id: string }[];
    byKey: { id: string; member_id: string; response: string; user_id: string } | null;
  }> {
    const { tenantId, voteId } = opts;
    const votes = await this.cast.pool.query(
      `SELECT type, responses, maximum_responses, motion_filter, require_check_in, meeting_id::text,
              committee_id::text, (started_at <= now() AND ended_at > now()) AS active, discarded_at IS NOT NULL AS discarded
       FROM ${S}.votes WHERE tenant_id = $1::uuid AND id = $2::uuid`,
      [tenantId, voteId],
    );
    const vote = votes.rows[0] ?? null;
    if (!vote) return { vote: null, member: null, prior: [], byKey: null };
    const members = await this.cast.pool.query(
      `SELECT m.id::text, (m.is_voting AND NOT m.deleted AND m.appointment_status <> 'Declined') AS is_voting,
              m.demographic, COALESCE(a.checked_in, false) AS checked_in
       FROM ${S}.memberships m
       LEFT JOIN ${S}.attendance a ON a.tenant_id = m.tenant_id AND a.membership_id = m.id AND a.meeting_id = $4::uuid
       WHERE m.tenant_id = $1::uuid AND m.committee_id = $2::uuid AND ${opts.memberId ? 'm.id' : 'm.user_id'} = $3::uuid
       ORDER BY m.deleted, m.is_voting DESC LIMIT 1`,
      [tenantId, vote.committee_id, opts.memberId ?? opts.userId, vote.meeting_id],
    );
    const member = members.rows[0] ?? null;
    const prior = member
      ? (
          await this.cast.pool.query(
            `SELECT id::text, member_id::text, response, user_id::text FROM ${S}.responses
             WHERE tenant_id = $1::uuid AND vote_id = $2::uuid AND member_id = $3::uuid ORDER BY slot`,
            [tenantId, voteId, member.id],
          )
        ).rows
      : [];
    // A key is unique per member: the response a retry of this very request (same caller) recorded.
    const byKey = opts.idempotencyKey
      ? ((
          await this.cast.pool.query(
            `SELECT id::text, member_id::text, response, user_id::text FROM ${S}.responses
             WHERE tenant_id = $1::uuid AND vote_id = $2::uuid AND idempotency_key = $3
               AND ${opts.memberId ? 'member_id' : 'user_id'} = $4::uuid
             LIMIT 1`,
            [tenantId, voteId, opts.idempotencyKey, opts.memberId ?? opts.userId],
          )
        ).rows[0] ?? null)
      : null;
    return { vote, member, prior, byKey };
  }
}
