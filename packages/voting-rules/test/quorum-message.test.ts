import { describe, expect, it } from 'vitest';
import { committeeQuorum, quorumNotMetMessage } from '../src/index.js';

// The quorum the web app and the voting service both
// compare present voting members with, and the one wording of 'Quorum not met' they both show.
describe('committeeQuorum', () => {
  it.each([
    [{ quorum: 5 }, 5],
    [{ quorum: 0 }, 0],
    [{ quorum: null }, 0],
    [{}, 0],
  ])('%o → %i', (committee, expected) => {
    expect(committeeQuorum(committee)).toBe(expected);
  });
});

describe('quorumNotMetMessage', () => {
  it.each([
    [0, 1, 'Quorum not met: 1 more voting member needed'],
    [1, 5, 'Quorum not met: 4 more voting members needed'],
    [3, 5, 'Quorum not met: 2 more voting members needed'],
    [4, 5, 'Quorum not met: 1 more voting member needed'],
  ])('%i present of a quorum of %i → %s', (present, quorum, message) => {
    expect(quorumNotMetMessage({ present, quorum })).toBe(message);
  });

  it('ends without a period, as the status line shows it', () => {
    expect(quorumNotMetMessage({ present: 0, quorum: 3 }).endsWith('.')).toBe(false);
  });
});
