import { describe, expect, it } from 'vitest';
import { removeMotions, sortMotions } from '@/features/voting/motions-cache';
import { makeMotion, makeVote, reply } from '@/features/voting/test-fixtures';

describe('motions cache', () => {
  const data = reply({
    motions: [
      makeMotion({ id: 'a' }),
      makeMotion({ id: 'b', amendment_parent_id: 'a' }),
      makeMotion({ id: 'c', amendment_parent_id: 'b' }),
      makeMotion({ id: 'd' }),
    ],
    votes: [makeVote({ id: 'v-b', motion_id: 'b' }), makeVote({ id: 'v-d', motion_id: 'd' })],
  });

  it('removes a motion with every amendment below it and their votes', () => {
    const next = removeMotions(data, ['a']);
    expect(next.motions.map((m) => m.id)).toEqual(['d']);
    expect(next.votes.map((v) => v.id)).toEqual(['v-d']);
  });

  it('sorts by the given order', () => {
    expect(sortMotions(data, ['d', 'a']).motions.map((m) => [m.id, m.sort])).toEqual([
      ['a', 1],
      ['b', 0],
      ['c', 0],
      ['d', 0],
    ]);
  });
});
