import type {
  TAttendanceEvent,
  TCommitteeEvent,
  TCurrentYearEvent,
  TMeetingEvent,
  TMembershipEvent,
} from '@gavel/contracts';
import type { RawSql } from '@gavel/service-kit';

/**
 * The read models other services' events keep (committees, memberships, the current year, meetings,
 * check-ins), and the electorate of each open vote derived from them. Raw SQL: these run inside the
 * consumers' transactions.
 */
const S = '"voting"';

/** SQL: does membership `m` pass vote `v`'s demographic filter (a null entry means 'No Value')? */
export const FILTER_MATCH_SQL = `(v.motion_filter IS NULL OR jsonb_array_length(v.motion_filter) = 0
  OR (NULLIF(m.demographic, '') IS NULL AND v.motion_filter @> '[null]'::jsonb)
  OR (NULLIF(m.demographic, '') IS NOT NULL AND v.motion_filter @> jsonb_build_array(m.demographic)))`;

/** SQL: `m` is a voting member (a declined appointment does not vote). */
export const VOTING_MEMBER_SQL = `(m.is_voting AND NOT m.deleted AND m.appointment_status <> 'Declined')`;

export async function upsertCommittee(tx: RawSql, subject: string, e: TCommitteeEvent): Promise<void> {
  const c = e.committee;
  await tx.$executeRawUnsafe(
    `INSERT INTO ${S}.committees (tenant_id, id, code, name, year, quorum, two_thirds_vote, chair_position,
       vchair_position, voting_rights, has_demographic, demographic_name, demographic_is_displayed,
       demographic_motion_filterable, demographic_display_prepend, demographics, deleted, updated_at)
     VALUES ($1::uuid, $2::uuid, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, $14, $15, $16::text[], $17, now())
     ON CONFLICT (tenant_id, id) DO UPDATE SET code = EXCLUDED.code, name = EXCLUDED.name, year = EXCLUDED.year,
       quorum = EXCLUDED.quorum, two_thirds_vote = EXCLUDED.two_thirds_vote, chair_position = EXCLUDED.chair_position,
       vchair_position = EXCLUDED.vchair_position, voting_rights = EXCLUDED.voting_rights,
       has_demographic = EXCLUDED.has_demographic, demographic_name = EXCLUDED.demographic_name,
       demographic_is_displayed = EXCLUDED.demographic_is_displayed,
       demographic_motion_filterable = EXCLUDED.demographic_motion_filterable,
       demographic_display_prepend = EXCLUDED.demographic_display_prepend,
       demographics = EXCLUDED.demographics, deleted = EXCLUDED.deleted, updated_at = now()`,
    e.tenantId,
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
    c.demographics,
    subject.endsWith('.deleted'),
  );
  // Voting rights are per position: recompute the members' is_voting from them.
  await tx.$executeRawUnsafe(
    `UPDATE ${S}.memberships m SET is_voting = EXISTS (
       SELECT 1 FROM jsonb_array_elements(c.voting_rights) r
       WHERE r->>'position' = m.position AND (r->>'is_voting')::boolean)
     FROM ${S}.committees c
     WHERE c.tenant_id = $1::uuid AND c.id = $2::uuid AND m.tenant_id = c.tenant_id AND m.committee_id = c.id`,
    e.tenantId,
    c.id,
  );
  await refreshElectorate(tx, e.tenantId, { committeeId: c.id });
}

export async function upsertMembership(tx: RawSql, subject: string, e: TMembershipEvent): Promise<void> {
  const m = e.membership;
  await tx.$executeRawUnsafe(
    `INSERT INTO ${S}.memberships (tenant_id, id, committee_id, user_id, position, is_voting, demographic,
       appointment_status, deleted, updated_at)
     VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid, $5, $6, $7, $8, $9, now())
     ON CONFLICT (tenant_id, id) DO UPDATE SET committee_id = EXCLUDED.committee_id, user_id = EXCLUDED.user_id,
       position = EXCLUDED.position, is_voting = EXCLUDED.is_voting, demographic = EXCLUDED.demographic,
       appointment_status = EXCLUDED.appointment_status, deleted = EXCLUDED.deleted, updated_at = now()`,
    e.tenantId,
    m.id,
    m.committee_id,
    m.user_id,
    m.position,
    m.is_voting,
    m.demographic,
    m.appointment_status,
    subject.endsWith('.deleted'),
  );
  await refreshElectorate(tx, e.tenantId, { committeeId: m.committee_id, membershipId: m.id });
}

