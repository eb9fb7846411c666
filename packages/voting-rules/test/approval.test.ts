import { describe, expect, it } from 'vitest';
import {
  type ApprovalContext,
  activeAmendment,
  amendmentApproval,
  amendmentsOf,
  ballotMotionOf,
  hasVoteResult,
  isMotionDecidedInTree,
  isSiblingVoteActive,
  type MotionRecord,
  motionApproval,
  motionHasResult,
  motionTreeOf,
  rootMotionOf,
  type VoteRecord,
} from '../src/index.js';

const NOW = Date.parse('2025-03-01T12:00:00Z');
const at = (offsetSeconds: number) => new Date(NOW + offsetSeconds * 1000).toISOString();

/** A vote that ended a minute ago with the given counts. */
const endedVote = (
  id: number,
  counts: Record<string, number>,
  extra: Partial<VoteRecord> = {},
): VoteRecord => ({
  id,
  vote_type: 'simple_majority',
  started_at: at(-120),
  ended_at: at(-60),
  respondents_count: 0,
  quorum: 0,
  outcome: Object.entries(counts).map(([response, count]) => ({ response, count })),
  ...extra,
});
const activeVote = (id: number): VoteRecord => ({
  id,
  vote_type: 'simple_majority',
  started_at: at(-10),
  ended_at: at(50),
  outcome: [{ response: 'in_favor', count: 4 }],
});
const ctx = (votes: VoteRecord[], extra: Partial<ApprovalContext> = {}): ApprovalContext => ({
  votes,
  now: NOW,
  ...extra,
});

describe('amendmentApproval', () => {
  const amendment = (fields: Partial<MotionRecord> = {}): MotionRecord => ({
    id: 2,
    amendment_parent_id: 1,
    ...fields,
  });

  it('a root motion counts as approved as an amendment', () => {
    expect(amendmentApproval({ amendment_parent_id: null }, ctx([]))).toBe(true);
    expect(amendmentApproval({ amendment_parent_id: null, amendment_approved: false }, ctx([]))).toBe(true);
  });

  it.each([
    ['explicit true wins over a defeated vote', { amendment_approved: true, amendment_vote_id: 10 }, true],
    [
      'explicit false wins over an approving vote',
      { amendment_approved: false, amendment_vote_id: 11 },
      false,
    ],
    ['no vote → undecided', {}, null],
    ['vote id not found → undecided', { amendment_vote_id: 999 }, null],
    ['active vote → undecided', { amendment_vote_id: 12 }, null],
    ['ended vote, opposed wins → defeated', { amendment_vote_id: 10 }, false],
    ['ended vote, in_favor wins → approved', { amendment_vote_id: 11 }, true],
    ['ended vote, tie → defeated', { amendment_vote_id: 13 }, false],
    ['ended vote, no votes → defeated', { amendment_vote_id: 14 }, false],
    [
      'ended vote below its quorum, in_favor wins → defeated (invalid: no result)',
      { amendment_vote_id: 15 },
      false,
    ],
    ['ended vote at its quorum, in_favor wins → approved', { amendment_vote_id: 16 }, true],
    ['finalized vote: its finalized quorum counts', { amendment_vote_id: 17 }, true],
    ['respondents hidden from the viewer: the result decides', { amendment_vote_id: 18 }, true],
  ])('%s', (_label, fields, expected) => {
    const votes = [
      endedVote(10, { in_favor: 1, opposed: 3 }),
      endedVote(11, { in_favor: 3, opposed: 1 }),
      activeVote(12),
      endedVote(13, { in_favor: 2, opposed: 2 }),
      endedVote(14, {}),
      endedVote(15, { in_favor: 1 }, { respondents_count: 1, quorum: 7 }),
      endedVote(16, { in_favor: 6, opposed: 1 }, { respondents_count: 7, quorum: 7 }),
      endedVote(
        17,
        { in_favor: 3 },
        { respondents_count: 3, quorum: 7, is_finalized: true, finalized_quorum: 3 },
      ),
      endedVote(18, { in_favor: 3 }, { respondents_count: null, quorum: 7 }),
    ];
    expect(amendmentApproval(amendment(fields), ctx(votes))).toBe(expected);
  });

  it('an explicit activeVoteId overrides the clock', () => {
    const votes = [endedVote(11, { in_favor: 3 })];
    expect(
      amendmentApproval(amendment({ amendment_vote_id: 11 }), ctx(votes, { activeVoteId: 11 })),
    ).toBeNull();
    expect(amendmentApproval(amendment({ amendment_vote_id: 11 }), ctx(votes, { activeVoteId: null }))).toBe(
      true,
    );
  });

  it('only the first active vote counts as the active one', () => {
    const votes = [activeVote(20), activeVote(21)];
    expect(amendmentApproval(amendment({ amendment_vote_id: 20 }), ctx(votes))).toBeNull();
    // vote 21 is in its window but is not "the" active vote, so its result is read
    expect(amendmentApproval(amendment({ amendment_vote_id: 21 }), ctx(votes))).toBe(true);
  });

  it('amendment votes are capped at one response even for multiple-choice votes', () => {
    const votes = [
      endedVote(30, { in_favor: 2, opposed: 2 }, { vote_type: 'multiple' }),
      endedVote(31, { in_favor: 3, opposed: 2 }, { vote_type: 'multiple' }),
    ];
    // a tie gives two winners, which is not equal to in_favor
    expect(amendmentApproval(amendment({ amendment_vote_id: 30, maximum_responses: 3 }), ctx(votes))).toBe(
      false,
    );
    // capped at one, in_favor alone wins; read with the motion's maximum of 2 it would be a list of two
    expect(amendmentApproval(amendment({ amendment_vote_id: 31, maximum_responses: 2 }), ctx(votes))).toBe(
      true,
    );
  });
});

