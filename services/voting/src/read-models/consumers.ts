import {
  EVENT_FAMILIES,
  EVENTS,
  voteChannel,
  ZAttendanceEvent,
  ZCommitteeEvent,
  ZCurrentYearEvent,
  ZMeetingEvent,
  ZMembershipEvent,
} from '@gavel/contracts';
import { type RawSql, RefreshHints, type ServiceRuntime } from '@gavel/service-kit';
import type { Tx } from '../db/prisma.js';
import type { EmailVoteService } from '../email-votes/email-vote.service.js';
import type { VoteService } from '../votes/vote.service.js';
import {
  upsertAttendance,
  upsertCommittee,
  upsertCurrentYear,
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
  committees: { durable: 'voting-committees-v2', subject: EVENT_FAMILIES.committees },
  memberships: { durable: 'voting-memberships', subject: EVENT_FAMILIES.memberships },
  currentYear: { durable: 'voting-current-year', subject: EVENT_FAMILIES.currentYear },
  meetings: { durable: 'voting-meetings', subject: EVENT_FAMILIES.meetings },
  attendance: { durable: 'voting-attendance', subject: EVENT_FAMILIES.attendance },
} as const;

/** The channels of a committee's email votes that have not ended: their pages may be open. */
async function openEmailVoteChannels(tx: RawSql, tenantId: string, committeeId: string): Promise<string[]> {
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
    `SELECT id::text AS id FROM "voting".email_votes
     WHERE tenant_id = $1::uuid AND committee_id = $2::uuid AND "end" > now()`,
    tenantId,
    committeeId,
  );
  return rows.map((r) => voteChannel(r.id));
}

export async function startReadModelConsumers(
  runtime: ServiceRuntime,
  votes: VoteService,
  emailVotes: EmailVoteService,
): Promise<void> {
  const c = CONSUMERS;
  // An email vote's page shows the committee's voting members and their progress: refetched when they change.
  const hints = new RefreshHints({ js: runtime.js, prefix: runtime.prefix, logger: runtime.logger });
  const hintOpenEmailVotes = async (tx: RawSql, tenantId: string, committeeId: string) =>
    hints.request(tenantId, await openEmailVoteChannels(tx, tenantId, committeeId), 'all');
  await runtime.consume(c.committees.durable, [c.committees.subject], ZCommitteeEvent, async (e, tx) => {
    await upsertCommittee(tx, e.subject, e.payload);
    if (e.subject === EVENTS.committees.committeeDeleted)
      await emailVotes.dropForDeletedCommittee(
        tx as unknown as Tx,
        e.payload.tenantId,
        e.payload.committee.id,
      );
    await hintOpenEmailVotes(tx, e.payload.tenantId, e.payload.committee.id);
  });
  await runtime.consume(c.memberships.durable, [c.memberships.subject], ZMembershipEvent, async (e, tx) => {
    await upsertMembership(tx, e.subject, e.payload);
    await hintOpenEmailVotes(tx, e.payload.tenantId, e.payload.membership.committee_id);
  });
  // A committee code without a year names the current year's committee, as committees resolves it.
  await runtime.consume(c.currentYear.durable, [c.currentYear.subject], ZCurrentYearEvent, (e, tx) =>
    upsertCurrentYear(tx, e.payload),
  );
  await runtime.consume(c.meetings.durable, [c.meetings.subject], ZMeetingEvent, async (e, tx) => {
    await upsertMeeting(tx, e.subject, e.payload);
    // The consumer's transaction is the service's own Prisma transaction.
    if (e.payload.meeting.status === 'ended')
      await votes.closeForEndedMeeting(tx as unknown as Tx, e.payload.tenantId, e.payload.meeting.id);
  });
  // Check-ins carry their time and an older one never overwrites a newer one, so the hall's thousands of
  // check-ins need not wait in one line: replicas take them in parallel.
  await runtime.consume(
    c.attendance.durable,
    [c.attendance.subject],
    ZAttendanceEvent,
    (e, tx) => upsertAttendance(tx, e.subject, e.payload),
    { ordered: false },
  );
}
