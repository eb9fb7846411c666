import type { TUserEvent } from '@gavel/contracts';
import type { RawSql } from '@gavel/service-kit';
import { COMMITTEES_SCHEMA } from '../db/prisma.js';

/**
 * Keeps the display copy of an identity user current (evt.identity.user.*); runs inside the consumer's
 * transaction, so the copy and the processed-event mark commit together.
 */
export async function upsertMemberUser(tx: RawSql, event: TUserEvent): Promise<void> {
  const u = event.user;
  await tx.$executeRawUnsafe(
    `INSERT INTO "${COMMITTEES_SCHEMA}".member_users
       (tenant_id, id, nrds, first_name, last_name, displayed_first_name, nickname, email, name, profile_display_url, updated_at)
     VALUES ($1::uuid, $2::uuid, $3, $4, $5, $6, $7, $8, $9, $10, now())
     ON CONFLICT (tenant_id, id) DO UPDATE SET
       nrds = EXCLUDED.nrds, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
       displayed_first_name = EXCLUDED.displayed_first_name, nickname = EXCLUDED.nickname,
       email = EXCLUDED.email, name = EXCLUDED.name, profile_display_url = EXCLUDED.profile_display_url,
       updated_at = now()`,
    event.tenantId,
    u.id,
    u.nrds,
    u.first_name,
    u.last_name,
    u.displayed_first_name,
    u.nickname,
    u.email,
    u.name,
    u.profile_display_url,
  );
}
