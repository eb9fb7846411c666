import { lockRow, sameCode } from '@gavel/service-kit';
import { Injectable } from '@nestjs/common';
import type { Db } from '../db/prisma.js';
import type { CommitteeRm, EmailVote, MeetingRm } from '../generated/prisma/client.js';
import type { MemberRow } from '../votes/electorate.js';

export type CommitteeRow = CommitteeRm;
export type MeetingRow = MeetingRm;
export type EmailVoteRow = EmailVote;

/** Reads committees, meetings (read models) and email votes by their codes; locks a scope for a change. */
@Injectable()
export class ScopeRepository {
  /** Committees of the tenant with this code in every year, newest year first (term-based last). */
  committeesByCode(db: Db, tenantId: string, code: string): Promise<CommitteeRow[]> {
    return db.committeeRm.findMany({
      where: { tenantId, code: sameCode(code), deleted: false },
      orderBy: { year: { sort: 'desc', nulls: 'last' } },
    });
  }

  /** The tenant's current year as committees last announced it; null until it has. */
  async currentYear(db: Db, tenantId: string): Promise<number | null> {
    const row = await db.currentYearRm.findUnique({ where: { tenantId }, select: { year: true } });
    return row?.year ?? null;
  }

  committee(db: Db, tenantId: string, id: string): Promise<CommitteeRow | null> {
    return db.committeeRm.findUnique({ where: { tenantId_id: { tenantId, id } } });
  }

  /**
   * The meeting `code` of the first of these committees (newest year first) that has one: the meeting the
   * meetings service resolves the same address to, even where two years' committees share both codes.
   */
  async meetingByCode(
    db: Db,
    tenantId: string,
    committeeIds: string[],
    code: string,
  ): Promise<MeetingRow | null> {
    const rows = await db.meetingRm.findMany({
      where: { tenantId, committeeId: { in: committeeIds }, code: sameCode(code), deleted: false },
    });
    for (const committeeId of committeeIds) {
      const meeting = rows.find((m) => m.committeeId === committeeId);
      if (meeting) return meeting;
    }
    return null;
  }

  emailVoteByCode(
    db: Db,
    tenantId: string,
    committeeIds: string[],
    code: string,
  ): Promise<EmailVoteRow | null> {
    // Ordered as the meetings service orders its copy, so both pick the same vote of a shared code.
    return db.emailVote.findFirst({
      where: { tenantId, committeeId: { in: committeeIds }, code: sameCode(code) },
      orderBy: [{ start: 'desc' }, { id: 'asc' }],
    });
  }

  /** Whether the user is a member of the committee (appointment not declined). */
  async isMember(db: Db, tenantId: string, committeeId: string, userId: string): Promise<boolean> {
    const found = await db.membershipRm.findFirst({
      where: { tenantId, committeeId, userId, deleted: false, appointmentStatus: { not: 'Declined' } },
      select: { id: true },
    });
    return found !== null;
  }

  /** Serialises changes of one meeting or email vote (two runners starting a vote at once: one wins). */
  async lock(
    db: Db,
    tenantId: string,
    scope: { meetingId: string | null; emailVoteId: string | null },
  ): Promise<void> {
    if (scope.meetingId) {
      await lockRow(db, '"voting".meetings', tenantId, scope.meetingId, 'UPDATE');
    } else if (scope.emailVoteId) {
      await lockRow(db, '"voting".email_votes', tenantId, scope.emailVoteId, 'UPDATE');
    }
  }

  /**
   * Members of a committee with their check-in state in a meeting (null: email vote, no check-in). Two
   * indexed reads joined here: one SQL join was planned as a nested loop while the tables' statistics
   * lagged a burst of check-ins (25 s for 10,000 members).
   */
  async members(
    db: Db,
    tenantId: string,
    committeeId: string,
    meetingId: string | null,
  ): Promise<MemberRow[]> {
    const members = await db.$queryRawUnsafe<Omit<MemberRow, 'checked_in'>[]>(
      `SELECT id::text, user_id::text, position, (is_voting AND appointment_status <> 'Declined') AS is_voting,
                demographic
         FROM "voting".memberships
         WHERE tenant_id = $1::uuid AND committee_id = $2::uuid AND NOT deleted`,
      tenantId,
      committeeId,
    );
    const checkedIn = meetingId
      ? await db.$queryRawUnsafe<{ membership_id: string }[]>(
          `SELECT membership_id::text FROM "voting".attendance
           WHERE tenant_id = $1::uuid AND meeting_id = $2::uuid AND checked_in`,
          tenantId,
          meetingId,
        )
      : [];
    const present = new Set(checkedIn.map((a) => a.membership_id));
    return members.map((m) => ({ ...m, checked_in: present.has(m.id) }));
  }
}
