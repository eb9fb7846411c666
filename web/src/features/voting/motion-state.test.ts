import { describe, expect, it } from 'vitest';
import { isVotingMemberNotCheckedIn, memberOf } from '@/features/meetings/meeting-rules';
import { sliceColors } from '@/features/voting/components/results-pie-chart';
import {
  motionView,
  startBlockerText,
  toVoteRecord,
  type VotingInputs,
  viewerRespondBlocker,
  votingState,
  votingStatusText,
} from '@/features/voting/motion-state';
import {
  endedVote,
  iso,
  makeAttendance,
  makeMeetingCommittee,
  makeMember,
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

  it('offers nothing but its revote once the motion was decided on its approved amendment', () => {
    // mo-1 amended by am-1 (approved; the motion vote v-m was held on it); am-2 was never voted on.
    const decidedOnAm1 = endedVote([{ response: 'in_favor', count: 5 }], {
      id: 'v-m',
      motion_id: 'am-1',
      type: 'motion',
    });
    const am1 = makeMotion({
      id: 'am-1',
      amendment_parent_id: 'mo-1',
      amendment_approved: true,
      motion_vote_id: 'v-m',
      sort: 0,
    });
    const am2 = makeMotion({ id: 'am-2', amendment_parent_id: 'mo-1', sort: 1 });
    const state = votingState(
      inputs({
        motions: [makeMotion(), am1, am2],
        votes: [decidedOnAm1],
        principal: principal(RUNNER, 'u-staff'),
      }),
    );
    const sibling = motionView(state, am2);
    expect(sibling.canAmend).toBe(false);
    expect(sibling.startBlockers).toContain('motion_decided');
    expect(motionView(state, state.inputs.motions[0] as never).canAmend).toBe(false);
    // The decided row itself: its motion result can be revoted.
    const decided = motionView(state, am1);
    expect(decided.canAmend).toBe(false);
    expect(decided.revoteKind).toBe('motion');
    expect(decided.revoteBlockers).not.toContain('motion_decided');
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

describe('motionView: review fixes', () => {
  const hidden = (overrides = {}) =>
    makeVote({
      started_at: iso(-120),
      ended_at: iso(-60),
      is_active: false,
      respondents_count: null,
      summary_visible: false,
      ...overrides,
    });

  it('reads an amendment whose result is hidden from the viewer as unknown, not defeated', () => {
    const amendment = makeMotion({
      id: 'am-1',
      amendment_parent_id: 'mo-1',
      amendment_vote_id: 'v-a',
      result_visibility: 'hide_all',
    });
    const state = votingState(
      inputs({
        motions: [makeMotion(), amendment],
        votes: [hidden({ id: 'v-a', motion_id: 'am-1', type: 'amendment' })],
      }),
    );
    const view = motionView(state, amendment);
    expect(view.amendmentApproval).toBeNull();
    expect(view.inactive).toBe(false);
    expect(view.hasResult).toBe(true);
    expect(view.statusText).toBe('voting closed');
  });

  it('gives a root motion the status of the amendment row its vote was held on', () => {
    const root = makeMotion();
    const amendment = makeMotion({
      id: 'am-1',
      amendment_parent_id: 'mo-1',
      amendment_approved: true,
      motion_vote_id: 'v-m',
    });
    const vote = endedVote([{ response: 'opposed', count: 3 }], { id: 'v-m', motion_id: 'am-1' });
    const state = votingState(inputs({ phase: 'ended', motions: [root, amendment], votes: [vote] }));
    const view = motionView(state, root);
    expect(view.decidedOn?.id).toBe('am-1');
    expect(view.statusText).toBe('failed');
    expect(view.hasResult).toBe(true);
  });

  it('lets an open email vote change its motions until a response is recorded (vote.can_modify)', () => {
    // Spec section 6: create and edit need vote.can_modify; an email vote's window is not a meeting's
    // single active vote, so only the first response fixes its motions.
    const scope = { kind: 'vote', committeeCode: 'FIN', voteCode: 'EV1' } as const;
    const motion = makeMotion({ meeting_id: null, email_vote_id: 'ev-1' });
    const open = votingState(inputs({ scope, motions: [motion], principal: principal(RUNNER, 'u-staff') }));
    expect(open.canCreate).toBe(true);
    expect(motionView(open, motion).canEdit).toBe(true);
    const answered = votingState(
      inputs({ scope, canModify: false, motions: [motion], principal: principal(RUNNER, 'u-staff') }),
    );
    expect(answered.canCreate).toBe(false);
    expect(motionView(answered, motion).canEdit).toBe(false);
  });

  it('gives no attendance reasons before attendance has loaded', () => {
    const state = votingState(
      inputs({ members: [], attendanceLoaded: false, principal: principal(RUNNER, 'u-staff') }),
    );
    const view = motionView(state, state.inputs.motions[0] as never);
    expect(view.startBlockers).toEqual(['quorum_not_met', 'chair_not_present', 'no_eligible_voters']);
    expect(view.startBlockers.map((b) => startBlockerText(state, view, b))).toEqual([null, null, null]);
  });
});

describe('votingState: rules shared with the meeting page and the voting service', () => {
  it('reads the viewer’s voting membership, as the Not Checked In banner does', () => {
    // u-1 holds a non-voting membership (checked in) listed before a voting one (not checked in).
    const advisor = makeMember({
      user_id: 'u-1',
      is_voting: false,
      membership: {
        id: 'ms-adv',
        position: 'Advisor',
        demographic: 'North',
        display_demographic: 'North',
        search_demographic: 'north',
      },
    });
    const voter = makeMember({ user_id: 'u-1', checkedIn: false });
    const members = [makeMember({ user_id: 'u-chair' }), advisor, voter];
    const vote = makeVote();
    const state = votingState(
      inputs({ motions: [makeMotion({ motion_vote_id: 'v-1' })], votes: [vote], members }),
    );
    expect(state.me).toBe(voter);
    expect(state.me).toBe(memberOf(members, 'u-1'));
    // The banner says 'Not Checked In', and the vote buttons say the same thing.
    expect(isVotingMemberNotCheckedIn(memberOf(members, 'u-1'))).toBe(true);
    expect(viewerRespondBlocker(state, state.inputs.motions[0] as never, vote)).toBe('not_checked_in');
  });

  it('gives a non-committee attendee no membership', () => {
    const guest = makeMember({ user_id: 'u-1', is_member: false, is_voting: true, membership: null });
    const state = votingState(inputs({ members: [makeMember({ user_id: 'u-chair' }), guest] }));
    expect(state.me).toBeNull();
  });

  it('uses the committee’s quorum, none configured meaning no minimum, and says how many more are needed', () => {
    const quorumOf = (quorum: number | null) =>
      votingState(inputs({ committee: makeMeetingCommittee({ quorum }) })).quorum;
    expect(quorumOf(5)).toBe(5);
    expect(quorumOf(null)).toBe(0);
    // Three voting members are checked in.
    const short = votingState(inputs({ committee: makeMeetingCommittee({ quorum: 5 }) }));
    expect(votingStatusText(short)).toBe('Quorum not met: 2 more voting members needed');
  });

  it("refuses to start a vote, saying why, in a meeting whose 'In-meeting voting' is off", () => {
    const runner = principal(RUNNER, 'u-staff');
    const off = votingState(inputs({ principal: runner, inMeetingVoting: false }));
    const view = motionView(off, off.inputs.motions[0] as never);
    expect(view.startBlockers).toEqual(['in_meeting_voting_off']);
    expect(startBlockerText(off, view, 'in_meeting_voting_off')).toBe(
      'In-meeting voting is off for this meeting.',
    );
    expect(votingStatusText(off)).toBe('In-meeting voting is off for this meeting.');

    const on = votingState(inputs({ principal: runner, inMeetingVoting: true }));
    expect(motionView(on, on.inputs.motions[0] as never).startBlockers).toEqual([]);
    expect(votingStatusText(on)).toBe('Voting Active');
  });

  it('offers Amend on an undecided motion or amendment, not on a defeated amendment', () => {
    const defeatedVote = endedVote([{ response: 'opposed', count: 3 }], {
      id: 'v-a',
      motion_id: 'am-1',
      type: 'amendment',
    });
    const defeated = makeMotion({
      id: 'am-1',
      amendment_parent_id: 'mo-1',
      amendment_vote_id: 'v-a',
      sort: 0,
    });
    const pending = makeMotion({ id: 'am-2', amendment_parent_id: 'mo-1', sort: 1 });
    const state = votingState(
      inputs({
        motions: [makeMotion(), defeated, pending],
        votes: [defeatedVote],
        principal: principal(RUNNER, 'u-staff'),
      }),
    );
    expect(motionView(state, state.inputs.motions[0] as never).canAmend).toBe(true);
    expect(motionView(state, pending).canAmend).toBe(true);
    expect(motionView(state, defeated).canAmend).toBe(false);
  });

  it('has no email vote active before the clock has ticked', () => {
    const vote = makeVote({ meeting_id: null, email_vote_id: 'ev-1' });
    const email = (timeKey: number) =>
      votingState(
        inputs({
          scope: { kind: 'vote', committeeCode: 'FIN', voteCode: 'EV1' },
          motions: [makeMotion({ motion_vote_id: 'v-1' })],
          votes: [vote],
          timeKey,
        }),
      );
    const viewOf = (state: ReturnType<typeof email>) => motionView(state, state.inputs.motions[0] as never);
    expect(viewOf(email(1)).activeVote?.id).toBe('v-1');
    expect(viewOf(email(0)).activeVote).toBeNull();
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
