import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZUserListInput } from './identity.js';
import { numberInput } from './numbers.js';
import { ZMotionCreateInput, ZVoteAddTimeInput, ZVoteStartInput } from './voting.js';

describe('numberInput', () => {
  const schema = numberInput(z.number().int());

  it('takes JSON numbers and decimal text', () => {
    for (const [given, read] of [
      [30, 30],
      ['30', 30],
      [' 30 ', 30],
      ['-3', -3],
      ['1e1', 10],
    ] as const) {
      expect(schema.parse(given)).toBe(read);
    }
  });

  it('refuses what z.coerce.number() read as a number: booleans, lists, hex, binary, blank, null', () => {
    for (const given of [true, false, [30], '0x1e', '0b11', '0o17', 'Infinity', '', ' ', null, {}]) {
      expect(schema.safeParse(given).success, JSON.stringify(given)).toBe(false);
    }
  });
});

describe('numbers in request contracts', () => {
  const vote = { committeeCode: 'FIN', meetingCode: 'M1', id: 'm', voteId: 'v' };

  it('says a wrongly typed number is not a number', () => {
    const time = ZVoteAddTimeInput.safeParse({ ...vote, time: true });
    expect(time.error?.issues.map((i) => i.message)).toEqual(['The time must be a number.']);
    expect(ZVoteStartInput.safeParse({ ...vote, duration: [600] }).success).toBe(false);
    expect(ZUserListInput.safeParse({ limit: '0xa' }).success).toBe(false);
    expect(
      ZMotionCreateInput.safeParse({
        committeeCode: 'FIN',
        meetingCode: 'M1',
        name: 'Adopt',
        maximum_responses: true,
      }).success,
    ).toBe(false);
  });

  it('keeps defaults and blanks as before', () => {
    expect(ZVoteAddTimeInput.parse(vote).time).toBe(10);
    expect(ZVoteAddTimeInput.parse({ ...vote, time: '15' }).time).toBe(15);
    const motion = { committeeCode: 'FIN', meetingCode: 'M1', name: 'Adopt' };
    expect(ZMotionCreateInput.parse({ ...motion, maximum_responses: '' }).maximum_responses).toBeNull();
    expect(ZMotionCreateInput.parse(motion).maximum_responses).toBeUndefined();
  });

  it('says what a revote must be', () => {
    const revote = ZVoteStartInput.safeParse({ ...vote, revote: 'perhaps' });
    expect(revote.error?.issues.map((i) => i.message)).toEqual(['The revote field must be true or false.']);
  });
});
