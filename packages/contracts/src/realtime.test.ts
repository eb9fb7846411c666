import { describe, expect, it } from 'vitest';
import { ZJoinRequest } from './realtime.js';

const MEETING = { type: 'meeting', committee_code: 'FIN', meeting_code: 'M1' } as const;
const VOTE = { type: 'vote', committee_code: 'FIN', vote_code: 'BUDGET-2026' } as const;
const ok = (request: unknown) => ZJoinRequest.safeParse(request).success;

describe('join requests', () => {
  it('take the codes a committee, meeting or email vote can have', () => {
    expect(ZJoinRequest.parse(MEETING)).toEqual(MEETING);
    expect(ZJoinRequest.parse(VOTE)).toEqual(VOTE);
    expect(ok({ ...MEETING, committee_code: 'A'.repeat(10), meeting_code: 'm'.repeat(20) })).toBe(true);
    expect(ok({ ...VOTE, vote_code: 'v'.repeat(50) })).toBe(true);
  });

  it('refuse a code with a NUL or any other character codes do not have', () => {
    for (const bad of ['M1\u0000', 'M 1', 'M/1', 'M.1', 'Mé', '%00', '']) {
      expect(ok({ ...MEETING, meeting_code: bad })).toBe(false);
      expect(ok({ ...MEETING, committee_code: bad })).toBe(false);
      expect(ok({ ...VOTE, vote_code: bad })).toBe(false);
    }
  });

  it('refuse codes longer than their owners allow', () => {
    expect(ok({ ...MEETING, committee_code: 'A'.repeat(11) })).toBe(false);
    expect(ok({ ...MEETING, meeting_code: 'm'.repeat(21) })).toBe(false);
    expect(ok({ ...VOTE, vote_code: 'v'.repeat(51) })).toBe(false);
    expect(ok({ ...VOTE, committee_code: 'x'.repeat(100_000) })).toBe(false);
  });

  it('refuse a code that is not text', () => {
    expect(ok({ ...MEETING, meeting_code: 1 })).toBe(false);
    expect(ok({ ...VOTE, vote_code: ['V1'] })).toBe(false);
  });
});
