import {
  EVENTS,
  SUBJECTS,
  type TAttendanceEvent,
  type TRequestContext,
  ZAttendanceOfMeetingReply,
  ZAttendanceOfMemberReply,
} from '@gavel/contracts';
import { callService, ServiceRuntime } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
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
    const events = await this.applyAnswer(async () => {
      const input = { meeting_id: meetingId, membership_id: membershipId };
      const { event } = await this.ask(
        ctx,
        SUBJECTS.meetings.attendanceOfMember,
        input,
        ZAttendanceOfMemberReply,
      );
      return event ? [event] : [];
    });
    return events?.[0]?.attendee.checked_in ?? false;
  }

  /**
   * Brings the whole meeting's attendance up to what the meetings service holds now, before a vote start
   * is refused on attendance (quorum, chair, eligible voters). Whether it could be asked.
   */
  async meeting(ctx: TRequestContext, meetingId: string): Promise<boolean> {
    const events = await this.applyAnswer(async () => {
      const input = { meeting_id: meetingId };
      return (await this.ask(ctx, SUBJECTS.meetings.attendanceOfMeeting, input, ZAttendanceOfMeetingReply))
        .events;
    });
    return events !== null;
  }

  private ask<S extends z.ZodType>(ctx: TRequestContext, subject: string, input: object, schema: S) {
    return callService(this.runtime.nc, subject, ctx, input, schema, {
      prefix: this.runtime.prefix,
      timeoutMs: ASK_TIMEOUT_MS,
    });
  }

  /**
   * Applies the attendance the meetings service answers to the read model, version-guarded by each
   * attendee's update time (the events themselves, arriving later, change nothing). The events applied,
   * or null when it could not be asked.
   */
  private async applyAnswer(answer: () => Promise<TAttendanceEvent[]>): Promise<TAttendanceEvent[] | null> {
    try {
      const events = await answer();
      await this.db.transaction(async (tx) => {
        for (const event of events) await upsertAttendance(tx, EVENTS.meetings.attendanceUpdated, event);
      });
      return events;
    } catch (err) {
      this.runtime.logger.warn({ err }, 'asking the meetings service for attendance failed');
      return null;
    }
  }
}