describe('motionApproval', () => {
  const motion = (fields: Partial<MotionRecord> = {}): MotionRecord => ({ id: 1, ...fields });

  it.each([
    ['explicit true (unanimous consent)', { motion_approved: true }, true],
    ['explicit false', { motion_approved: false, motion_vote_id: 11 }, false],
    ['no vote → pending', {}, null],
    ['vote not found → pending', { motion_vote_id: 999 }, null],
    ['vote still running → pending', { motion_vote_id: 12 }, null],
    ['vote not started → pending', { motion_vote_id: 15 }, null],
    ['ended, in_favor → approved', { motion_vote_id: 11 }, true],
    ['ended, opposed → failed', { motion_vote_id: 10 }, false],
    ['ended, tie → failed', { motion_vote_id: 13 }, false],
    ['ended, no votes → failed', { motion_vote_id: 14 }, false],
    [
      'custom responses, a winner → approved',
      { motion_vote_id: 16, motion_responses: ['A', 'B', 'C'] },
      true,
    ],
    ['custom responses, tie → approved', { motion_vote_id: 17, motion_responses: ['A', 'B', 'C'] }, true],
    ['custom responses, no result → failed', { motion_vote_id: 14, motion_responses: ['A', 'B'] }, false],
    [
      'custom responses, no majority → failed',
      { motion_vote_id: 18, motion_responses: ['A', 'B', 'C'] },
      false,
    ],
  ])('%s', (_label, fields, expected) => {
    const votes = [
      endedVote(10, { in_favor: 1, opposed: 3 }),
      endedVote(11, { in_favor: 3, opposed: 1 }),
      activeVote(12),
      endedVote(13, { in_favor: 2, opposed: 2 }),
      endedVote(14, {}),
      {
        id: 15,
        vote_type: 'simple_majority',
        started_at: at(60),
        ended_at: at(120),
        outcome: [],
      } as VoteRecord,
      endedVote(16, { A: 1, B: 3, C: 1 }, { vote_type: 'multiple' }),
      endedVote(17, { A: 2, B: 2, C: 1 }, { vote_type: 'multiple' }),
      endedVote(18, { A: 2, B: 2, C: 1 }, { vote_type: 'simple_majority' }),
    ];
    expect(motionApproval(motion(fields), ctx(votes))).toBe(expected);
  });

  it('is pending until ended_at has passed, then derived from the result', () => {
    const vote = endedVote(40, { in_favor: 5 }, { ended_at: new Date(NOW).toISOString() });
    const m = motion({ motion_vote_id: 40 });
    expect(motionApproval(m, { votes: [vote], now: NOW - 1 })).toBeNull();
    expect(motionApproval(m, { votes: [vote], now: NOW })).toBe(true);
  });

  it('multiple-choice motions with maximum responses use the motion cap', () => {
    const vote = endedVote(41, { A: 3, B: 2, C: 1 }, { vote_type: 'multiple' });
    expect(
      motionApproval(
        motion({ motion_vote_id: 41, motion_responses: ['A', 'B', 'C'], maximum_responses: 2 }),
        ctx([vote]),
      ),
    ).toBe(true);
  });
});

