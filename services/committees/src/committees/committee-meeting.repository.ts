import type { TMeetingStatusEvent } from '@gavel/contracts';
import type { RawSql } from '@gavel/service-kit';
import { COMMITTEES_SCHEMA } from '../db/prisma.js';

/** Keeps the meetings-per-committee read model from the meetings service's events (in the consumer's tx). */
export async function upsertCommitteeMeeting(
  tx: RawSql,
  subject: string,
  event: TMeetingStatusEvent,
): Promise<void> {
  const m = event.meeting;
  if (subject.endsWith('.deleted')) {
    await tx.$executeRawUnsafe(
      `DELETE FROM "${COMMITTEES_SCHEMA}".committee_meetings WHERE tenant_id = $1::uuid AND id = $2::uuid`,
      event.tenantId,
      m.id,
    );
    return;
  }
  await tx.$executeRawUnsafe(
    `INSERT INTO "${COMMITTEES_SCHEMA}".committee_meetings (tenant_id, id, committee_id, code, status, updated_at)
     VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5, now())
     ON CONFLICT (tenant_id, id) DO UPDATE SET committee_id = EXCLUDED.committee_id, code = EXCLUDED.code,
       status = EXCLUDED.status, updated_at = now()`,
    event.tenantId,
    m.id,
    m.committee_id,
    m.code,
    m.status,
  );
}
