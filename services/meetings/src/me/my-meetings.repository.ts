import { isUuid } from '@gavel/service-kit';
import { Injectable } from '@nestjs/common';
import type { Db } from '../db/prisma.js';
import type { CommitteeRow, MeetingRow } from '../meetings/meeting.repository.js';

/** The user's own RSVP of one meeting. */
export interface OwnRsvp {
  meetingId: string;
  attending: boolean;
  attendingVia: string | null;
}

/**
 * The signed-in user's meetings for the member home, read with the same rules the meeting page's access
 * check uses (MeetingRepository.membershipOf and isParticipant): a membership counts unless declined; a
 * non-member takes part in a meeting through an RSVP or attendee row of it.
 */
@Injectable()
export class MyMeetingsRepository {
  /** Ids of the committees the user is a member of (appointment not declined). */
  async memberCommitteeIds(db: Db, tenantId: string, userId: string): Promise<string[]> {
    if (!isUuid(userId)) return [];
    const rows = await db.membershipCopy.findMany({
      where: { tenantId, userId, appointmentStatus: { not: 'Declined' } },
      select: { committeeId: true },
    });
    return [...new Set(rows.map((r) => r.committeeId))];
  }

  /**
   * The meetings the user has an RSVP or attendee row of, and their own RSVPs (every one of them: the
   * member home shows the user's RSVP of each listed meeting).
   */
  async participation(
    db: Db,
    tenantId: string,
    userId: string,
  ): Promise<{ meetingIds: string[]; rsvps: OwnRsvp[] }> {
    if (!isUuid(userId)) return { meetingIds: [], rsvps: [] };
    const [rsvps, attendees] = await Promise.all([
      db.rsvp.findMany({
        where: { tenantId, userId },
        select: { meetingId: true, attending: true, attendingVia: true },
      }),
      db.attendee.findMany({ where: { tenantId, userId }, select: { meetingId: true } }),
    ]);
    return { meetingIds: [...new Set([...rsvps, ...attendees].map((r) => r.meetingId))], rsvps };
  }

  /**
   * Meetings of these committees or with these ids that are in progress, or planned and ending at or
   * after `since` (the start of today in the association's time zone: a meeting over several days may be
   * started on any of them); soonest first.
   */
  upcoming(
    db: Db,
    tenantId: string,
    of: { committeeIds: string[]; meetingIds: string[] },
    since: Date,
  ): Promise<MeetingRow[]> {
    if (of.committeeIds.length === 0 && of.meetingIds.length === 0) return Promise.resolve([]);
    return db.meeting.findMany({
      where: {
        tenantId,
        AND: [
          { OR: [{ committeeId: { in: of.committeeIds } }, { id: { in: of.meetingIds } }] },
          { OR: [{ status: 'in_progress' }, { status: 'planned', end: { gte: since } }] },
        ],
      },
      orderBy: [{ start: 'asc' }, { id: 'asc' }],
    });
  }

  committees(db: Db, tenantId: string, ids: string[]): Promise<CommitteeRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.committeeCopy.findMany({ where: { tenantId, id: { in: ids } } });
  }
}
