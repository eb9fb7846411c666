import { describe, expect, it } from 'vitest';
import {
  ZAttendanceEvent,
  ZAttendanceInput,
  ZMeetingCreateInput,
  ZRsvpInput,
  ZVotingVoteEvent,
} from './meetings.js';
import { MEETING_ROUTES } from './meetings-routes.js';
import { SUBJECTS } from './subjects.js';

const REF = { committeeCode: 'FIN', meetingCode: 'M1' };

describe('meetings contracts', () => {
  it('reads RSVP form values: attending as boolean or text, attending_via empty as none', () => {
    expect(ZRsvpInput.parse({ ...REF, id: 'u', attending: 'true', attending_via: 'remote' })).toMatchObject({
      attending: true,
      attending_via: 'remote',
    });
    expect(ZRsvpInput.parse({ ...REF, id: 'u', attending: 'false', attending_via: '' })).toMatchObject({
      attending: false,
      attending_via: null,
    });
    expect(ZRsvpInput.safeParse({ ...REF, id: 'u', attending: 'maybe' }).success).toBe(false);
    expect(ZAttendanceInput.parse({ ...REF, id: 'u', attending_via: 'in_person' })).toMatchObject({
      attending_via: 'in_person',
    });
    expect(ZAttendanceInput.safeParse({ ...REF, id: 'u', attending_via: 'zoom' }).success).toBe(false);
  });

  it('validates meeting codes and links', () => {
    const base = {
      committeeCode: 'FIN',
      code: 'M-1',
      name: 'x',
      start: '2026-01-01T10:00:00Z',
      end: '2026-01-01T11:00:00Z',
    };
    expect(ZMeetingCreateInput.safeParse(base).success).toBe(true);
    expect(ZMeetingCreateInput.safeParse({ ...base, code: 'M 1' }).success).toBe(false);
    expect(ZMeetingCreateInput.safeParse({ ...base, video_url: 'javascript:alert(1)' }).success).toBe(false);
    const link = (video_url: string) => ZMeetingCreateInput.safeParse({ ...base, video_url }).success;
    expect(link('https://zoom.example/j/123?pwd=äb')).toBe(true);
    expect(link('https://x\u0001y')).toBe(false);
    expect(link('https://x\u007fy')).toBe(false);
    expect(link('https://x y')).toBe(false);
  });

  it('routes: spec paths under /api, unique, each forwarded to a meetings subject', () => {
    const keys = MEETING_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const subjects = Object.values(SUBJECTS.meetings) as string[];
    for (const r of MEETING_ROUTES) {
      expect(r.path.startsWith('/api/')).toBe(true);
      expect(subjects).toContain(r.subject);
    }
    expect(keys).toEqual(
      expect.arrayContaining([
        'PUT /api/admin/committee/{committeeCode}/meeting/{meetingCode}/start',
        'PUT /api/admin/committee/{committeeCode}/meeting/{meetingCode}/end',
        'GET /api/meeting/{committeeCode}/{meetingCode}/join',
        'GET /api/meeting/{committeeCode}/{meetingCode}/calendar',
        'POST /api/meeting/{committeeCode}/{meetingCode}/user/{id}/planned_attendance',
        'DELETE /api/meeting/{committeeCode}/{meetingCode}/user/{id}/attendance',
        'GET /api/meeting/{committeeCode}/{meetingCode}/retrieve/meeting',
        'GET /api/meeting/{committeeCode}/{meetingCode}/retrieve/attendance',
      ]),
    );
  });

  it('event shapes other services rely on', () => {
    expect(
      ZVotingVoteEvent.parse({
        tenantId: 't',
        vote: { id: 'v', meeting_id: null, started_at: null, ended_at: null, extra: 1 },
      }).vote,
    ).toEqual({ id: 'v', meeting_id: null, started_at: null, ended_at: null });
    expect(
      ZAttendanceEvent.safeParse({
        tenantId: 't',
        meeting_id: 'm',
        committee_id: 'c',
        attendee: {
          id: 'a',
          attendee_type: 'membership',
          attendee_id: 'x',
          user_id: 'u',
          membership_id: 'x',
          attending_via: 'remote',
          checked_in: true,
          at: '2026-01-01T10:00:00.000Z',
        },
      }).success,
    ).toBe(true);
  });
});
