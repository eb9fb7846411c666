import type { TMyMeeting, TMyVote } from '@gavel/contracts';
import { at, makeMeeting } from '@/features/meetings/test-fixtures';

/** Home-page test data (local times, so formatted texts do not depend on the zone). */
export function makeMyMeeting(
  overrides: Partial<Omit<TMyMeeting, 'meeting'>> & { meeting?: Parameters<typeof makeMeeting>[0] } = {},
): TMyMeeting {
  const { meeting, ...rest } = overrides;
  return {
    meeting: makeMeeting(meeting),
    committee: { id: 'c-1', code: 'FIN', name: 'Finance Committee', year: 2026 },
    is_member: true,
    rsvp: null,
    ...rest,
  };
}

export function makeMyVote(overrides: Partial<TMyVote> = {}): TMyVote {
  return {
    id: 'ev-1',
    code: 'EV1',
    name: 'Bylaws Ballot',
    start: at(2026, 11, 23, 9, 0),
    end: at(2026, 11, 26, 17, 0),
    phase: 'in_progress',
    committee: { id: 'c-1', code: 'FIN', name: 'Finance Committee', year: 2026 },
    is_voting: true,
    motions_count: 3,
    motions_to_vote_count: 2,
    ...overrides,
  };
}