describe('activeAmendment', () => {
  const root: MotionRecord = { id: 1, amendment_parent_id: null };
  const am = (id: number, parent: number, fields: Partial<MotionRecord> = {}): MotionRecord => ({
    id,
    amendment_parent_id: parent,
    ...fields,
  });

  it('none when the motion has no amendments', () => {
    expect(activeAmendment(root, [root], ctx([]))).toBeNull();
  });

  it('the first amendment that is undecided or approved', () => {
    const motions = [
      root,
      am(2, 1, { amendment_approved: false }),
      am(3, 1),
      am(4, 1, { amendment_approved: true }),
    ];
    expect(activeAmendment(root, motions, ctx([]))?.id).toBe(3);
  });

  it('an amendment whose vote is running is undecided, and active, whatever its tally says so far', () => {
    const running: VoteRecord = { ...activeVote(40), outcome: [{ response: 'opposed', count: 5 }] };
    const motions = [root, am(2, 1, { amendment_vote_id: 40 }), am(3, 1)];
    expect(activeAmendment(root, motions, ctx([running]))?.id).toBe(2);
  });

  it('an approved amendment is active', () => {
    const motions = [root, am(2, 1, { amendment_approved: true })];
    expect(activeAmendment(root, motions, ctx([]))?.id).toBe(2);
  });

  it('none when every amendment is defeated', () => {
    const motions = [root, am(2, 1, { amendment_approved: false }), am(3, 1, { amendment_approved: false })];
    expect(activeAmendment(root, motions, ctx([]))).toBeNull();
  });

  it("a child's active amendment wins (depth first)", () => {
    const motions = [
      root,
      am(2, 1, { amendment_approved: true }),
      am(3, 2),
      am(4, 3, { amendment_approved: true }),
    ];
    expect(activeAmendment(root, motions, ctx([]))?.id).toBe(4);
    expect(activeAmendment(motions[1] as MotionRecord, motions, ctx([]))?.id).toBe(4);
  });

  it('depth first: an earlier amendment subtree is searched before a later sibling', () => {
    const motions = [root, am(2, 1, { amendment_approved: true }), am(3, 1), am(5, 2)];
    expect(activeAmendment(root, motions, ctx([]))?.id).toBe(5);
  });

  it('descends into defeated amendments too (literal reading)', () => {
    const motions = [root, am(2, 1, { amendment_approved: false }), am(3, 2), am(4, 1)];
    expect(activeAmendment(root, motions, ctx([]))?.id).toBe(3);
  });

  it('order is sort, then created_at', () => {
    const motions = [
      root,
      am(2, 1, { sort: 2 }),
      am(3, 1, { sort: 1, created_at: at(10) }),
      am(4, 1, { sort: 1, created_at: at(5) }),
    ];
    expect(amendmentsOf(root, motions).map((m) => m.id)).toEqual([4, 3, 2]);
    expect(activeAmendment(root, motions, ctx([]))?.id).toBe(4);
  });

  // Ties on sort and created_at keep the order the rows came in, whatever their ids.
  const tied = (id: number) => am(id, 1, { sort: 1, created_at: at(5) });
  it.each([
    ['tied on sort and created_at', [tied(3), tied(2)], [3, 2]],
    ['tied on sort and created_at, the other way round', [tied(2), tied(3)], [2, 3]],
    ['neither sort nor created_at', [am(5, 1), am(2, 1), am(4, 1)], [5, 2, 4]],
    ['a missing sort counts as 0', [am(2, 1, { sort: 1 }), am(3, 1), am(4, 1, { sort: -1 })], [4, 3, 2]],
    ['a missing created_at counts as the earliest', [am(2, 1, { created_at: at(5) }), am(3, 1)], [3, 2]],
    [
      'created_at, then input order',
      [am(2, 1, { created_at: at(9) }), am(4, 1, { created_at: at(1) }), am(3, 1, { created_at: at(1) })],
      [4, 3, 2],
    ],
  ])('amendmentsOf orders by sort, created_at, then input order: %s', (_, amendments, expected) => {
    // A grandchild is no direct amendment of the root.
    const motions = [root, ...amendments, am(9, 2)];
    expect(amendmentsOf(root, motions).map((m) => m.id)).toEqual(expected);
  });

  it('uses votes: an amendment under an active vote is undecided, hence active', () => {
    const motions = [root, am(2, 1, { amendment_vote_id: 10 }), am(3, 1)];
    expect(activeAmendment(root, motions, ctx([activeVote(10)]))?.id).toBe(2);
    const defeated = [endedVote(10, { opposed: 3 })];
    expect(activeAmendment(root, motions, ctx(defeated))?.id).toBe(3);
  });

  it('survives a malformed cycle', () => {
    const motions = [am(1, 2), am(2, 1)];
    expect(() => activeAmendment({ id: 1 }, motions, ctx([]))).not.toThrow();
  });
});

