import { meetingChannel } from '@gavel/contracts';
import type { RawSql } from '@gavel/service-kit';
import { MEETINGS_SCHEMA, type Tx } from '../db/prisma.js';
import type { MeetingEvents } from './meeting.events.js';

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

/**
 * A deleted committee's meetings that have not ended go with it, each as a deleted meeting goes (its event
 * and a page reload). The committees service refuses the deletion while it knows of such a meeting; this
 * takes one created a moment before that had not reached it yet (a creation holds the committee's copy,
 * so the copy's deletion waited for it to commit).
 */
export async function dropUnendedMeetings(
  tx: Tx,
  events: MeetingEvents,
  tenantId: string,
  committeeId: string,
): Promise<void> {
  const rows = await tx.meeting.findMany({ where: { tenantId, committeeId, NOT: { status: 'ended' } } });
  if (rows.length === 0) return;
  await tx.meeting.deleteMany({ where: { tenantId, id: { in: rows.map((r) => r.id) } } });
  for (const row of rows) await events.deleted(tx, tenantId, row);
}
