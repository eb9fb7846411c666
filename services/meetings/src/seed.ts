import { DEFAULT_MEETING_TYPE, ZCommitteeEventBody } from '@gavel/contracts';
import {
  type DemoCommittee,
  dateKey,
  directOutbox,
  fetchDemoCommittee,
  loadConfig,
  type Outbox,
  runWhenMain,
  withMigratedPrisma,
  withNats,
  ZServiceConfig,
  zonedTime,
} from '@gavel/service-kit';
import { AttendanceRepository } from './attendance/attendance.repository.js';
import { bumpListVersion, ListVersions } from './attendance/list-cache.js';
import { nextCalendarSequence } from './calendar/calendar-sequence.js';
import { fixedClock } from './clock.js';
import { ZMeetingsSettings } from './config.js';
import { Database } from './db/database.js';
import { MEETINGS_SCHEMA, PrismaClient } from './db/prisma.js';
import { MeetingEvents } from './meetings/meeting.events.js';
import { MeetingRepository } from './meetings/meeting.repository.js';
import { MeetingService } from './meetings/meeting.service.js';
import { applyCommitteeEvent } from './read-models/read-model.writer.js';
import { MIGRATIONS_DIR } from './start.js';

/**
 * The demo meeting for `npm run up`: committee FIN's meeting M1, today (09:00-17:00 in the association's
 * time zone) and planned, so /meeting/FIN/M1 is the demo meeting. Runs after identity and committees are
 * up (it asks them over NATS). Idempotent: on the same day a second run changes nothing and emits nothing;
 * on a later day it moves the meeting to that day and back to planned (attendance cleared). Events go
 * into this service's outbox; the running service publishes them.
 */

export const DEMO_MEETING_CODE = 'M1';

export interface SeedSummary {
  tenantId: string;
  committee: string;
  meeting: string;
  action: 'created' | 'moved' | 'unchanged';
  day: string;
  status: string;
}

/** Seeds the demo meeting into a migrated meetings schema. */
/**
 * The demo meeting's window: 9:00 to 17:00 of today in the association's zone, or on to two hours from now
 * when seeded later in the day, so that it is still ahead (a new meeting must end in the future) and can
 * be started today.
 */
export function demoMeetingWindow(now: Date, timeZone: string): { start: Date; end: Date } {
  const day = dateKey(now, timeZone);
  const fivePm = zonedTime(day, 17, 0, timeZone);
  const later = new Date(now.getTime() + 2 * 3600_000);
  return { start: zonedTime(day, 9, 0, timeZone), end: later > fivePm ? later : fivePm };
}

export async function seedDemo(
  prisma: PrismaClient,
  demo: DemoCommittee,
  opts: { outbox?: Outbox; now?: Date; timeZone?: string } = {},
): Promise<SeedSummary> {
  const now = opts.now ?? new Date();
  const settings = ZMeetingsSettings.parse(opts.timeZone ? { MEETINGS_TIME_ZONE: opts.timeZone } : {});
  const timeZone = settings.MEETINGS_TIME_ZONE;
  const outbox = opts.outbox ?? directOutbox(MEETINGS_SCHEMA);
  const db = new Database(prisma);
  const repo = new MeetingRepository();
  const attendance = new AttendanceRepository();
  const events = new MeetingEvents(outbox);
  const service = new MeetingService(
    db,
    repo,
    attendance,
    events,
    fixedClock(now),
    { of: async () => timeZone },
    new ListVersions(db),
    settings,
  );
  const { tenantId, committee } = demo;
  const ctx = demo.admin;

  // The committees read model, as committees' events keep it (they may not have been consumed yet).
  await db.transaction((tx) =>
    applyCommitteeEvent(tx, 'evt.committees.committee.updated', {
      tenantId,
      committee: ZCommitteeEventBody.parse(committee),
    }),
  );

  const day = dateKey(now, timeZone);
  const { start, end } = demoMeetingWindow(now, timeZone);
  const existing = await db.transaction((tx) =>
    repo.findByCodes(tx, tenantId, committee.code, DEMO_MEETING_CODE),
  );
  let action: SeedSummary['action'] = 'unchanged';
  let status = existing?.meeting.status ?? 'planned';
  if (!existing) {
    await service.create(ctx, {
      committeeCode: committee.code,
      code: DEMO_MEETING_CODE,
      name: 'Monthly Finance Meeting',
      description:
        '<p>Review of the quarterly budget, the audit report and the reserve policy.</p>' +
        '<ul><li>Call to order</li><li>Budget amendments</li><li>Reserve policy</li></ul>',
      start: start.toISOString(),
      end: end.toISOString(),
      type: DEFAULT_MEETING_TYPE,
      show_motions: true,
      allow_in_person: true,
      allow_remote: true,
      location_name: 'Association Board Room',
      location_address: '100 Main Street, Springfield',
      visibility: 'committee',
      in_meeting_voting: true,
      video_provider: 'none',
    });
    action = 'created';
    status = 'planned';
  } else if (dateKey(existing.meeting.start, timeZone) !== day) {
    await db.transaction(async (tx) => {
      await attendance.clearAttendance(tx, tenantId, existing.meeting.id);
      await bumpListVersion(tx, tenantId, existing.meeting.committeeId);
      const moved = { start, end };
      const row = await repo.update(tx, tenantId, existing.meeting.id, {
        ...moved,
        calendarSequence: nextCalendarSequence(existing.meeting, moved),
        status: 'planned',
        actualStart: null,
        endedAt: null,
      });
      await events.meeting(tx, 'updated', tenantId, row);
    });
    action = 'moved';
    status = 'planned';
  }
  return { tenantId, committee: committee.code, meeting: DEMO_MEETING_CODE, action, day, status };
}

export function formatSummary(s: SeedSummary): string {
  const what = {
    created: 'created',
    moved: 'moved to today and reset to planned',
    unchanged: 'already there',
  }[s.action];
  return `Demo meeting for tenant ${s.tenantId}: /meeting/${s.committee}/${s.meeting} on ${s.day} (${s.status}): ${what}.`;
}

/** `node services/meetings/dist/seed.js`: migrate, ask identity and committees, seed, print. */
runWhenMain(import.meta.url, 'meetings seed', async () => {
  const config = loadConfig(
    ZServiceConfig.omit({ HEALTH_PORT: true, SHUTDOWN_GRACE_MS: true }).extend(ZMeetingsSettings.shape),
  );
  const database = {
    PrismaClient,
    databaseUrl: config.DATABASE_URL,
    schema: MEETINGS_SCHEMA,
    migrationsDir: MIGRATIONS_DIR,
  };
  await withMigratedPrisma(database, (prisma) =>
    withNats(config.NATS_URL, 'meetings-seed', async (nc) => {
      const demo = await fetchDemoCommittee(nc, { prefix: config.SUBJECT_PREFIX });
      const timeZone = demo.timeZone ?? config.MEETINGS_TIME_ZONE;
      console.log(formatSummary(await seedDemo(prisma, demo, { timeZone })));
    }),
  );
});
