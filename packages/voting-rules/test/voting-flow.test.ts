import { describe, expect, it } from 'vitest';
import {
  canCreateMotion,
  canDeleteMotion,
  canEditMotion,
  canEndMeeting,
  canReorderMotions,
  canRevote,
  canStartMeeting,
  canStartVote,
  confirmVoteTitle,
  IN_MEETING_VOTING_OFF,
  isUnanimousConsentOffered,
  type MotionChangeInput,
  quorumNeededMessage,
  type StartVoteInput,
  secondsAddedMessage,
  startVoteBlockerMessage,
  startVoteBlockers,
  voteRecordedMessage,
  votingStatusMessage,
} from '../src/index.js';

describe('meeting start and end', () => {
  it.each([
    ['planned', true, true],
    ['planned', false, false],
    ['in_progress', true, false],
    ['ended', true, false],
  ] as const)('start: %s, today %s → %s', (status, today, expected) => {
    expect(canStartMeeting({ status, is_today: today })).toBe(expected);
  });

  it.each([
    ['in_progress', false, true],
    ['in_progress', true, false], // disabled during an active vote
    ['planned', false, false],
    ['ended', false, false],
  ] as const)('end: %s, active vote %s → %s', (status, active, expected) => {
    expect(canEndMeeting({ status, has_active_vote: active })).toBe(expected);
  });
});

describe('flow texts', () => {
  // NO_SECOND_TITLE, NO_SECOND_MESSAGE, VOTE_TIME_EXTENSION_SECONDS and CLOSE_VOTE_CONFIRM_TEXT are
  // checked where they are shown, against the spec's words: web's motion-card.test.tsx (the runner's
  // flow: no second means Failed; +10 s sends { time: 10 } and says '10 Seconds Added To Vote Time';
  // Close Vote's confirmation) and voting-flow-dialog.test.tsx.
  it('uses the spec wording', () => {
    expect(secondsAddedMessage(10)).toBe('10 Seconds Added To Vote Time');
    expect(confirmVoteTitle('Approve')).toBe("Confirm 'Approve' Vote");
    expect(voteRecordedMessage('Approve')).toBe('Approve Vote Recorded');
  });

  it('pluralises the quorum shortfall', () => {
    expect(quorumNeededMessage(1)).toBe('1 more voting member needed');
    expect(quorumNeededMessage(3)).toBe('3 more voting members needed');
  });

  it('unanimous consent is offered for standard motions and amendments only', () => {
    expect(isUnanimousConsentOffered({ motion_responses: null })).toBe(true);
    expect(isUnanimousConsentOffered({ motion_responses: [] })).toBe(true);
    expect(isUnanimousConsentOffered({ motion_responses: ['A', 'B'] })).toBe(false);
    expect(isUnanimousConsentOffered({ motion_responses: ['A', 'B'] }, 'motion')).toBe(false);
    // Adopting an amendment is a standard question even when its motion vote has custom responses.
    expect(isUnanimousConsentOffered({ motion_responses: ['A', 'B'] }, 'amendment')).toBe(true);
  });
});

