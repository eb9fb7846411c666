import type { TMyMeeting, TRequestContext } from '@gavel/contracts';
import { requireUser } from '@gavel/contracts';
import { dateKey, isUuid, zonedTime } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../clock.js';
import { Database } from '../db/database.js';
import { asMode, toMeeting } from '../meetings/meeting.mapper.js';
import { MeetingRepository } from '../meetings/meeting.repository.js';
import { MeetingTimeZones } from '../meetings/meeting-time-zones.js';
import { MyMeetingsRepository } from './my-meetings.repository.js';

/** The member home's meetings: the signed-in user's own, never anyone else's. */
@Injectable()
export class MyMeetingsService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(MyMeetingsRepository) private readonly mine: MyMeetingsRepository,
    @Inject(MeetingRepository) private readonly meetings: MeetingRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MeetingTimeZones) private readonly timeZones: MeetingTimeZones,
  ) {}

  /**
   * GET /api/me/meetings: meetings planned from today on or in progress, of the committees the user is a
   * member of (appointment not declined) and those they were added to as a non-member (an RSVP or attendee
   * row); soonest first, each with the user's own RSVP. Needs only a signed-in user: the list is theirs.
   */
  async list(ctx: TRequestContext): Promise<TMyMeeting[]> {
    const userId = requireUser(ctx);
    const tenantId = ctx.tenantId;
    if (!isUuid(tenantId)) return [];
    const now = this.clock.now();
    const timeZone = await this.timeZones.of(tenantId, ctx.requestId);
    const startOfToday = zonedTime(dateKey(now, timeZone), 0, 0, timeZone);
    return this.db.read(async (db) => {
      const [committeeIds, { meetingIds, rsvps }] = await Promise.all([
        this.mine.memberCommitteeIds(db, tenantId, userId),
        this.mine.participation(db, tenantId, userId),
      ]);
      const rows = await this.mine.upcoming(db, tenantId, { committeeIds, meetingIds }, startOfToday);
      if (rows.length === 0) return [];
      const ids = rows.map((r) => r.id);
      const [committees, tallies] = await Promise.all([
        this.mine.committees(db, tenantId, [...new Set(rows.map((r) => r.committeeId))]),
        this.meetings.rsvpTallies(db, tenantId, ids),
      ]);
      const committeeById = new Map(committees.map((c) => [c.id, c]));
      const member = new Set(committeeIds);
      const rsvpByMeeting = new Map(rsvps.map((r) => [r.meetingId, r]));
      const out: TMyMeeting[] = [];
      for (const row of rows) {
        const committee = committeeById.get(row.committeeId);
        // A meeting whose committee the read model has not heard of yet cannot be linked to: left out.
        if (!committee) continue;
        const rsvp = rsvpByMeeting.get(row.id);
        out.push({
          meeting: toMeeting({ row, committee, tallies, now, timeZone, admin: false }),
          committee: { id: committee.id, code: committee.code, name: committee.name, year: committee.year },
          is_member: member.has(row.committeeId),
          rsvp: rsvp ? { attending: rsvp.attending, attending_via: asMode(rsvp.attendingVia) } : null,
        });
      }
      return out;
    });
  }
}
