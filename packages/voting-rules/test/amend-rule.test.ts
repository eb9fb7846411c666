import { describe, expect, it } from 'vitest';
import { type AmendBlocker, type AmendInput, amendBlocker, canAmendMotion } from '../src/index.js';

// The rule shared by the motion card's Amend button
// and the voting service's refusal of an amendment.
describe('amendBlocker', () => {
  it.each<[string, AmendBlocker | null, AmendInput]>([
    [
      'an undecided root motion, or an approved amendment (amended further)',
      null,
      { motion_decided: false, amendment_approval: true },
    ],
    ['an amendment not voted on yet', null, { motion_decided: false, amendment_approval: null }],
    ['a defeated amendment', 'amendment_defeated', { motion_decided: false, amendment_approval: false }],
    ['a decided root motion', 'motion_decided', { motion_decided: true, amendment_approval: true }],
    [
      'a row of a motion decided on its approved amendment',
      'motion_decided',
      { motion_decided: true, amendment_approval: null },
    ],
    // Both: the decided motion is what the server says first.
    [
      'a defeated amendment of a decided motion',
      'motion_decided',
      { motion_decided: true, amendment_approval: false },
    ],
  ])('%s → %s', (_case, blocker, input) => {
    expect(amendBlocker(input)).toBe(blocker);
    expect(canAmendMotion(input)).toBe(blocker === null);
  });
});