describe('starting a vote', () => {
  const ok: StartVoteInput = {
    can_run_meetings: true,
    can_update_motions: false,
    phase: 'in_progress',
    has_active_vote: false,
    has_active_amendment: false,
    present_voting_members: 5,
    quorum: 5,
    chair_present: true,
    eligible_voters: 5,
  };

  it.each([
    ['all met', {}, []],
    ['update motions is enough', { can_run_meetings: false, can_update_motions: true }, []],
    ['no permission', { can_run_meetings: false }, ['no_permission']],
    ['meeting planned', { phase: 'planned' }, ['meeting_not_in_progress']],
    ['meeting ended', { phase: 'ended' }, ['meeting_not_in_progress']],
    ['in-meeting voting on', { in_meeting_voting: true }, []],
    ['in-meeting voting off', { in_meeting_voting: false }, ['in_meeting_voting_off']],
    // Email votes pass nothing: absent counts as on.
    ['in-meeting voting not given', { in_meeting_voting: undefined }, []],
    ['active vote', { has_active_vote: true }, ['active_vote']],
    ['active amendment', { has_active_amendment: true }, ['active_amendment']],
    ['quorum one short', { present_voting_members: 4 }, ['quorum_not_met']],
    ['no chair', { chair_present: false }, ['chair_not_present']],
    ['no eligible voter', { eligible_voters: 0 }, ['no_eligible_voters']],
    ['motion vote, amendment approved', { kind: 'motion', amendment_approval: true }, []],
    [
      'motion vote, amendment undecided',
      { kind: 'motion', amendment_approval: null },
      ['amendment_not_voted_on'],
    ],
    [
      'motion vote, amendment defeated',
      { kind: 'motion', amendment_approval: false },
      ['amendment_defeated'],
    ],
    ['amendment vote on a root motion', { kind: 'amendment', is_amendment: false }, ['not_an_amendment']],
    ['amendment vote on an amendment', { kind: 'amendment', is_amendment: true }, []],
    [
      'the motion was decided on another row of its tree',
      { kind: 'amendment', is_amendment: true, motion_decided_elsewhere: true },
      ['motion_decided'],
    ],
    [
      'several at once, in spec order',
      { phase: 'planned', present_voting_members: 0, chair_present: false },
      ['meeting_not_in_progress', 'quorum_not_met', 'chair_not_present'],
    ],
    [
      'in-meeting voting off comes right after the meeting phase',
      { phase: 'planned', in_meeting_voting: false, has_active_vote: true, present_voting_members: 0 },
      ['meeting_not_in_progress', 'in_meeting_voting_off', 'active_vote', 'quorum_not_met'],
    ],
  ] as const)('%s', (_label, override, expected) => {
    const input = { ...ok, ...override } as StartVoteInput;
    expect(startVoteBlockers(input)).toEqual(expected);
    expect(canStartVote(input)).toBe(expected.length === 0);
  });

  it('maps blockers to the spec status messages', () => {
    expect(startVoteBlockerMessage('meeting_not_in_progress')).toBe('Meeting not in progress');
    expect(startVoteBlockerMessage('in_meeting_voting_off')).toBe(
      'In-meeting voting is off for this meeting.',
    );
    expect(IN_MEETING_VOTING_OFF).toBe('In-meeting voting is off for this meeting.');
    expect(startVoteBlockerMessage('quorum_not_met')).toBe('Quorum not met');
    expect(startVoteBlockerMessage('chair_not_present')).toBe('Chair/Vice Chair Not Present');
    expect(startVoteBlockerMessage('amendment_not_voted_on')).toBe('Amendment not voted on');
    expect(startVoteBlockerMessage('amendment_defeated')).toBe('Amendment defeated');
    expect(startVoteBlockerMessage('motion_decided')).toBe(
      'The amended motion already has a result: revote the motion instead.',
    );
    expect(startVoteBlockerMessage('active_vote')).toBe('Another vote is active.');
    expect(startVoteBlockerMessage('no_eligible_voters')).toBe('No eligible voting member is checked in.');
    expect(startVoteBlockerMessage('no_permission')).toBeNull();
  });

  it.each([
    ['planned', undefined, 5, 5, true, 'Meeting not in progress'],
    ['in_progress', undefined, 4, 5, true, 'Quorum not met'],
    ['in_progress', undefined, 5, 5, false, 'Chair/Vice Chair Not Present'],
    ['in_progress', undefined, 5, 5, true, 'Voting Active'],
    ['in_progress', true, 5, 5, true, 'Voting Active'],
    ['in_progress', false, 5, 5, true, 'In-meeting voting is off for this meeting.'],
    // After the meeting's phase, before quorum and chair.
    ['planned', false, 5, 5, true, 'Meeting not in progress'],
    ['in_progress', false, 0, 5, false, 'In-meeting voting is off for this meeting.'],
    ['in_progress', true, 4, 5, true, 'Quorum not met'],
  ] as const)(
    'voting status: %s, in-meeting voting %s, %i of %i, chair %s → %s',
    (phase, inMeetingVoting, present, quorum, chair, expected) => {
      expect(
        votingStatusMessage({
          phase,
          in_meeting_voting: inMeetingVoting,
          present_voting_members: present,
          quorum,
          chair_present: chair,
        }),
      ).toBe(expected);
    },
  );
});

describe('editing and deleting a motion', () => {
  const ok: MotionChangeInput = {
    phase: 'planned',
    can_modify: true,
    has_active_vote: false,
    has_active_amendment: false,
    has_result: false,
    can_run_meetings: false,
    can_update_motions: true,
    can_delete_motions: true,
  };

  it.each([
    ['planned', {}, true],
    ['in progress', { phase: 'in_progress' }, true],
    ['ended', { phase: 'ended' }, false],
    ['vote cannot be modified', { can_modify: false }, false],
    ['active vote', { has_active_vote: true }, false],
    ['active amendment', { has_active_amendment: true }, false],
    ['has a result', { has_result: true }, false],
    ['no permission', { can_update_motions: false }, false],
    ['run meetings is enough', { can_update_motions: false, can_run_meetings: true }, true],
  ] as const)('edit: %s → %s', (_label, override, expected) => {
    const input = { ...ok, ...override } as MotionChangeInput;
    expect(canEditMotion(input)).toBe(expected);
    expect(canDeleteMotion(input)).toBe(expected); // has delete motions
    expect(canDeleteMotion({ ...input, can_delete_motions: false })).toBe(false);
  });
});

describe('creating and re-sorting motions', () => {
  it.each([
    ['planned', true, false, true, true],
    ['in_progress', true, false, true, true],
    ['ended', true, false, true, false],
    ['planned', false, false, true, false],
    ['planned', true, true, true, false], // blocked while a vote is active
    ['planned', true, false, false, false],
  ] as const)(
    'create: %s, can_modify %s, active %s, permission %s → %s',
    (phase, modify, active, perm, expected) => {
      expect(
        canCreateMotion({ phase, can_modify: modify, has_active_vote: active, can_create_motions: perm }),
      ).toBe(expected);
    },
  );

  it.each([
    [{ phase: 'planned', can_create_motions: true }, true],
    [{ phase: 'in_progress', can_create_motions: true }, true],
    [{ phase: 'ended', can_create_motions: true }, false],
    [{ phase: 'planned', can_create_motions: false }, false],
    [{ phase: 'planned', can_create_motions: true, single_card: true, can_modify: false }, false],
    [{ phase: 'planned', can_create_motions: true, single_card: true, can_modify: true }, true],
  ] as const)('reorder %o → %s', (input, expected) => {
    expect(canReorderMotions(input)).toBe(expected);
  });

  it.each([
    [true, false, false, false, true],
    [true, false, false, true, true],
    [true, true, true, false, true],
    [true, true, true, true, false],
    [true, true, false, false, false],
    [false, false, false, false, false],
    [false, true, true, false, false],
  ])(
    'revote: result %s, amendment %s, latest %s, motion decided %s → %s',
    (has_result, is_amendment, is_latest_amendment, motion_has_result, expected) => {
      expect(canRevote({ has_result, is_amendment, is_latest_amendment, motion_has_result })).toBe(expected);
    },
  );
});
