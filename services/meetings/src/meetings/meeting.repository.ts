import { isUuid, lockKey, lockRow, sameCode } from '@gavel/service-kit';
import { Injectable } from '@nestjs/common';
import { type Db, MEETINGS_SCHEMA } from '../db/prisma.js';
import type {
  CommitteeCopy,
  EmailVoteCopy,
  Meeting,
  MembershipCopy,
  Prisma,
  UserCopy,
  VoteCopy,
} from '../generated/prisma/client.js';

export type MeetingRow = Meeting;
export type CommitteeRow = CommitteeCopy;
export type MembershipRow = MembershipCopy;
export type UserRow = UserCopy;
export type VoteRow = VoteCopy;
export type EmailVoteRow = EmailVoteCopy;
export type MeetingData = Omit<
  Prisma.MeetingUncheckedCreateInput,
  'id' | 'tenantId' | 'committeeId' | 'createdAt' | 'updatedAt'
>;

/** RSVP tallies of one meeting, for the counts on the Meeting entity. */
export interface RsvpTally {
  meetingId: string;
  attending: boolean;
  attendingVia: string | null;
}

/** Meetings, and the read models they are looked up through (committees by code, memberships, users). */
@Injectable()
export class MeetingRepository {
  /** Committees with this code in every year, the most recent year first, term-based after dated ones. */
  async committeesByCode(db: Db, tenantId: string, code: string): Promise<CommitteeRow[]> {
    const rows = await db.committeeCopy.findMany({ where: { tenantId, code: sameCode(code) } });
    return rows.sort((a, b) => (b.year ?? -1) - (a.year ?? -1));
  }

  /** The tenant's current year as committees last announced it; null until it has. */
  async currentYear(db: Db, tenantId: string): Promise<number | null> {
    const row = await db.currentYearCopy.findUnique({ where: { tenantId }, select: { year: true } });
    return row?.year ?? null;
  }

  /**
   * Holds the committee's copy (FOR KEY SHARE) until commit, so the copy's deletion (committee.deleted,
   * which then takes the committee's meetings that have not ended) waits for a meeting created meanwhile.
   * False when the committee is gone.
   */
  holdCommittee(db: Db, tenantId: string, committeeId: string): Promise<boolean> {
    return lockRow(db, `"${MEETINGS_SCHEMA}".committees`, tenantId, committeeId, 'KEY SHARE');
  }

  committee(db: Db, tenantId: string, id: string): Promise<CommitteeRow | null> {
    return db.committeeCopy.findUnique({ where: { tenantId_id: { tenantId, id } } });
  }

  /** The meeting `meetingCode` of the most recent committee coded `committeeCode` that has one. */
  async findByCodes(
    db: Db,
    tenantId: string,
    committeeCode: string,
    meetingCode: string,
  ): Promise<{ meeting: MeetingRow; committee: CommitteeRow } | null> {
    const committees = await this.committeesByCode(db, tenantId, committeeCode);
    if (!committees.length) return null;
    const meetings = await db.meeting.findMany({
      where: {
        tenantId,
        committeeId: { in: committees.map((c) => c.id) },
        code: sameCode(meetingCode),
      },
    });
    for (const committee of committees) {
      const meeting = meetings.find((m) => m.committeeId === committee.id);
      if (meeting) return { meeting, committee };
    }
    return null;
  }

  /**
   * The email vote `code` of one of these committees (kept from voting's events), as the voting service
   * resolves a vote code: the newest window first.
   */
  emailVoteByCode(
    db: Db,
    tenantId: string,
    committeeIds: string[],
    code: string,
  ): Promise<EmailVoteRow | null> {
    return db.emailVoteCopy.findFirst({
      where: { tenantId, committeeId: { in: committeeIds }, code: sameCode(code) },
      orderBy: [{ start: 'desc' }, { id: 'asc' }],
    });
  }

  byId(db: Db, tenantId: string, id: string): Promise<MeetingRow | null> {
    return db.meeting.findUnique({ where: { tenantId_id: { tenantId, id } } });
  }

  /** Locks the meeting row for the rest of the transaction (serialises phase changes). */
  async lock(db: Db, tenantId: string, id: string): Promise<MeetingRow | null> {
    await lockRow(db, '"meetings".meetings', tenantId, id, 'UPDATE');
    return this.byId(db, tenantId, id);
  }

  /**
   * Holds the meeting's phase for the rest of the transaction and answers the meeting as committed now: a
   * key-share lock, so start, end, edit and delete (which lock the row for update) wait for the RSVP or
   * check-in holding it, and it waits for them, while RSVPs and check-ins never wait for each other.
   */
  async holdPhase(db: Db, tenantId: string, id: string): Promise<MeetingRow | null> {
    await lockRow(db, '"meetings".meetings', tenantId, id, 'KEY SHARE');
    return this.byId(db, tenantId, id);
  }

