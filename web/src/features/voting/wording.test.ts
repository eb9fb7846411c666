import { describe, expect, it } from 'vitest';
import { filterNotice } from '@/features/voting/wording';

describe('filterNotice', () => {
  it.each([
    [['North'], 'Only voting members whose Region is North may vote on this motion.'],
    [['North', 'South'], 'Only voting members whose Region is North or South may vote on this motion.'],
    [
      ['East', 'North', 'South'],
      'Only voting members whose Region is East, North or South may vote on this motion.',
    ],
    [[null], 'Only voting members who have no Region may vote on this motion.'],
    [
      ['North', null],
      'Only voting members whose Region is North, or who have no Region, may vote on this motion.',
    ],
  ])('words the filter %j', (filter, text) => {
    expect(filterNotice('Region', filter)).toBe(text);
  });

  it('says demographic when the committee names none', () => {
    expect(filterNotice(null, ['North'])).toBe(
      'Only voting members whose demographic is North may vote on this motion.',
    );
  });
});
