import { ZAttendanceEvent, ZCommitteeEvent, ZMeetingEvent, ZMembershipEvent } from '@gavel/contracts';
import type { ServiceRuntime } from '@gavel/service-kit';
import type { Tx } from '../db/prisma.js';
import type { VoteService } from '../votes/vote.service.js';
import {
  upsertAttendance,
  upsertCommittee,
  upsertMeeting,
  upsertMembership,
} from './read-model.repository.js';

/** Durable consumers (from the stream's beginning) that keep the read models; one wildcard subject each (nats 2.9). */
export const CONSUMERS = {
  /**
   * '-v2' since the read model keeps the demographic's name and display settings (migration
   * 20261123150000): a new durable name starts again from the beginning of the stream (it keeps 14 days) and
   * has no handled-event records yet (gavel_processed_events is keyed by this name), so an existing
   * deployment replays the retained committee events and fills the new columns. Events are upserts of the
   * whole committee, applied in stream order: the replay ends on each committee's latest state.
   */
  committees: { durable: 'voting-committees-v2', subject: 'evt.committees.committee.*' },
  memberships: { durable: 'voting-memberships', subject: 'evt.committees.membership.*' },
  meetings: { durable: 'voting-meetings', subject: 'evt.meetings.meeting.*' },
  attendance: { durable: 'voting-attendance', subject: 'evt.meetings.attendance.*' },
} as const;

export async function startReadModelConsumers(runtime: ServiceRuntime, votes: VoteService): Promise<void> {
  const c = CONSUMERS;
  await runtime.consume(c.committees.durable, [c.committees.subject], ZCommitteeEvent, (e, tx) =>
    upsertCommittee(tx, e.subject, e.payload),
  );
  await runtime.consume(c.memberships.durable, [c.memberships.subject], ZMembershipEvent, (e, tx) =>
    upsertMembership(tx, e.subject, e.payload),
  );
  await runtime.consume(c.meetings.durable, [c.meetings.subject], ZMeetingEvent, async (e, tx) => {
    await upsertMeeting(tx, e.subject, e.payload);
    // The consumer's transaction is the service's own Prisma transaction.
    if (e.payload.meeting.status === 'ended')
      await votes.closeForEndedMeeting(tx as unknown as Tx, e.payload.tenantId, e.payload.meeting.id);
  });
  await runtime.consume(c.attendance.durable, [c.attendance.subject], ZAttendanceEvent, (e, tx) =>
    upsertAttendance(tx, e.subject, e.payload),
  );
}