  listByCommittee(db: Db, tenantId: string, committeeId: string): Promise<MeetingRow[]> {
    return db.meeting.findMany({ where: { tenantId, committeeId }, orderBy: [{ start: 'desc' }] });
  }

  /**
   * Meeting URLs name the committee by code alone, and a code names a committee in each year: a meeting
   * code is taken when any committee with the same code (any year) has a meeting with it. Inside the
   * writing transaction it locks the code until commit, so two creations racing for it cannot both pass.
   */
  async codeTaken(db: Db, tenantId: string, committeeCode: string, code: string, exceptId?: string) {
    await lockKey(db, `meeting-code:${tenantId}:${committeeCode.toLowerCase()}:${code.toLowerCase()}`);
    const committees = await this.committeesByCode(db, tenantId, committeeCode);
    return db.meeting
      .count({
        where: {
          tenantId,
          committeeId: { in: committees.map((c) => c.id) },
          code: sameCode(code),
          ...(exceptId ? { id: { not: exceptId } } : {}),
        },
      })
      .then((n) => n > 0);
  }

  create(db: Db, tenantId: string, committeeId: string, data: MeetingData): Promise<MeetingRow> {
    return db.meeting.create({ data: { ...data, tenantId, committeeId } });
  }

  update(db: Db, tenantId: string, id: string, data: Partial<MeetingData>): Promise<MeetingRow> {
    return db.meeting.update({ where: { tenantId_id: { tenantId, id } }, data });
  }

  /**
   * Stores a video conference the provider created for the meeting, unless the meeting got a video id
   * meanwhile (an admin's edit, or another caller's creation wins); answers the conference the meeting has
   * now (null when the meeting is gone).
   */
  async setCreatedVideo(
    db: Db,
    tenantId: string,
    id: string,
    zoomId: string,
    registrationUrl: string | null,
  ): Promise<{ zoomId: string | null; zoomRegistrationUrl: string | null } | null> {
    await db.meeting.updateMany({
      where: { tenantId, id, zoomId: null },
      data: { zoomId, zoomRegistrationUrl: registrationUrl },
    });
    return db.meeting.findUnique({
      where: { tenantId_id: { tenantId, id } },
      select: { zoomId: true, zoomRegistrationUrl: true },
    });
  }

  async delete(db: Db, tenantId: string, id: string): Promise<void> {
    await db.meeting.delete({ where: { tenantId_id: { tenantId, id } } });
  }

  rsvpTallies(db: Db, tenantId: string, meetingIds: string[]): Promise<RsvpTally[]> {
    return db.rsvp.findMany({
      where: { tenantId, meetingId: { in: meetingIds } },
      select: { meetingId: true, attending: true, attendingVia: true },
    });
  }

  /** The user's membership of the committee, unless declined. */
  membershipOf(db: Db, tenantId: string, committeeId: string, userId: string | null) {
    if (!isUuid(userId)) return Promise.resolve(null);
    return db.membershipCopy.findFirst({
      where: { tenantId, committeeId, userId, appointmentStatus: { not: 'Declined' } },
    });
  }

  /** The committee's members (appointments not declined). */
  members(db: Db, tenantId: string, committeeId: string): Promise<MembershipRow[]> {
    return db.membershipCopy.findMany({
      where: { tenantId, committeeId, appointmentStatus: { not: 'Declined' } },
    });
  }

  user(db: Db, tenantId: string, id: string): Promise<UserRow | null> {
    if (!isUuid(id)) return Promise.resolve(null);
    return db.userCopy.findUnique({ where: { tenantId_id: { tenantId, id } } });
  }

  users(db: Db, tenantId: string, ids: string[]): Promise<UserRow[]> {
    return db.userCopy.findMany({ where: { tenantId, id: { in: ids.filter(isUuid) } } });
  }

  /**
   * Whether the user was added to the meeting as a non-member: an RSVP or attendee row of theirs as a user.
   * A row kept from when they were a committee member does not count: removed or declined, they no longer
   * see a committee-only meeting.
   */
  async isParticipant(db: Db, tenantId: string, meetingId: string, userId: string | null): Promise<boolean> {
    if (!isUuid(userId)) return false;
    const asGuest = { tenantId, meetingId, userId, attendeeType: 'user' };
    const [rsvps, attendees] = await Promise.all([
      db.rsvp.count({ where: asGuest }),
      db.attendee.count({ where: asGuest }),
    ]);
    return rsvps + attendees > 0;
  }

  /** Votes of the meeting (from voting's events). */
  votes(db: Db, tenantId: string, meetingId: string): Promise<VoteRow[]> {
    return db.voteCopy.findMany({ where: { tenantId, meetingId } });
  }
}
