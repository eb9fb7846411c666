import type { TEmailVoteEvent } from '@gavel/contracts';
import type { RawSql } from '@gavel/service-kit';
import { COMMITTEES_SCHEMA } from '../db/prisma.js';

/**
 * Keeps the email-votes-per-committee read model from the voting service's events (in the consumer's tx):
 * each event carries the vote as it now stands, so created and updated both upsert its committee, code and end.
 */
export async function upsertCommitteeEmailVote(
  tx: RawSql,
  subject: string,
  event: TEmailVoteEvent,
): Promise<void> {
  const v = event.email_vote;
  if (subject.endsWith('.deleted')) {
    await tx.$executeRawUnsafe(
      `DELETE FROM "${COMMITTEES_SCHEMA}".committee_email_votes WHERE tenant_id = $1::uuid AND id = $2::uuid`,
      event.tenantId,
      v.id,
    );
    return;
  }
  await tx.$executeRawUnsafe(
    `INSERT INTO "${COMMITTEES_SCHEMA}".committee_email_votes (tenant_id, id, committee_id, code, "end", updated_at)
     VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5::timestamptz, now())
     ON CONFLICT (tenant_id, id) DO UPDATE SET committee_id = EXCLUDED.committee_id, code = EXCLUDED.code,
       "end" = EXCLUDED."end", updated_at = now()`,
    event.tenantId,
    v.id,
    v.committee_id,
    v.code,
    v.end,
  );
}
