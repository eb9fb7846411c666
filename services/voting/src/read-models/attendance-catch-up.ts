import {
  EVENTS,
  SUBJECTS,
  type TRequestContext,
  ZAttendanceOfMeetingReply,
  ZAttendanceOfMemberReply,
} from '@gavel/contracts';
import { callService, ServiceRuntime } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../db/database.js';
import { upsertAttendance } from './read-model.repository.js';

/** A refusal waits at most this long for the meetings service before it is given as it stands. */
const ASK_TIMEOUT_MS = 2_000;

/**
 * The read model learns of a check-in through an event, which under a hall's load can arrive a second
 * after the check-in itself. Before a cast is refused as not checked in, or a vote start on attendance,
 * the meetings service (which owns check-ins) is asked once, off the delegates' path, and what it answers
 * is applied as the events would be.
 */
@Injectable()
export class AttendanceCatchUp {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(ServiceRuntime) private readonly runtime: Pick<ServiceRuntime, 'nc' | 'prefix' | 'logger'>,
  ) {}

  /** Whether the meetings service holds the member checked in now; false when it cannot be asked. */
  async checkedIn(ctx: TRequestContext, meetingId: string, membershipId: string): Promise<boolean> {
    try {
      const { event } = await callService(
        this.runtime.nc,
        SUBJECTS.meetings.attendanceOfMember,
        ctx,
        { meeting_id: meetingId, membership_id: membershipId },
        ZAttendanceOfMemberReply,
        { prefix: this.runtime.prefix, timeoutMs: ASK_TIMEOUT_MS },
      );
      if (!event) return false;
      // Version-guarded (by the attendee's update time): the event itself, arriving later, changes nothing.
      await this.db.transaction((tx) => upsertAttendance(tx, EVENTS.meetings.attendanceUpdated, event));
      return event.attendee.checked_in;
    } catch (err) {
      this.runtime.logger.warn({ err }, 'asking the meetings service for a check-in failed');
      return false;
    }
  }

  /**
   * Brings the whole meeting's attendance up to what the meetings service holds now, before a vote start
   * is refused on attendance (quorum, chair, eligible voters). Whether it could be asked.
   */
  async meeting(ctx: TRequestContext, meetingId: string): Promise<boolean> {
    try {
      const { events } = await callService(
        this.runtime.nc,
        SUBJECTS.meetings.attendanceOfMeeting,
        ctx,
        { meeting_id: meetingId },
        ZAttendanceOfMeetingReply,
        { prefix: this.runtime.prefix, timeoutMs: ASK_TIMEOUT_MS },
      );
      await this.db.transaction(async (tx) => {
        for (const event of events) await upsertAttendance(tx, EVENTS.meetings.attendanceUpdated, event);
      });
      return true;
    } catch (err) {
      this.runtime.logger.warn({ err }, "asking the meetings service for a meeting's attendance failed");
      return false;
    }
  }
}