describe('motionHasResult', () => {
  it.each([
    ['nothing yet', { id: 1 }, false],
    ['motion_approved set', { id: 1, motion_approved: false }, true],
    ['amendment_approved on an amendment', { id: 2, amendment_parent_id: 1, amendment_approved: true }, true],
    ['amendment_approved ignored on a root motion', { id: 1, amendment_approved: true }, false],
    ['motion vote ended', { id: 1, motion_vote_id: 10 }, true],
    ['amendment vote ended', { id: 2, amendment_parent_id: 1, amendment_vote_id: 10 }, true],
    ['vote still active', { id: 1, motion_vote_id: 12 }, false],
    ['vote unknown', { id: 1, motion_vote_id: 99 }, false],
  ])('%s → %s', (_label, motion, expected) => {
    const votes = [endedVote(10, { in_favor: 1 }), activeVote(12)];
    expect(motionHasResult(motion as MotionRecord, { votes, now: NOW })).toBe(expected);
  });
});

describe('rootMotionOf and ballotMotionOf', () => {
  type Row = MotionRecord & { vote_type?: 'simple_majority' | 'two_thirds' | 'multiple' };
  const filtered: Row = {
    id: 1,
    motion_responses: ['Ann', 'Bo', 'Cy'],
    maximum_responses: 2,
    motion_filter: ['North', null],
    vote_type: 'multiple',
  };
  const amendment: Row = {
    id: 2,
    amendment_parent_id: 1,
    maximum_responses: 1,
    vote_type: 'simple_majority',
  };
  const nested: Row = { id: 3, amendment_parent_id: 2, maximum_responses: 1, vote_type: 'two_thirds' };
  const motions = [filtered, amendment, nested];

  it('finds the top of an amendment chain', () => {
    expect(rootMotionOf(nested, motions).id).toBe(1);
    expect(rootMotionOf(filtered, motions).id).toBe(1);
    expect(rootMotionOf({ id: 9, amendment_parent_id: 8 }, motions).id).toBe(9);
    const cycle: Row[] = [
      { id: 5, amendment_parent_id: 6 },
      { id: 6, amendment_parent_id: 5 },
    ];
    expect([5, 6]).toContain(rootMotionOf(cycle[0] as Row, cycle).id);
  });

  it('gives the motion vote on an amendment the root motion’s ballot', () => {
    const ballot = ballotMotionOf(nested, 'motion', motions);
    expect(ballot).toMatchObject({
      id: 3,
      amendment_parent_id: 2,
      motion_responses: ['Ann', 'Bo', 'Cy'],
      maximum_responses: 2,
      motion_filter: ['North', null],
      vote_type: 'multiple',
    });
  });

  it('leaves the amendment vote and a root motion’s own vote on their row', () => {
    expect(ballotMotionOf(nested, 'amendment', motions)).toBe(nested);
    expect(ballotMotionOf(filtered, 'motion', motions)).toBe(filtered);
  });
});

