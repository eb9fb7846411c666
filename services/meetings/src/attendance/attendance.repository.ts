import { isUuid } from '@gavel/service-kit';
import { Injectable } from '@nestjs/common';
import type { Db } from '../db/prisma.js';
import type { Attendee, CheckIn, Rsvp } from '../generated/prisma/client.js';

export type AttendeeRow = Attendee & { checkIns: CheckIn[] };
export type RsvpRow = Rsvp;

/** Who the attendee row or RSVP belongs to. */
export interface AttendeeIdentity {
  attendeeType: 'membership' | 'user';
  attendeeId: string;
  userId: string;
  membershipId: string | null;
}

const withCheckIns = { checkIns: { orderBy: { createdAt: 'asc' as const } } };

/** RSVPs, attendee rows and their check-in ranges. */
@Injectable()
export class AttendanceRepository {
  attendees(db: Db, tenantId: string, meetingId: string): Promise<AttendeeRow[]> {
    return db.attendee.findMany({ where: { tenantId, meetingId }, include: withCheckIns });
  }

  rsvps(db: Db, tenantId: string, meetingId: string): Promise<RsvpRow[]> {
    return db.rsvp.findMany({ where: { tenantId, meetingId } });
  }

  /** Null for an id that is not a uuid: no such user, rather than a query Postgres refuses. */
  attendee(db: Db, tenantId: string, meetingId: string, userId: string): Promise<AttendeeRow | null> {
    if (!isUuid(userId)) return Promise.resolve(null);
    return db.attendee.findUnique({
      where: { tenantId_meetingId_userId: { tenantId, meetingId, userId } },
      include: withCheckIns,
    });
  }

  /** The attendee row of a committee member, by membership. */
  attendeeOfMembership(db: Db, tenantId: string, meetingId: string, membershipId: string) {
    return db.attendee.findFirst({ where: { tenantId, meetingId, membershipId }, include: withCheckIns });
  }

  rsvp(db: Db, tenantId: string, meetingId: string, userId: string): Promise<RsvpRow | null> {
    if (!isUuid(userId)) return Promise.resolve(null);
    return db.rsvp.findUnique({ where: { tenantId_meetingId_userId: { tenantId, meetingId, userId } } });
  }

  /**
   * The attendee row of a user, created (not checked in: deleted_at set) when missing, and locked for the
   * rest of the transaction so concurrent check-ins of one person apply one after the other. A row that
   * names the user otherwise than `who` (a guest appointed to the committee since) is brought up to date:
   * `reidentified` says so, as its check-in then counts for a membership it did not before.
   */
  async lockAttendee(
    db: Db,
    tenantId: string,
    meetingId: string,
    who: AttendeeIdentity,
  ): Promise<{ row: AttendeeRow; created: boolean; reidentified: boolean }> {
    const changed = await db.$queryRawUnsafe<{ created: boolean }[]>(
      `INSERT INTO "meetings".attendees AS a
         (tenant_id, meeting_id, attendee_type, attendee_id, user_id, membership_id, deleted_at)
       VALUES ($1::uuid, $2::uuid, $3, $4::uuid, $5::uuid, $6::uuid, now())
       ON CONFLICT (tenant_id, meeting_id, user_id) DO UPDATE SET attendee_type = EXCLUDED.attendee_type,
         attendee_id = EXCLUDED.attendee_id, membership_id = EXCLUDED.membership_id, updated_at = now()
       WHERE (a.attendee_type, a.attendee_id, a.membership_id)
         IS DISTINCT FROM (EXCLUDED.attendee_type, EXCLUDED.attendee_id, EXCLUDED.membership_id)
       RETURNING (xmax = 0) AS created`,
      tenantId,
      meetingId,
      who.attendeeType,
      who.attendeeId,
      who.userId,
      who.membershipId,
    );
    await db.$executeRawUnsafe(
      `SELECT 1 FROM "meetings".attendees WHERE tenant_id = $1::uuid AND meeting_id = $2::uuid AND user_id = $3::uuid FOR UPDATE`,
      tenantId,
      meetingId,
      who.userId,
    );
    const row = await this.attendee(db, tenantId, meetingId, who.userId);
    if (!row) throw new Error('attendee row vanished');
    const created = changed[0]?.created === true;
    return { row, created, reidentified: changed.length > 0 && !created };
  }

