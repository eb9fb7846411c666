import { describe, expect, it } from 'vitest';
import { rsvpCounts } from './meeting.mapper.js';
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
});
