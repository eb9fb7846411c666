import { DEFAULT_MEETING_TIME_ZONE } from '@gavel/contracts';
import {
  createLogger,
  DEMO_COMMITTEE_CODE,
  type DemoCommittee,
  dateKey,
  directOutbox,
  fetchDemoCommittee,
  loadConfig,
  type Outbox,
  runWhenMain,
  type ServiceRuntime,
  withMigratedPrisma,
  withNats,
} from '@gavel/service-kit';
import { ZVotingConfig } from './config.js';
import { Database } from './db/database.js';
import { PrismaClient, VOTING_SCHEMA } from './db/prisma.js';
import { EmailVoteRepository } from './email-votes/email-vote.repository.js';
import { EmailVoteService } from './email-votes/email-vote.service.js';
import { VotingEvents } from './events/voting.events.js';
import { MotionRepository } from './motions/motion.repository.js';
import { MotionService } from './motions/motion.service.js';
import { VotingStateLoader } from './motions/voting-state.js';
import { ScopeRepository } from './scope/scope.repository.js';
import { ScopeService } from './scope/scope.service.js';
import { VotingSettings } from './scope/voting-settings.js';
import { MIGRATIONS_DIR } from './start.js';
import { VoteRepository } from './votes/vote.repository.js';

/**
 * Demo motions and the demo email vote for `npm run up`: for committee FIN, three motions in meeting M1
 * (one with an amendment, one with custom responses and maximum responses 2, one filtered by
 * demographic) and an email vote EV1 open now for three days. Runs after identity, committees and
 * meetings (and the voting service, whose consumers fill the read models this reads). Idempotent: M1's
 * motions are created only when it has none; EV1 is created once and, on a later day, moved to now.
 */
export const DEMO_MEETING = 'M1';
export const DEMO_EMAIL_VOTE = 'EV1';
const THREE_DAYS_MS = 3 * 24 * 60 * 60 * 1000;

export interface SeedSummary {
  tenantId: string;
  meetingMotionsCreated: number;
  meetingFound: boolean;
  emailVote: 'created' | 'moved' | 'unchanged';
}

