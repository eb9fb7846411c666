import { Outbox, ServiceRuntime } from '@gavel/service-kit';
import { Module, type Type } from '@nestjs/common';
import { AttendanceHandler } from './attendance/attendance.handler.js';
import { AttendanceRepository } from './attendance/attendance.repository.js';
import { AttendanceService } from './attendance/attendance.service.js';
import { AttendanceListCache, ListVersions } from './attendance/list-cache.js';
import { VotingStatusSource } from './attendance/voting-status.source.js';
import { CalendarService } from './calendar/calendar.service.js';
import { Clock } from './clock.js';
import { MEETINGS_SETTINGS, type TMeetingsSettings } from './config.js';
import { Database } from './db/database.js';
import { MyMeetingsHandler } from './me/my-meetings.handler.js';
import { MyMeetingsRepository } from './me/my-meetings.repository.js';
import { MyMeetingsService } from './me/my-meetings.service.js';
import { MeetingEvents } from './meetings/meeting.events.js';
import { MeetingHandler } from './meetings/meeting.handler.js';
import { MeetingRepository } from './meetings/meeting.repository.js';
import { MeetingService } from './meetings/meeting.service.js';
import { MeetingTimeZones } from './meetings/meeting-time-zones.js';
import {
  defaultVideoProviders,
  JoinService,
  VIDEO_PROVIDERS,
  type VideoProviders,
} from './video/join.service.js';

/**
 * Meetings (phases, join links, calendar), RSVPs and attendance. Built per process from the validated
 * settings; tests may swap the video providers.
 */
export function meetingsModule(settings: TMeetingsSettings, providers?: VideoProviders): Type<unknown> {
  @Module({
    controllers: [MeetingHandler, AttendanceHandler, MyMeetingsHandler],
    providers: [
      Database,
      // The kit's runtime writes events into this service's outbox.
      { provide: Outbox, useExisting: ServiceRuntime },
      { provide: MEETINGS_SETTINGS, useValue: settings },
      { provide: VIDEO_PROVIDERS, useValue: providers ?? defaultVideoProviders(settings) },
      Clock,
      MeetingTimeZones,
      MeetingRepository,
      MeetingEvents,
      MeetingService,
      AttendanceRepository,
      AttendanceService,
      ListVersions,
      AttendanceListCache,
      VotingStatusSource,
      JoinService,
      CalendarService,
      MyMeetingsRepository,
      MyMeetingsService,
    ],
  })
  class MeetingsModule {}
  return MeetingsModule;
}
