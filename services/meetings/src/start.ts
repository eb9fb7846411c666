import { fileURLToPath } from 'node:url';
import {
  EVENT_FAMILIES,
  EVENTS,
  ZCommitteeEvent,
  ZCurrentYearEvent,
  ZEmailVoteEvent,
  ZMembershipEvent,
  ZUserEvent,
  ZVotingVoteEvent,
} from '@gavel/contracts';
import {
  directOutbox,
  loadConfig,
  type RawSql,
  RefreshHints,
  type RunningService,
  type StartServiceOptions,
  startService,
} from '@gavel/service-kit';
import { type TMeetingsSettings, ZMeetingsSettings } from './config.js';
import { MEETINGS_SCHEMA, PrismaClient, type Tx } from './db/prisma.js';
import { MeetingEvents } from './meetings/meeting.events.js';
import { dropUnendedMeetings, openMeetingChannels } from './meetings/open-meetings.js';
import { meetingsModule } from './meetings.module.js';
import {
  applyCommitteeEvent,
  applyCurrentYearEvent,
  applyEmailVoteEvent,
  applyMembershipEvent,
  applyUserEvent,
  applyVoteEvent,
} from './read-models/read-model.writer.js';
import type { VideoProviders } from './video/join.service.js';

/** The SQL migrations, beside src/ and dist/ alike. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

/** Durable consumers (one wildcard subject each: nats-server 2.9), all from the start of the stream. */
export const CONSUMERS = {
  committees: { durable: 'meetings-committees', subject: EVENT_FAMILIES.committees },
  memberships: { durable: 'meetings-memberships', subject: EVENT_FAMILIES.memberships },
  currentYear: { durable: 'meetings-current-year', subject: EVENT_FAMILIES.currentYear },
  users: { durable: 'meetings-identity-users', subject: EVENT_FAMILIES.users },
  votes: { durable: 'meetings-voting-votes', subject: EVENT_FAMILIES.votes },
  emailVotes: { durable: 'meetings-email-votes', subject: EVENT_FAMILIES.emailVotes },
} as const;

/** What the kit needs to run this service (name = NATS queue group = Postgres schema). */
export function meetingsService(
  env?: Record<string, string | undefined>,
  opts: { videoProviders?: VideoProviders } = {},
): StartServiceOptions<PrismaClient> {
  const settings: TMeetingsSettings = loadConfig(ZMeetingsSettings, env);
  return {
    name: MEETINGS_SCHEMA,
    module: meetingsModule(settings, opts.videoProviders),
    PrismaClient,
    migrationsDir: MIGRATIONS_DIR,
    env,
    onStart: async (runtime) => {
      const c = CONSUMERS;
      // Live meeting pages refetch what a committee change alters (they otherwise only poll now and then).
      const hints = new RefreshHints({ js: runtime.js, prefix: runtime.prefix, logger: runtime.logger });
      const hintOpenMeetings = async (
        tx: RawSql,
        tenantId: string,
        committeeId: string,
        target: 'all' | 'attendance',
      ) => hints.request(tenantId, await openMeetingChannels(tx, tenantId, committeeId), target);
      const meetingEvents = new MeetingEvents(directOutbox(MEETINGS_SCHEMA));
      await runtime.consume(c.committees.durable, [c.committees.subject], ZCommitteeEvent, async (e, tx) => {
        await applyCommitteeEvent(tx, e.subject, e.payload);
        if (e.subject === EVENTS.committees.committeeDeleted)
          // The kit runs each event in an interactive transaction of this service's Prisma client.
          await dropUnendedMeetings(tx as Tx, meetingEvents, e.payload.tenantId, e.payload.committee.id);
        await hintOpenMeetings(tx, e.payload.tenantId, e.payload.committee.id, 'all');
      });
      await runtime.consume(
        c.memberships.durable,
        [c.memberships.subject],
        ZMembershipEvent,
        async (e, tx) => {
          await applyMembershipEvent(tx, e.subject, e.payload);
          await hintOpenMeetings(tx, e.payload.tenantId, e.payload.membership.committee_id, 'attendance');
        },
      );
      // A committee code without a year names the current year's committee, as committees resolves it.
      await runtime.consume(c.currentYear.durable, [c.currentYear.subject], ZCurrentYearEvent, (e, tx) =>
        applyCurrentYearEvent(tx, e.payload),
      );
      await runtime.consume(c.users.durable, [c.users.subject], ZUserEvent, (e, tx) =>
        applyUserEvent(tx, e.payload),
      );
      await runtime.consume(c.votes.durable, [c.votes.subject], ZVotingVoteEvent, (e, tx) =>
        applyVoteEvent(tx, e.subject, e.payload),
      );
      // The email-vote page's member list resolves its vote code here (404 when voting has no such vote).
      await runtime.consume(c.emailVotes.durable, [c.emailVotes.subject], ZEmailVoteEvent, (e, tx) =>
        applyEmailVoteEvent(tx, e.subject, e.payload),
      );
    },
  };
}

export type RunningMeetings = RunningService<PrismaClient>;

/**
 * Starts the meetings service in this process (tests, the local launcher). `env` defaults to the process
 * environment; signal handlers are only installed when asked for.
 */
export function startMeetings(
  env?: Record<string, string | undefined>,
  opts: { handleSignals?: boolean; videoProviders?: VideoProviders } = {},
): Promise<RunningMeetings> {
  return startService({
    ...meetingsService(env, { videoProviders: opts.videoProviders }),
    handleSignals: opts.handleSignals ?? false,
  });
}
