import type {
  TCommitteeEvent,
  TCurrentYearEvent,
  TEmailVoteEvent,
  TMembershipEvent,
  TUserEvent,
  TVotingVoteEvent,
} from '@gavel/contracts';
import type { RawSql } from '@gavel/service-kit';
import { bumpListVersion, USERS_SCOPE } from '../attendance/list-cache.js';
import { MEETINGS_SCHEMA } from '../db/prisma.js';

/**
 * Keep the read models current from other services' events. Each runs inside the consumer's transaction,
 * so the copy and the processed-event mark commit together. Deletions come as `<...>.deleted` subjects.
 * Committees, memberships and users are what attendance lists are made of: each change counts against
 * the lists' versions (list-cache.ts) in the same transaction.
 */
const T = (name: string) => `"${MEETINGS_SCHEMA}".${name}`;
const isDelete = (subject: string) => subject.endsWith('.deleted');

export async function applyCommitteeEvent(
  tx: RawSql,
  subject: string,
  event: TCommitteeEvent,
): Promise<void> {
  const c = event.committee;
  await bumpListVersion(tx, event.tenantId, c.id);
  if (isDelete(subject)) {
    await tx.$executeRawUnsafe(
      `DELETE FROM ${T('committees')} WHERE tenant_id = $1::uuid AND id = $2::uuid`,
      event.tenantId,
      c.id,
    );
    return;
  }
  await tx.$executeRawUnsafe(
    `INSERT INTO ${T('committees')}
       (tenant_id, id, code, name, year, quorum, two_thirds_vote, chair_position, vchair_position, voting_rights,
        has_demographic, demographic_name, demographic_is_displayed, demographic_motion_filterable,
        demographic_display_prepend, demographics, updated_at)
     VALUES ($1::uuid, $2::uuid, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, $14, $15, $16::jsonb, now())
     ON CONFLICT (tenant_id, id) DO UPDATE SET
       code = EXCLUDED.code, name = EXCLUDED.name, year = EXCLUDED.year, quorum = EXCLUDED.quorum,
       two_thirds_vote = EXCLUDED.two_thirds_vote, chair_position = EXCLUDED.chair_position,
       vchair_position = EXCLUDED.vchair_position, voting_rights = EXCLUDED.voting_rights,
       has_demographic = EXCLUDED.has_demographic, demographic_name = EXCLUDED.demographic_name,
       demographic_is_displayed = EXCLUDED.demographic_is_displayed,
       demographic_motion_filterable = EXCLUDED.demographic_motion_filterable,
       demographic_display_prepend = EXCLUDED.demographic_display_prepend,
       demographics = EXCLUDED.demographics, updated_at = now()`,
    event.tenantId,
    c.id,
    c.code,
    c.name,
    c.year,
    c.quorum,
    c.two_thirds_vote,
    c.chair_position,
    c.vchair_position,
    JSON.stringify(c.voting_rights),
    c.has_demographic,
    c.demographic_name,
    c.demographic_is_displayed,
    c.demographic_motion_filterable,
    c.demographic_display_prepend,
    JSON.stringify(c.demographics),
  );
}

export async function applyMembershipEvent(
  tx: RawSql,
  subject: string,
  event: TMembershipEvent,
): Promise<void> {
  const m = event.membership;
  await bumpListVersion(tx, event.tenantId, m.committee_id);
  if (isDelete(subject)) {
    await tx.$executeRawUnsafe(
      `DELETE FROM ${T('memberships')} WHERE tenant_id = $1::uuid AND id = $2::uuid`,
      event.tenantId,
      m.id,
    );
    return;
  }
  await tx.$executeRawUnsafe(
    `INSERT INTO ${T('memberships')}
       (tenant_id, id, committee_id, user_id, position, is_voting, demographic, appointment_status, updated_at)
     VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid, $5, $6, $7, $8, now())
     ON CONFLICT (tenant_id, id) DO UPDATE SET
       committee_id = EXCLUDED.committee_id, user_id = EXCLUDED.user_id, position = EXCLUDED.position,
       is_voting = EXCLUDED.is_voting, demographic = EXCLUDED.demographic,
       appointment_status = EXCLUDED.appointment_status, updated_at = now()`,
    event.tenantId,
    m.id,
    m.committee_id,
    m.user_id,
    m.position,
    m.is_voting,
    m.demographic,
    m.appointment_status,
  );
}