describe('hasVoteResult', () => {
  const votes = [endedVote(10, { in_favor: 1 }), activeVote(12)];
  const amendment = { id: 2, amendment_parent_id: 1 };
  it.each([
    [
      'an amendment approved by unanimous consent',
      { ...amendment, amendment_approved: true },
      'amendment',
      true,
    ],
    ['its motion question still open', { ...amendment, amendment_approved: true }, 'motion', false],
    ['an ended amendment vote', { ...amendment, amendment_vote_id: 10 }, 'amendment', true],
    ['an amendment vote still running', { ...amendment, amendment_vote_id: 12 }, 'amendment', false],
    ['an ended motion vote on an amendment row', { ...amendment, motion_vote_id: 10 }, 'motion', true],
    ['a root motion has no amendment question', { id: 1, amendment_approved: true }, 'amendment', false],
    ['motion_approved false is a result', { id: 1, motion_approved: false }, 'motion', true],
    ['an unknown vote is no result', { id: 1, motion_vote_id: 99 }, 'motion', false],
  ] as const)('%s', (_label, motion, kind, expected) => {
    expect(hasVoteResult(motion, kind, { votes, now: NOW })).toBe(expected);
  });
});

describe('isSiblingVoteActive', () => {
  it.each([
    ['no active vote', { id: 1 }, null, false],
    ['its own vote', { id: 1 }, { id: 1 }, false],
    ['another root motion', { id: 1 }, { id: 2, amendment_parent_id: null }, true],
    ['an amendment of another motion', { id: 1 }, { id: 3, amendment_parent_id: 2 }, false],
    ['a sibling amendment', { id: 3, amendment_parent_id: 1 }, { id: 4, amendment_parent_id: 1 }, true],
    ['its parent motion', { id: 3, amendment_parent_id: 1 }, { id: 1 }, false],
  ] as const)('%s → %s', (_label, motion, active, expected) => {
    expect(isSiblingVoteActive(motion, active)).toBe(expected);
  });
});

describe('motionTreeOf and isMotionDecidedInTree', () => {
  // Motion 1 with amendments 2 (approved; the motion vote 20 was held on it) and 3 (not voted on), and 4
  // under 3; motion 5 stands apart.
  const motions: MotionRecord[] = [
    { id: 1, amendment_parent_id: null },
    { id: 2, amendment_parent_id: 1, sort: 0, amendment_approved: true, motion_vote_id: 20 },
    { id: 3, amendment_parent_id: 1, sort: 1 },
    { id: 4, amendment_parent_id: 3, sort: 0 },
    { id: 5, amendment_parent_id: null },
  ];
  const decided = ctx([endedVote(20, { in_favor: 5 })]);

  it('gives the root and every amendment under it, root first', () => {
    for (const id of [1, 2, 3, 4]) {
      const row = motions.find((m) => m.id === id) as MotionRecord;
      expect(motionTreeOf(row, motions).map((m) => m.id)).toEqual([1, 2, 3, 4]);
    }
    expect(motionTreeOf(motions[4] as MotionRecord, motions).map((m) => m.id)).toEqual([5]);
  });

  it.each([
    // row, excludingRow, decided?
    [1, false, true],
    [3, false, true],
    [4, true, true],
    [2, false, true],
    [2, true, false], // decided on this very row: only a revote of it remains, which is this row's own
    [5, false, false],
  ])('row %i (excluding itself: %s) belongs to a decided motion: %s', (id, excludingRow, expected) => {
    const row = motions.find((m) => m.id === id) as MotionRecord;
    expect(isMotionDecidedInTree(row, motions, decided, { excludingRow })).toBe(expected);
  });

  it('is not decided while the motion vote runs, nor with no motion vote at all', () => {
    const running = ctx([{ ...activeVote(20) }]);
    expect(isMotionDecidedInTree(motions[2] as MotionRecord, motions, running)).toBe(false);
    expect(isMotionDecidedInTree(motions[2] as MotionRecord, motions, ctx([]))).toBe(false);
  });
});
