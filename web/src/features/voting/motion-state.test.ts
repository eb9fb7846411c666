import { describe, expect, it } from 'vitest';
import { sliceColors } from '@/features/voting/components/results-pie-chart';
import {
  motionView,
  toVoteRecord,
  type VotingInputs,
  viewerRespondBlocker,
  votingState,
} from '@/features/voting/motion-state';
import {
  endedVote,
  iso,
  makeAttendance,
  makeMeetingCommittee,
  makeMotion,
  makeVote,
  meetingScope,
  NOW,
  principal,
  RUNNER,
} from '@/features/voting/test-fixtures';
import { minutesSeconds } from '@/features/voting/wording';

function inputs(overrides: Partial<VotingInputs>): VotingInputs {
  return {
    scope: meetingScope,
    phase: 'in_progress',
    committee: makeMeetingCommittee(),
    motions: [makeMotion()],
    votes: [],
    responses: [],
    members: makeAttendance().members,
    principal: principal(),
    now: NOW,
    timeKey: 1,
    canModify: true,
    ...overrides,
  };
}

describe('toVoteRecord', () => {
  it('rebuilds the outcome from the result when the breakdown is hidden', () => {
    const record = toVoteRecord(makeVote({ outcome: null, result: ['Red', 'Blue'], vote_type: 'multiple' }));
    expect(record.outcome).toEqual([
      { response: 'Red', count: 1 },
      { response: 'Blue', count: 1 },
    ]);
  });
});

describe('motionView', () => {
  it('has no active vote before the clock has ticked', () => {
    const state = votingState(
      inputs({ motions: [makeMotion({ motion_vote_id: 'v-1' })], votes: [makeVote()], timeKey: 0 }),
    );
    expect(state.activeVote).toBeNull();
  });

  it('reads a vote fetched while active and ended since as pending until it is fetched again', () => {
    const running = makeVote({ started_at: iso(-90), ended_at: iso(-1) });
    const state = votingState(inputs({ motions: [makeMotion({ motion_vote_id: 'v-1' })], votes: [running] }));
    expect(motionView(state, state.inputs.motions[0] as never).statusText).toBe('pending');
  });

  it('uses the server result for a member who sees the summary only', () => {
    const vote = makeVote({
      started_at: iso(-90),
      ended_at: iso(-30),
      is_active: false,
      respondents_count: 3,
      result: 'opposed',
      summary_visible: true,
    });
    const motion = makeMotion({ motion_vote_id: 'v-1', result_visibility: 'hide_breakdown' });
    const state = votingState(inputs({ motions: [motion], votes: [vote] }));
    expect(motionView(state, motion).statusText).toBe('failed');
  });

  it('holds the motion vote on an approved amendment', () => {
    const root = makeMotion();
    const amendment = makeMotion({
      id: 'am-1',
      amendment_parent_id: 'mo-1',
      amendment_approved: true,
      name: 'Strike line 4',
    });
    const state = votingState(
      inputs({ motions: [root, amendment], principal: principal(RUNNER, 'u-staff') }),
    );
    const rootView = motionView(state, root);
    expect(rootView.amendedBy?.id).toBe('am-1');
    expect(rootView.startBlockers).toContain('active_amendment');
    expect(rootView.canEdit).toBe(false);
    const amendmentView = motionView(state, amendment);
    expect(amendmentView.nextVoteKind).toBe('motion');
    expect(amendmentView.startBlockers).toEqual([]);
  });

  it('holds the amended motion vote under the root motion’s demographic filter', () => {
    const root = makeMotion({ motion_filter: ['South'] });
    const amendment = makeMotion({ id: 'am-1', amendment_parent_id: 'mo-1', amendment_approved: true });
    const vote = makeVote({ id: 'v-m', motion_id: 'am-1', type: 'motion' });
    const eastOnly = makeMotion({ motion_filter: ['East'] });
    const runner = votingState(
      inputs({ motions: [eastOnly, amendment], principal: principal(RUNNER, 'u-staff') }),
    );
    // Nobody checked in is from the East: the amended motion has no eligible voter.
    expect(motionView(runner, amendment).startBlockers).toContain('no_eligible_voters');
    // The viewer (u-1, North) may not vote on the amended text of a motion for the South.
    const member = votingState(
      inputs({ motions: [root, { ...amendment, motion_vote_id: 'v-m' }], votes: [vote] }),
    );
    expect(viewerRespondBlocker(member, { ...amendment, motion_vote_id: 'v-m' }, vote)).toBe('not_in_filter');
  });

  it('leaves a defeated amendment inactive and offers its revote when it is the latest', () => {
    const vote = endedVote([{ response: 'opposed', count: 3 }], {
      id: 'v-a',
      motion_id: 'am-1',
      type: 'amendment',
    });
    const amendment = makeMotion({ id: 'am-1', amendment_parent_id: 'mo-1', amendment_vote_id: 'v-a' });
    const state = votingState(
      inputs({ motions: [makeMotion(), amendment], votes: [vote], principal: principal(RUNNER, 'u-staff') }),
    );
    const view = motionView(state, amendment);
    expect(view.amendmentApproval).toBe(false);
    expect(view.inactive).toBe(true);
    expect(view.revoteKind).toBe('amendment');
    // The motion itself can now be voted on.
    expect(motionView(state, state.inputs.motions[0] as never).startBlockers).toEqual([]);
  });

  it('lets an email vote member vote without check-in', () => {
    const vote = makeVote({ meeting_id: null, email_vote_id: 'ev-1' });
    const state = votingState(
      inputs({
        scope: { kind: 'vote', committeeCode: 'FIN', voteCode: 'EV1' },
        motions: [makeMotion({ motion_vote_id: 'v-1' })],
        votes: [vote],
        members: makeAttendance().members.map((m) => ({ ...m, attendee: null })),
      }),
    );
    const view = motionView(state, state.inputs.motions[0] as never);
    expect(view.activeVote?.id).toBe('v-1');
    expect(view.runnerFlowShown).toBe(false);
    expect(view.canAmend).toBe(false);
  });
});

describe('sliceColors', () => {
  it('paints in favour green and opposed red, abstentions left out', () => {
    expect(
      sliceColors([
        { response: 'in_favor', count: 2 },
        { response: 'opposed', count: 1 },
        { response: 'abstained', count: 4 },
      ]),
    ).toEqual(['#16a34a', '#dc2626']);
  });

  it('uses the palette of the number of custom responses', () => {
    const colors = sliceColors(['A', 'B', 'C', 'D'].map((response) => ({ response, count: 1 })));
    expect(new Set(colors).size).toBe(4);
  });
});

describe('minutesSeconds', () => {
  it('counts down in minutes and seconds, past an hour too', () => {
    expect(minutesSeconds(30)).toBe('0:30');
    expect(minutesSeconds(605)).toBe('10:05');
    expect(minutesSeconds(3_725)).toBe('62:05');
    expect(minutesSeconds(-3)).toBe('0:00');
  });
});
