import {
  meetingPagePath,
  oneLine,
  type TCalendarReply,
  type TMeetingRef,
  type TRequestContext,
} from '@gavel/contracts';
import { Inject, Injectable } from '@nestjs/common';
import ical, { ICalEventStatus } from 'ical-generator';
import sanitizeHtml from 'sanitize-html';
import { MEETINGS_SETTINGS, type TMeetingsSettings } from '../config.js';
import { Database } from '../db/database.js';
import type { CommitteeRow, MeetingRow } from '../meetings/meeting.repository.js';
import { MeetingService } from '../meetings/meeting.service.js';
import { MeetingTimeZones } from '../meetings/meeting-time-zones.js';

/** Where HTML starts a new line: after a block (paragraph, heading, list item…) and at a <br>. */
const BLOCK_END = /<\/(?:p|div|h[1-6]|li|ul|ol|blockquote|pre|tr|table|section|article)\s*>/gi;
const LINE_BREAK = /<br\s*\/?>/gi;

/**
 * A description (HTML) as the plain text of a calendar event: one line per paragraph, heading and list
 * item (not "…policy.Call to orderBudget…"), spaces as HTML shows them, and characters as written.
 */
export function descriptionText(html: string): string {
  const marked = html.replace(/\s+/g, ' ').replace(LINE_BREAK, '\n').replace(BLOCK_END, '$&\n');
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} })
    // sanitize-html escapes the text it keeps; a calendar shows it as it is.
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** The .ics text of a meeting (one event; cancelled when ended is not a thing: it just happened). */
export function meetingCalendar(
  meeting: MeetingRow,
  committee: CommitteeRow,
  opts: { appUrl: string; timeZone: string },
): string {
  const url = `${opts.appUrl.replace(/\/$/, '')}${meetingPagePath(committee.code, meeting.code)}`;
  // One line: ical-generator writes the calendar's name unescaped, and a name stored before names were
  // kept to one line could otherwise add lines of its own to the file.
  const title = oneLine(`${committee.name}: ${meeting.name}`);
  const calendar = ical({ name: title, prodId: '//Gavel//Meetings//EN' });
  const description = meeting.description ? descriptionText(meeting.description) : '';
  const location = meeting.allowInPerson
    ? oneLine([meeting.locationName, meeting.locationAddress].filter(Boolean).join(', '))
    : meeting.allowRemote
      ? 'Remote'
      : '';
  calendar.createEvent({
    id: `${meeting.id}@gavel`,
    start: meeting.start,
    end: meeting.end,
    summary: title,
    description: [description, url].filter(Boolean).join('\n\n'),
    location: location || null,
    url,
    status: ICalEventStatus.CONFIRMED,
    // Raised by each edit of what this file shows: a calendar that imported it takes the new one as an update.
    sequence: meeting.calendarSequence,
    lastModified: meeting.updatedAt,
    stamp: meeting.updatedAt,
  });
  return calendar.toString();
}

/** GET {meeting base}/calendar: JSON the gateway serves as a file download. */
@Injectable()
export class CalendarService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(MeetingService) private readonly meetingService: MeetingService,
    @Inject(MEETINGS_SETTINGS) private readonly settings: TMeetingsSettings,
    @Inject(MeetingTimeZones) private readonly timeZones: MeetingTimeZones,
  ) {}

  async calendar(ctx: TRequestContext, ref: TMeetingRef): Promise<TCalendarReply> {
    const { meeting, committee } = await this.db.read((db) => this.meetingService.viewable(db, ctx, ref));
    return {
      filename: `${committee.code}-${meeting.code}.ics`.replace(/[^A-Za-z0-9._-]/g, '_'),
      content_type: 'text/calendar; charset=utf-8',
      body: meetingCalendar(meeting, committee, {
        // The association's own address when the file was asked for over the web, else the deployment's.
        appUrl: ctx.origin ?? this.settings.PUBLIC_APP_URL,
        timeZone: await this.timeZones.of(ctx.tenantId, ctx.requestId),
      }),
    };
  }
}