async function waitFor<T>(fn: () => Promise<T | null>, timeoutMs: number): Promise<T | null> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== null || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function seedDemo(
  prisma: PrismaClient,
  demo: Pick<DemoCommittee, 'tenantId' | 'admin'> & { committee: { id: string } },
  /** NATS for what the services ask others (the association's voting settings). */
  nats: Pick<ServiceRuntime, 'nc' | 'prefix'>,
  /** timeZone: the association's, whose calendar day decides whether EV1 is moved (as meetings moves M1). */
  opts: { outbox?: Outbox; now?: Date; waitMs?: number; timeZone?: string } = {},
): Promise<SeedSummary> {
  const now = opts.now ?? new Date();
  const timeZone = opts.timeZone ?? DEFAULT_MEETING_TIME_ZONE;
  const waitMs = opts.waitMs ?? 60_000;
  const db = new Database(prisma);
  const events = new VotingEvents(opts.outbox ?? directOutbox(VOTING_SCHEMA));
  const scopeRepo = new ScopeRepository();
  const scopes = new ScopeService(scopeRepo, nats);
  const settings = new VotingSettings(nats);
  const motionRepo = new MotionRepository();
  // Its only use of the runtime is the logger of analyze(), which seeding never calls.
  const voteRepo = new VoteRepository({ logger: createLogger('voting-seed') });
  const motions = new MotionService(
    db,
    scopes,
    scopeRepo,
    new VotingStateLoader(motionRepo, voteRepo),
    motionRepo,
    voteRepo,
    events,
    settings,
  );
  const emailVotes = new EmailVoteService(db, scopes, new EmailVoteRepository(), events, voteRepo);
  const { tenantId } = demo;
  const committeeId = demo.committee.id;
  const ctx = demo.admin;

  // The read models come from committees' and meetings' events, consumed by the running voting service.
  const committee = await waitFor(
    () => prisma.committeeRm.findUnique({ where: { tenantId_id: { tenantId, id: committeeId } } }),
    waitMs,
  );
  if (!committee)
    throw new Error(`committee ${DEMO_COMMITTEE_CODE} has not reached the voting service (is it running?)`);
  const meeting = await waitFor(
    () =>
      prisma.meetingRm.findFirst({ where: { tenantId, committeeId, code: DEMO_MEETING, deleted: false } }),
    waitMs,
  );

  let meetingMotionsCreated = 0;
  if (meeting) {
    const base = { committeeCode: committee.code, meetingCode: meeting.code };
    const existing = await prisma.motion.count({ where: { tenantId, meetingId: meeting.id } });
    if (existing === 0) {
      const form = { vote_type: 'simple_majority' as const };
      const budget = await motions.create(ctx, {
        ...base,
        ...form,
        name: 'Adopt the 2026 operating budget',
        body: '<p>That the committee adopts the 2026 operating budget as presented by the treasurer.</p>',
      });
      await motions.amend(ctx, {
        ...base,
        ...form,
        id: budget.motion.id,
        name: 'Raise the reserve fund to 10%',
        body: '<p>Amend the budget so that 10% of revenue goes to the reserve fund.</p>',
      });
      await motions.create(ctx, {
        ...base,
        name: 'Elect two delegates to the regional council',
        custom_responses_enabled: true,
        motion_responses: ['Alice Adams', 'Ben Brown', 'Chris Clark'],
        maximum_responses: 2,
        vote_type: 'multiple',
      });
      await motions.create(ctx, {
        ...base,
        ...form,
        name: 'Fund the North region outreach program',
        body: '<p>Only members of the North region vote on this motion.</p>',
        motion_filter: ['North'],
      });
      meetingMotionsCreated = 4;
    }
  }

  const window = { start: now.toISOString(), end: new Date(now.getTime() + THREE_DAYS_MS).toISOString() };
  const current = await prisma.emailVote.findFirst({
    where: { tenantId, committeeId, code: DEMO_EMAIL_VOTE },
  });
  let emailVote: SeedSummary['emailVote'] = 'unchanged';
  if (!current) {
    await emailVotes.create(ctx, {
      committeeCode: committee.code,
      code: DEMO_EMAIL_VOTE,
      name: 'Bylaws ballot',
      description: '<p>Vote by email on the revised bylaws and the next convention city.</p>',
      ...window,
    });
    const base = { committeeCode: committee.code, voteCode: DEMO_EMAIL_VOTE };
    await motions.create(ctx, {
      ...base,
      vote_type: 'simple_majority',
      name: 'Adopt the revised bylaws',
      body: '<p>That the association adopts the revised bylaws circulated on the first of the month.</p>',
    });
    await motions.create(ctx, {
      ...base,
      name: 'Choose the 2027 convention city',
      custom_responses_enabled: true,
      motion_responses: ['Denver', 'Austin', 'Boston'],
      vote_type: 'multiple',
    });
    emailVote = 'created';
  } else if (dateKey(current.start, timeZone) !== dateKey(now, timeZone)) {
    await emailVotes.reschedule(ctx, {
      committeeCode: committee.code,
      voteCode: current.code,
      name: current.name,
      description: current.description,
      ...window,
    });
    emailVote = 'moved';
  }
  return { tenantId, meetingMotionsCreated, meetingFound: meeting !== null, emailVote };
}

export function formatSummary(s: SeedSummary): string {
  const meeting = s.meetingFound
    ? `${DEMO_COMMITTEE_CODE}/${DEMO_MEETING}: ${s.meetingMotionsCreated} motions created`
    : `${DEMO_COMMITTEE_CODE}/${DEMO_MEETING}: meeting not found (is the meetings service seeded?), no motions`;
  return `voting seed: ${meeting}; email vote ${DEMO_COMMITTEE_CODE}/${DEMO_EMAIL_VOTE} ${s.emailVote}`;
}

/** `node services/voting/dist/seed.js`: migrate, ask identity, committees and meetings, seed, print. */
runWhenMain(import.meta.url, 'voting seed', async () => {
  const env = { ...process.env, HEALTH_PORT: process.env.HEALTH_PORT ?? '0' };
  const config = loadConfig(ZVotingConfig, env);
  const database = {
    PrismaClient,
    databaseUrl: config.DATABASE_URL,
    schema: VOTING_SCHEMA,
    migrationsDir: MIGRATIONS_DIR,
  };
  await withMigratedPrisma(database, (prisma) =>
    withNats(config.NATS_URL, 'voting-seed', async (nc) => {
      const demo = await fetchDemoCommittee(nc, { prefix: config.SUBJECT_PREFIX });
      const timeZone = demo.timeZone ?? config.MEETINGS_TIME_ZONE;
      const published = { nc, prefix: config.SUBJECT_PREFIX };
      console.log(formatSummary(await seedDemo(prisma, demo, published, { timeZone })));
    }),
  );
});
