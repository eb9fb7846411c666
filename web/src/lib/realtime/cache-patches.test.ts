import type { TMotion, TMotionsReply, TVoteView } from '@gavel/contracts';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makeAttendance, makeAttendanceMember, makeAttendanceUser } from '@/features/meetings/test-fixtures';
import { queryKeys } from '@/lib/query-keys';
import {
  isMotionsReply,
  withAttendanceChange,
  withMotion,
  withMotionOrder,
  withoutMotions,
  withVote,
} from '@/lib/realtime/cache-patches';
import { createLiveHandler } from '@/lib/realtime/live-scope';

function motion(id: string, overrides: Partial<TMotion> = {}): TMotion {
  return {
    id,
    meeting_id: 'mt-1',
    email_vote_id: null,
    amendment_parent_id: null,
    name: `Motion ${id}`,
    body: null,
    description: null,
    result_visibility: 'show_all',
    motion_responses: null,
    motion_filter: null,
    maximum_responses: 1,
    vote_type: 'simple_majority',
    amendment_approved: null,
    motion_approved: null,
    amendment_vote_id: null,
    motion_vote_id: null,
    sort: 0,
    created_at: '2026-11-24T09:00:00.000Z',
    ...overrides,
  };
}

function vote(id: string, respondents: number): TVoteView {
  return {
    id,
    motion_id: 'm1',
    meeting_id: 'mt-1',
    email_vote_id: null,
    type: 'motion',
    vote_type: 'simple_majority',
    responses: ['in_favor', 'opposed', 'abstained'],
    maximum_responses: 1,
    started_at: '2026-11-24T09:00:00.000Z',
    ended_at: '2026-11-24T09:01:00.000Z',
    is_active: true,
    is_finalized: false,
    quorum: 2,
    finalized_quorum: null,
    expected_count: 3,
    respondents_count: respondents,
    outcome: null,
    result: null,
    passed: null,
    valid: null,
    validity_message: null,
    summary_visible: true,
    breakdown_visible: false,
  };
}

const reply: TMotionsReply = {
  motions: [
    motion('m1', { sort: 0 }),
    motion('m2', { sort: 1 }),
    motion('a1', { amendment_parent_id: 'm1', sort: 2 }),
  ],
  votes: [vote('v1', 0)],
  responses: [],
};

describe('motions cache patches', () => {
  it('recognises the retrieve/motions shape', () => {
    expect(isMotionsReply(reply)).toBe(true);
    expect(isMotionsReply({ motions: [] })).toBe(false);
  });
  it('replaces or adds votes and motions', () => {
    expect(withVote(reply, vote('v1', 2)).votes).toEqual([vote('v1', 2)]);
    expect(withVote(reply, vote('v2', 0)).votes).toHaveLength(2);
    expect(withMotion(reply, motion('m2', { name: 'Renamed', sort: 1 })).motions[1]?.name).toBe('Renamed');
  });
  it('removes deleted motions with their amendments, and re-sorts', () => {
    expect(withoutMotions(reply, ['m1']).motions.map((m) => m.id)).toEqual(['m2']);
    expect(withMotionOrder(reply, ['m2', 'm1']).motions.map((m) => m.id)).toEqual(['m2', 'm1', 'a1']);
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
  });
});

describe('createLiveHandler', () => {
  it("patches the motions feature's cache on vote.updated and invalidates on refresh", () => {
    const queryClient = new QueryClient();
    const key = queryKeys.voting.motions('meeting', 'FIN', 'M1');
    queryClient.setQueryData(key, reply);
    const handler = createLiveHandler(
      queryClient,
      { kind: 'meeting', committeeCode: 'FIN', meetingCode: 'M1' },
      {
        runner: () => false,
      },
    );
    handler.onMessage({ channel: 'meeting.mt-1', kind: 'vote.updated', payload: { vote: vote('v1', 3) } });
    expect(queryClient.getQueryData<TMotionsReply>(key)?.votes[0]?.respondents_count).toBe(3);
    handler.onMessage({ channel: 'meeting.mt-1', kind: 'refresh', payload: { target: 'motions' } });
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('asks again after a fetch that was in flight when a refresh arrived, without cancelling it', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = queryKeys.meetings.attendance('FIN', 'M1');
    const answers: ((value: string) => void)[] = [];
    const observer = new QueryObserver<string>(queryClient, {
      queryKey: key,
      queryFn: () => new Promise<string>((resolve) => answers.push(resolve)),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    const settle = () => new Promise((r) => setTimeout(r, 0));
    await settle();
    expect(answers).toHaveLength(1);
    const handler = createLiveHandler(
      queryClient,
      { kind: 'meeting', committeeCode: 'FIN', meetingCode: 'M1' },
      { runner: () => false },
    );
    // The fetch in flight was asked before the change the refresh announces.
    handler.onMessage({ channel: 'meeting.mt-1', kind: 'refresh', payload: { target: 'attendance' } });
    expect(answers).toHaveLength(1);
    answers[0]?.('before the change');
    await settle();
    await settle();
    expect(answers).toHaveLength(2);
    answers[1]?.('after the change');
    await settle();
    expect(queryClient.getQueryData(key)).toBe('after the change');
    unsubscribe();
  });
});
