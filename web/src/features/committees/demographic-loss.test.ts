import { describe, expect, it } from 'vitest';
import { committeeFormValues } from '@/features/committees/committee-form';
import { demographicLoss } from '@/features/committees/demographic-loss';
import { makeCommittee, makeMembership } from '@/test/fixtures';

const committee = makeCommittee();
const northern = makeMembership({ id: 'm-1', demographic: 'North' });

function withValues(...values: string[]) {
  const form = committeeFormValues(committee);
  return { ...form, demographics: values.map((value, i) => ({ key: `k-${i}`, value })) };
}

describe('demographicLoss', () => {
  it('matches the values as saved: trimmed, and exactly (a change of case is a new value)', () => {
    expect(demographicLoss(withValues(' North ', 'South'), committee, [northern])).toBeNull();
    expect(demographicLoss(withValues('north'), committee, [northern])).toBe(
      '1 member holds North, which this save removes: their Region will be cleared.',
    );
  });

  it('names the values the save drops when the members are not known', () => {
    expect(demographicLoss(withValues('North', 'Central', 'South'), committee, undefined)).toBeNull();
    expect(demographicLoss(withValues('North'), committee, undefined)).toBe(
      'This save removes Central and South: the members who hold one of them will have their Region cleared.',
    );
    const off = { ...committeeFormValues(committee), has_demographic: false };
    expect(demographicLoss(off, committee, undefined)).toBe(
      'With "Has demographic" turned off, every member\'s Region (North, Central, and South) will be cleared.',
    );
  });
});