export async function applyUserEvent(tx: RawSql, event: TUserEvent): Promise<void> {
  const u = event.user;
  await bumpListVersion(tx, event.tenantId, USERS_SCOPE);
  await tx.$executeRawUnsafe(
    `INSERT INTO ${T('users')}
       (tenant_id, id, nrds, first_name, last_name, displayed_first_name, nickname, name, email, username,
        profile_display_url, updated_at)
     VALUES ($1::uuid, $2::uuid, $3, $4, $5, $6, $7, $8, $9, $10, $11, now())
     ON CONFLICT (tenant_id, id) DO UPDATE SET
       nrds = EXCLUDED.nrds, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
       displayed_first_name = EXCLUDED.displayed_first_name, nickname = EXCLUDED.nickname,
       name = EXCLUDED.name, email = EXCLUDED.email, username = EXCLUDED.username,
       profile_display_url = EXCLUDED.profile_display_url, updated_at = now()`,
    event.tenantId,
    u.id,
    u.nrds,
    u.first_name,
    u.last_name,
    u.displayed_first_name,
    u.nickname,
    u.name,
    u.email,
    u.username,
    u.profile_display_url,
  );
}

export async function applyVoteEvent(tx: RawSql, subject: string, event: TVotingVoteEvent): Promise<void> {
  const v = event.vote;
  if (isDelete(subject) || v.discarded) {
    await tx.$executeRawUnsafe(
      `DELETE FROM ${T('votes')} WHERE tenant_id = $1::uuid AND id = $2`,
      event.tenantId,
      v.id,
    );
    return;
  }
  await tx.$executeRawUnsafe(
    `INSERT INTO ${T('votes')} (tenant_id, id, meeting_id, started_at, ended_at, maximum_responses, updated_at)
     VALUES ($1::uuid, $2, $3, $4::timestamptz, $5::timestamptz, $6, now())
     ON CONFLICT (tenant_id, id) DO UPDATE SET
       meeting_id = EXCLUDED.meeting_id, started_at = EXCLUDED.started_at, ended_at = EXCLUDED.ended_at,
       maximum_responses = EXCLUDED.maximum_responses, updated_at = now()`,
    event.tenantId,
    v.id,
    v.meeting_id,
    v.started_at,
    v.ended_at,
    v.maximum_responses ?? 1,
  );
}

/**
 * Email votes: each event carries the vote as it now stands, so created and updated both upsert it; deleted
 * removes it. Only what the email-vote page's member list looks a vote code up by (its committee, code and
 * start); the lists themselves do not change with it, so no list version is bumped.
 */
export async function applyEmailVoteEvent(
  tx: RawSql,
  subject: string,
  event: TEmailVoteEvent,
): Promise<void> {
  const v = event.email_vote;
  if (isDelete(subject)) {
    await tx.$executeRawUnsafe(
      `DELETE FROM ${T('email_votes')} WHERE tenant_id = $1::uuid AND id = $2::uuid`,
      event.tenantId,
      v.id,
    );
    return;
  }
  await tx.$executeRawUnsafe(
    `INSERT INTO ${T('email_votes')} (tenant_id, id, committee_id, code, start, updated_at)
     VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5::timestamptz, now())
     ON CONFLICT (tenant_id, id) DO UPDATE SET
       committee_id = EXCLUDED.committee_id, code = EXCLUDED.code, start = EXCLUDED.start, updated_at = now()`,
    event.tenantId,
    v.id,
    v.committee_id,
    v.code,
    v.start,
  );
}

/**
 * The tenant's current year: the latest change by its set_at, so an older event arriving late (or again)
 * leaves a newer one be. A committee code without a year names that year's committee (committeeForCode).
 */
export async function applyCurrentYearEvent(tx: RawSql, event: TCurrentYearEvent): Promise<void> {
  await tx.$executeRawUnsafe(
    `INSERT INTO ${T('current_years')} (tenant_id, year, set_at) VALUES ($1::uuid, $2, $3::timestamptz)
     ON CONFLICT (tenant_id) DO UPDATE SET year = EXCLUDED.year, set_at = EXCLUDED.set_at
     WHERE ${T('current_years')}.set_at <= EXCLUDED.set_at`,
    event.tenantId,
    event.year,
    event.set_at,
  );
}
