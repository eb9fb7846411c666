import {
  EVENTS,
  meetingChannel,
  type TAttendanceEvent,
  type TRealtimeKind,
  ZAttendanceEvent,
  ZBroadcast,
  ZMeetingEvent,
} from '@gavel/contracts';
import { Outbox } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { Tx } from '../db/prisma.js';
import { toMeetingEvent } from './meeting.mapper.js';
import type { MeetingRow } from './meeting.repository.js';

type MeetingVerb = 'created' | 'updated' | 'started' | 'ended' | 'deleted';
const MEETING_SUBJECTS: Record<MeetingVerb, string> = {
  created: EVENTS.meetings.meetingCreated,
  updated: EVENTS.meetings.meetingUpdated,
  started: EVENTS.meetings.meetingStarted,
  ended: EVENTS.meetings.meetingEnded,
  deleted: EVENTS.meetings.meetingDeleted,
};

/** Domain events and realtime broadcasts of meetings, written in the change's transaction. */
@Injectable()
export class MeetingEvents {
  constructor(@Inject(Outbox) private readonly outbox: Outbox) {}

  meeting(tx: Tx, verb: MeetingVerb, tenantId: string, row: MeetingRow): Promise<string> {
    return this.outbox.emit(tx, MEETING_SUBJECTS[verb], ZMeetingEvent, toMeetingEvent(tenantId, row));
  }

  /** A meeting deleted: its event, and anyone still on its page reloads it (and finds it gone). */
  async deleted(tx: Tx, tenantId: string, row: MeetingRow): Promise<void> {
    await this.meeting(tx, 'deleted', tenantId, row);
    await this.broadcast(tx, tenantId, row.id, 'page.reload', { reason: 'meeting.deleted' });
  }

  attendance(tx: Tx, event: TAttendanceEvent): Promise<string> {
    const subject = event.attendee.checked_in
      ? EVENTS.meetings.attendanceUpdated
      : EVENTS.meetings.attendanceDeleted;
    return this.outbox.emit(tx, subject, ZAttendanceEvent, event);
  }

  /** Attendees checked out all at once (the meeting ended): one event each, written in one statement. */
  checkedOut(tx: Tx, events: readonly TAttendanceEvent[]): Promise<string[]> {
    return this.outbox.emitAll(tx, EVENTS.meetings.attendanceDeleted, ZAttendanceEvent, events);
  }

  /** A realtime message on the meeting's channel; `staffPayload` replaces `payload` for staff. */
  broadcast(
    tx: Tx,
    tenantId: string,
    meetingId: string,
    kind: TRealtimeKind,
    payload: unknown,
    staffPayload?: unknown,
  ): Promise<string> {
    return this.outbox.emit(tx, EVENTS.realtime.broadcast, ZBroadcast, {
      tenantId,
      channel: meetingChannel(meetingId),
      kind,
      payload,
      ...(staffPayload === undefined ? {} : { staff_payload: staffPayload }),
    });
  }
}
