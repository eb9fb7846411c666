import type { TMotionsReply, TVoteResponseRow } from '@gavel/contracts';
import { describe, expect, it } from 'vitest';
import { makeAttendance, makeAttendanceMember, makeAttendanceUser } from '@/features/meetings/test-fixtures';
import { makeMotion, makeVote, reply } from '@/features/voting/test-fixtures';
import {
  hasVoteOffWindow,
  isMotionsReply,
  withAttendanceChange,
  withMotion,
  withMotionOrder,
  withOwnResponses,
  withoutMotions,
  withVote,
} from '@/lib/cache-patches';

function response(id: string, voteId: string, value = 'in_favor'): TVoteResponseRow {
  return { id, vote_id: voteId, member_id: 'ms-1', response: value };
}

/** a ← b ← c (amendments of amendments) and d; votes on b and d, each with a response. */
const data: TMotionsReply = reply({
  motions: [
    makeMotion({ id: 'a', sort: 0 }),
    makeMotion({ id: 'b', amendment_parent_id: 'a', sort: 0 }),
    makeMotion({ id: 'c', amendment_parent_id: 'b', sort: 0 }),
    makeMotion({ id: 'd', sort: 1 }),
  ],
  votes: [makeVote({ id: 'v-b', motion_id: 'b' }), makeVote({ id: 'v-d', motion_id: 'd' })],
  responses: [response('r-b', 'v-b'), response('r-d', 'v-d')],
});
const snapshot = structuredClone(data);

describe('motions cache patches', () => {
  it('recognises the retrieve/motions shape', () => {
    expect(isMotionsReply(data)).toBe(true);
    expect(isMotionsReply({ motions: [] })).toBe(false);
    expect(isMotionsReply(null)).toBe(false);
  });

  it('replaces or adds votes and motions', () => {
    const ended = makeVote({ id: 'v-b', motion_id: 'b', is_active: false });
    expect(withVote(data, ended).votes).toEqual([ended, data.votes[1]]);
    expect(withVote(data, makeVote({ id: 'v-new' })).votes.map((v) => v.id)).toEqual(['v-b', 'v-d', 'v-new']);
    const renamed = withMotion(data, makeMotion({ id: 'd', name: 'Renamed', sort: 1 }));
    expect(renamed.motions.map((m) => [m.id, m.name === 'Renamed'])).toEqual([
      ['a', false],
      ['b', false],
      ['c', false],
      ['d', true],
    ]);
    expect(withMotion(data, makeMotion({ id: 'e' })).motions.map((m) => m.id)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
    ]);
  });

  it('removes a motion with every amendment below it, their votes and those votes’ responses', () => {
    const next = withoutMotions(data, ['a']);
    expect(next.motions.map((m) => m.id)).toEqual(['d']);
    expect(next.votes.map((v) => v.id)).toEqual(['v-d']);
    expect(next.responses.map((r) => r.id)).toEqual(['r-d']);
  });

  it('removes an amendment alone, leaving its parent and the parent’s votes', () => {
    const next = withoutMotions(data, ['c']);
    expect(next.motions.map((m) => m.id)).toEqual(['a', 'b', 'd']);
    expect(next.votes).toEqual(data.votes);
    expect(next.responses).toEqual(data.responses);
  });

  it('sets each listed motion’s sort to its index, keeps the others’, and does not reorder the array', () => {
    expect(withMotionOrder(data, ['d', 'a']).motions.map((m) => [m.id, m.sort])).toEqual([
      ['a', 1],
      ['b', 0],
      ['c', 0],
      ['d', 0],
    ]);
  });

  it('replaces the caller’s responses to one vote and keeps those to others', () => {
    const cast = [response('r-b2', 'v-b', 'opposed'), response('r-b3', 'v-b', 'abstained')];
    expect(withOwnResponses(data, 'v-b', cast).responses.map((r) => r.id)).toEqual(['r-d', 'r-b2', 'r-b3']);
    expect(withOwnResponses(data, 'v-d', []).responses.map((r) => r.id)).toEqual(['r-b']);
  });

  it('returns new objects and leaves its input alone', () => {
    const patched = [
      withVote(data, makeVote({ id: 'v-b', motion_id: 'b', is_active: false })),
      withMotion(data, makeMotion({ id: 'a', name: 'Renamed' })),
      withoutMotions(data, ['a']),
      withMotionOrder(data, ['d', 'a']),
      withOwnResponses(data, 'v-b', []),
    ];
    for (const next of patched) expect(next).not.toBe(data);
    expect(data).toEqual(snapshot);
  });
});

describe('attendance cache patch', () => {
  it('upserts the member and user, keeps a runner voting status, and drops a removed RSVP', () => {
    const before = makeAttendance([
      makeAttendanceMember({
        voting_status: 'voted',
        rsvp: {
          id: 'r1',
          attendee_type: 'membership',
          attendee_id: 'ms-1',
          user_id: 'u-1',
          attending: true,
          attending_via: 'remote',
        },
      }),
    ]);
    const beforeSnapshot = structuredClone(before);
    const after = withAttendanceChange(before, {
      member: makeAttendanceMember(),
      user: makeAttendanceUser(),
    });
    expect(after.members[0]?.voting_status).toBe('voted');
    expect(after.rsvps).toEqual([]);
    const added = withAttendanceChange(before, {
      member: makeAttendanceMember({ user_id: 'u-9', name: 'Guest', is_member: false, membership: null }),
      user: makeAttendanceUser({ id: 'u-9', name: 'Guest' }),
    });
    expect(added.members.map((m) => m.user_id)).toEqual(['u-1', 'u-9']);
    expect(added.users).toHaveLength(2);
    expect(before).toEqual(beforeSnapshot);
  });

  it("keeps a member's later change when an earlier one arrives after it", () => {
    const checkedIn = makeAttendanceMember({ is_voting: true, changed_at: '2026-11-25T10:00:00.200Z' });
    const checkedOut = makeAttendanceMember({ is_voting: false, changed_at: '2026-11-25T10:00:00.900Z' });
    const user = makeAttendanceUser();
    const afterLater = withAttendanceChange(makeAttendance([checkedIn]), { member: checkedOut, user });
    expect(afterLater.members[0]?.is_voting).toBe(false);
    expect(withAttendanceChange(afterLater, { member: checkedIn, user })).toBe(afterLater);
    // A list answer carries no change times: the next change applies whatever its time.
    const fromList = makeAttendance([makeAttendanceMember({ is_voting: false })]);
    expect(withAttendanceChange(fromList, { member: checkedIn, user }).members[0]?.is_voting).toBe(true);
  });
});

describe('hasVoteOffWindow', () => {
  const window = { start: '2026-11-23T09:00:00.000Z', end: '2026-11-25T17:00:00+00:00' };
  const withBallot = (started_at: string, ended_at: string) =>
    reply({ votes: [makeVote({ started_at, ended_at })] });

  it("tells whether an email vote's ballots run over another window than its own (instants, not strings)", () => {
    expect(hasVoteOffWindow(withBallot(window.start, '2026-11-25T17:00:00.000Z'), window)).toBe(false);
    expect(hasVoteOffWindow(withBallot('2026-11-24T09:00:00.000Z', '2026-11-25T17:00:00.000Z'), window)).toBe(
      true,
    );
    expect(hasVoteOffWindow(withBallot(window.start, '2026-11-24T12:00:00.000Z'), window)).toBe(true);
    expect(hasVoteOffWindow(reply({}), window)).toBe(false);
  });
});
