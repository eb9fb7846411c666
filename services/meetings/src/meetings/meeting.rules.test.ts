import { describe, expect, it } from 'vitest';
import { isMeetingToday, rsvpCounts } from './meeting.mapper.js';
import { isActiveVote, slugify } from './meeting.service.js';

describe('meeting rules', () => {
  it('counts RSVPs the way the Meeting entity lists them', () => {
    const t = (attending: boolean, attendingVia: string | null) => ({
      meetingId: 'm',
      attending,
      attendingVia,
    });
    expect(
      rsvpCounts([t(true, 'remote'), t(true, 'in_person'), t(true, 'in_person'), t(false, null)]),
    ).toEqual({
      rsvp_count: 4,
      rsvp_attending_count: 3,
      rsvp_attending_in_person_count: 2,
      rsvp_attending_remote_count: 1,
      rsvp_not_attending_count: 1,
    });
    expect(rsvpCounts([]).rsvp_count).toBe(0);
  });

  it('a vote is active from started_at until ended_at', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const at = (s: number) => new Date(now.getTime() + s * 1000);
    expect(isActiveVote({ startedAt: null, endedAt: null }, now)).toBe(false);
    expect(isActiveVote({ startedAt: at(1), endedAt: at(60) }, now)).toBe(false);
    expect(isActiveVote({ startedAt: now, endedAt: at(60) }, now)).toBe(true);
    expect(isActiveVote({ startedAt: at(-60), endedAt: now }, now)).toBe(false);
    // Every vote the flow starts has a countdown end; one without is not active, as everywhere else.
    expect(isActiveVote({ startedAt: at(-60), endedAt: null }, now)).toBe(false);
  });

  // Descriptions are sanitised by service-kit's sanitizeRichText (its tests, and meetings.int.test.ts).
  it('makes slugs', () => {
    expect(slugify('Monthly Meeting-M1')).toBe('monthly-meeting-m1');
    expect(slugify('***')).toBe('meeting');
  });

  describe("a meeting is today on each of its days, in the association's time zone", () => {
    const zone = 'America/New_York';
    // Noon on November 24, 2026 in New York (UTC-5).
    const now = new Date('2026-11-24T17:00:00Z');
    const window = (start: string, end: string) => ({ start: new Date(start), end: new Date(end) });

    it('a one-day meeting: today, not yesterday or tomorrow', () => {
      expect(isMeetingToday(window('2026-11-24T14:00:00Z', '2026-11-24T16:00:00Z'), now, zone)).toBe(true);
      // Later today, still ahead.
      expect(isMeetingToday(window('2026-11-24T23:00:00Z', '2026-11-25T01:00:00Z'), now, zone)).toBe(true);
      expect(isMeetingToday(window('2026-11-23T14:00:00Z', '2026-11-23T16:00:00Z'), now, zone)).toBe(false);
      expect(isMeetingToday(window('2026-11-25T14:00:00Z', '2026-11-25T16:00:00Z'), now, zone)).toBe(false);
    });

    it('a meeting over several days: on its first, middle and last day, not before or after', () => {
      // Yesterday 9:00 to tomorrow 17:00.
      const threeDays = window('2026-11-23T14:00:00Z', '2026-11-25T22:00:00Z');
      expect(isMeetingToday(threeDays, now, zone)).toBe(true);
      const day = 86_400_000;
      const on = (days: number) => new Date(now.getTime() + days * day);
      expect(isMeetingToday(threeDays, on(-1), zone)).toBe(true);
      expect(isMeetingToday(threeDays, on(1), zone)).toBe(true);
      expect(isMeetingToday(threeDays, on(-2), zone)).toBe(false);
      expect(isMeetingToday(threeDays, on(2), zone)).toBe(false);
    });

    it("counts days at the association's midnight, not UTC's", () => {
      // Monday 9:00 to 23:30 in New York: Tuesday 04:30 in UTC.
      const monday = window('2026-11-23T14:00:00Z', '2026-11-24T04:30:00Z');
      // Tuesday 00:10 in New York (05:10 UTC): no longer its day, though the end is Tuesday in UTC.
      expect(isMeetingToday(monday, new Date('2026-11-24T05:10:00Z'), zone)).toBe(false);
      // Monday 23:50 in New York (04:50 UTC Tuesday): still its day.
      expect(isMeetingToday(monday, new Date('2026-11-24T04:50:00Z'), zone)).toBe(true);
      expect(isMeetingToday(monday, new Date('2026-11-24T05:10:00Z'), 'UTC')).toBe(true);
      // Across midnight, 22:00 Monday to 02:00 Tuesday: both days are its days.
      const overnight = window('2026-11-24T03:00:00Z', '2026-11-24T07:00:00Z');
      expect(isMeetingToday(overnight, new Date('2026-11-24T04:00:00Z'), zone)).toBe(true);
      expect(isMeetingToday(overnight, new Date('2026-11-24T06:00:00Z'), zone)).toBe(true);
      expect(isMeetingToday(overnight, new Date('2026-11-25T05:10:00Z'), zone)).toBe(false);
    });
  });
});