  async lockExisting(db: Db, tenantId: string, meetingId: string, userId: string) {
    await db.$executeRawUnsafe(
      `SELECT 1 FROM "meetings".attendees WHERE tenant_id = $1::uuid AND meeting_id = $2::uuid AND user_id = $3::uuid FOR UPDATE`,
      tenantId,
      meetingId,
      userId,
    );
    return this.attendee(db, tenantId, meetingId, userId);
  }

  /** Opens a check-in range and marks the attendee present. */
  async checkIn(db: Db, tenantId: string, attendee: AttendeeRow, via: string | null, at: Date) {
    await db.checkIn.create({ data: { tenantId, attendeeId: attendee.id, createdAt: at } });
    await db.attendee.update({
      where: { tenantId_id: { tenantId, id: attendee.id } },
      data: { attendingVia: via, deletedAt: null, updatedAt: at },
    });
  }

  async switchVia(db: Db, tenantId: string, attendee: AttendeeRow, via: string | null, at: Date) {
    await db.attendee.update({
      where: { tenantId_id: { tenantId, id: attendee.id } },
      data: { attendingVia: via, updatedAt: at },
    });
  }

  /** Closes the open check-in range and marks the attendee removed. */
  async checkOut(db: Db, tenantId: string, attendee: AttendeeRow, at: Date) {
    await db.checkIn.updateMany({
      where: { tenantId, attendeeId: attendee.id, deletedAt: null },
      data: { deletedAt: at },
    });
    await db.attendee.update({
      where: { tenantId_id: { tenantId, id: attendee.id } },
      data: { deletedAt: at, updatedAt: at },
    });
  }

  /**
   * Closes every open check-in range of a meeting (it ended) and answers the attendees concerned, as they
   * are now; they stay present in the record (deleted_at unset).
   */
  async closeAllCheckIns(db: Db, tenantId: string, meetingId: string, at: Date): Promise<AttendeeRow[]> {
    // Two indexed steps, never a join of attendees and check-ins: while the tables' statistics lagged a
    // hall's check-ins, such a join was planned as a nested loop (24 s for 10,000, past the time limit).
    const attendees = await db.attendee.findMany({ where: { tenantId, meetingId }, select: { id: true } });
    if (!attendees.length) return [];
    const closed = await db.checkIn.updateManyAndReturn({
      where: { tenantId, attendeeId: { in: attendees.map((a) => a.id) }, deletedAt: null },
      data: { deletedAt: at },
      select: { attendeeId: true },
    });
    if (!closed.length) return [];
    const ids = closed.map((c) => c.attendeeId);
    await db.attendee.updateMany({ where: { tenantId, id: { in: ids } }, data: { updatedAt: at } });
    return db.attendee.findMany({ where: { tenantId, id: { in: ids } }, include: withCheckIns });
  }

  /** Removes every attendee and check-in of a meeting (the demo seed's reset to planned). */
  async clearAttendance(db: Db, tenantId: string, meetingId: string): Promise<void> {
    await db.attendee.deleteMany({ where: { tenantId, meetingId } });
  }

  upsertRsvp(
    db: Db,
    tenantId: string,
    meetingId: string,
    who: AttendeeIdentity,
    attending: boolean,
    via: string | null,
  ): Promise<RsvpRow> {
    const data = {
      attendeeType: who.attendeeType,
      attendeeId: who.attendeeId,
      attending,
      attendingVia: via,
    };
    return db.rsvp.upsert({
      where: { tenantId_meetingId_userId: { tenantId, meetingId, userId: who.userId } },
      create: { tenantId, meetingId, userId: who.userId, ...data },
      update: data,
    });
  }

  async deleteRsvp(db: Db, tenantId: string, id: string): Promise<void> {
    await db.rsvp.deleteMany({ where: { tenantId, id } });
  }
}
