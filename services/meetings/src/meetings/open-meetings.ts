import { meetingChannel } from '@gavel/contracts';
import type { RawSql } from '@gavel/service-kit';
import { MEETINGS_SCHEMA } from '../db/prisma.js';

/** The channels of a committee's meetings whose pages are live: planned or in progress. */
export async function openMeetingChannels(
  tx: RawSql,
  tenantId: string,
  committeeId: string,
): Promise<string[]> {
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
    `SELECT id::text AS id FROM "${MEETINGS_SCHEMA}".meetings
     WHERE tenant_id = $1::uuid AND committee_id = $2::uuid AND status <> 'ended'`,
    tenantId,
    committeeId,
  );
  return rows.map((r) => meetingChannel(r.id));
}
