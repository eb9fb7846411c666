import type { MeetingData, MeetingRow } from '../meetings/meeting.repository.js';

/** The meeting's fields its calendar event shows (meetingCalendar): time, title, text, place and link. */
const SHOWN = [
  'code',
  'name',
  'description',
  'start',
  'end',
  'allowInPerson',
  'allowRemote',
  'locationName',
  'locationAddress',
] as const satisfies readonly (keyof MeetingRow & keyof MeetingData)[];

/**
 * The calendar SEQUENCE a meeting has after writing `change` over `before`: one more when the change
 * alters what its ICS file shows, so a calendar that imported the file takes the new one as an update.
 */
export function nextCalendarSequence(before: MeetingRow, change: Partial<MeetingData>): number {
  const same = (a: unknown, b: unknown) =>
    a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : (a ?? null) === (b ?? null);
  const changed = SHOWN.some((field) => change[field] !== undefined && !same(before[field], change[field]));
  return before.calendarSequence + (changed ? 1 : 0);
}