export async function upsertMeeting(tx: RawSql, subject: string, e: TMeetingEvent): Promise<void> {
  const m = e.meeting;
  await tx.$executeRawUnsafe(
    `INSERT INTO ${S}.meetings (tenant_id, id, committee_id, code, name, status, start, "end", in_meeting_voting,
       show_motions, visibility, deleted, updated_at)
     VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5, $6, $7::timestamptz, $8::timestamptz, $9, $10, $11, $12, now())
     ON CONFLICT (tenant_id, id) DO UPDATE SET committee_id = EXCLUDED.committee_id, code = EXCLUDED.code,
       name = EXCLUDED.name, status = EXCLUDED.status, start = EXCLUDED.start, "end" = EXCLUDED."end",
       in_meeting_voting = EXCLUDED.in_meeting_voting, show_motions = EXCLUDED.show_motions,
       visibility = EXCLUDED.visibility, deleted = EXCLUDED.deleted, updated_at = now()`,
    e.tenantId,
    m.id,
    m.committee_id,
    m.code,
    m.name,
    m.status,
    m.start,
    m.end,
    m.in_meeting_voting,
    m.show_motions,
    m.visibility,
    subject.endsWith('.deleted'),
  );
}

/**
 * The tenant's current year: the latest change by its set_at, so an older event arriving late (or again)
 * leaves a newer one be. A committee code without a year names that year's committee (committeeForCode).
 */
export async function upsertCurrentYear(tx: RawSql, e: TCurrentYearEvent): Promise<void> {
  await tx.$executeRawUnsafe(
    `INSERT INTO ${S}.current_years (tenant_id, year, set_at) VALUES ($1::uuid, $2, $3::timestamptz)
     ON CONFLICT (tenant_id) DO UPDATE SET year = EXCLUDED.year, set_at = EXCLUDED.set_at
     WHERE ${S}.current_years.set_at <= EXCLUDED.set_at`,
    e.tenantId,
    e.year,
    e.set_at,
  );
}

/** A check-in change; an older version than the one held (by `at`) is ignored. */
export async function upsertAttendance(tx: RawSql, subject: string, e: TAttendanceEvent): Promise<void> {
  const a = e.attendee;
  if (!a.membership_id) return; // non-committee attendees never vote
  const checkedIn = subject.endsWith('.deleted') ? false : a.checked_in;
  const changed = await tx.$executeRawUnsafe(
    `INSERT INTO ${S}.attendance (tenant_id, meeting_id, membership_id, checked_in, at)
     VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5::timestamptz)
     ON CONFLICT (tenant_id, meeting_id, membership_id) DO UPDATE SET checked_in = EXCLUDED.checked_in, at = EXCLUDED.at
     WHERE ${S}.attendance.at <= EXCLUDED.at`,
    e.tenantId,
    e.meeting_id,
    a.membership_id,
    checkedIn,
    a.at,
  );
  if (changed > 0) {
    await refreshElectorate(tx, e.tenantId, { meetingId: e.meeting_id, membershipId: a.membership_id });
  }
}

/**
 * (Re)computes the electorate of votes that are not over yet: every member of the vote's committee with
 * `eligible` = voting member, in the motion filter and (meeting votes) checked in. Narrowed to one vote,
 * one committee, one meeting and/or one membership.
 */
export async function refreshElectorate(
  tx: RawSql,
  tenantId: string,
  where: { voteId?: string; committeeId?: string; meetingId?: string; membershipId?: string },
): Promise<number> {
  const conditions = ['v.tenant_id = $1::uuid', 'v.discarded_at IS NULL'];
  const values: unknown[] = [tenantId];
  if (where.voteId) {
    values.push(where.voteId);
    conditions.push(`v.id = $${values.length}::uuid`);
  } else {
    conditions.push('v.ended_at > now()');
  }
  if (where.committeeId) {
    values.push(where.committeeId);
    conditions.push(`v.committee_id = $${values.length}::uuid`);
  }
  if (where.meetingId) {
    values.push(where.meetingId);
    conditions.push(`v.meeting_id = $${values.length}::uuid`);
  }
  if (where.membershipId) {
    values.push(where.membershipId);
    conditions.push(`m.id = $${values.length}::uuid`);
  }
  return tx.$executeRawUnsafe(
    `INSERT INTO ${S}.electorate (tenant_id, vote_id, membership_id, user_id, eligible)
     SELECT v.tenant_id, v.id, m.id, m.user_id,
       ${VOTING_MEMBER_SQL} AND ${FILTER_MATCH_SQL}
         AND (NOT v.require_check_in OR COALESCE((
           -- A lookup by the whole primary key per member, whatever the statistics say: a join here was
           -- planned as a nested loop over the meeting's check-ins while statistics lagged a burst.
           SELECT a.checked_in FROM ${S}.attendance a
           WHERE a.tenant_id = v.tenant_id AND a.meeting_id = v.meeting_id AND a.membership_id = m.id
         ), false))
     FROM ${S}.votes v
     JOIN ${S}.memberships m ON m.tenant_id = v.tenant_id AND m.committee_id = v.committee_id
     WHERE ${conditions.join(' AND ')}
     ON CONFLICT (tenant_id, vote_id, membership_id)
     DO UPDATE SET eligible = EXCLUDED.eligible, user_id = EXCLUDED.user_id
     WHERE ${S}.electorate.eligible IS DISTINCT FROM EXCLUDED.eligible OR ${S}.electorate.user_id <> EXCLUDED.user_id`,
    ...values,
  );
}
