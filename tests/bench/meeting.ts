import { SUBJECTS, ZMeeting } from '@gavel/contracts';
import { z } from 'zod';
import type { Electorate } from './electorate.js';
import { log } from './run.js';
import { pool } from './stats.js';

/** Retries a setup step while the services' read models catch up with the events just written. */
export async function settle<T>(what: string, step: () => Promise<T>, seconds = 120): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    try {
      return await step();
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`${what}: ${(err as Error).message}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** A meeting of the bench committee, started, with every delegate checked in (staff desks, 32 at once). */
export async function openMeeting(e: Electorate) {
  const meetingCode = `B${Date.now().toString(36).toUpperCase()}`;
  const now = Date.now();
  const meeting = await settle('create the meeting', () =>
    e.call(
      SUBJECTS.meetings.meetingCreate,
      {
        committeeCode: e.committeeCode,
        code: meetingCode,
        name: `Convention burst ${meetingCode}`,
        start: new Date(now - 60_000).toISOString(),
        end: new Date(now + 2 * 3600_000).toISOString(),
        allow_in_person: true,
        show_motions: true,
        in_meeting_voting: true,
      },
      ZMeeting,
    ),
  );
  await e.call(SUBJECTS.meetings.meetingStart, { committeeCode: e.committeeCode, meetingCode }, ZMeeting);
  log(`meeting ${e.committeeCode}/${meetingCode} started; checking in ${e.delegates.length} delegates`);
  const checkInStart = performance.now();
  await pool(e.delegates, 32, async (d) => {
    await settle('check in', () =>
      e.call(
        SUBJECTS.meetings.attendanceSet,
        { committeeCode: e.committeeCode, meetingCode, id: d.userId, attending_via: 'in_person' },
        z.unknown(),
      ),
    );
  });
  const checkInsPerSecond = e.delegates.length / ((performance.now() - checkInStart) / 1000);
  return { meeting, meetingCode, checkInsPerSecond };
}
