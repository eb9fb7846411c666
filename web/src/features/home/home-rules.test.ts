import { describe, expect, it } from 'vitest';
import { meetingLinks, rangeText, rsvpText, voteLink, voteProgressText } from '@/features/home/home-rules';
import { makeMyMeeting, makeMyVote } from '@/features/home/test-fixtures';
import { at } from '@/features/meetings/test-fixtures';

const time = (iso: string) => Date.parse(iso);

describe('member home rules', () => {
  it('writes a range as MM/DD/YYYY h:mm A, the end date only when it is another day', () => {
    expect(rangeText(at(2026, 11, 24, 9, 0), at(2026, 11, 24, 13, 30))).toBe('11/24/2026 9:00 AM - 1:30 PM');
    expect(rangeText(at(2026, 11, 23, 9, 0), at(2026, 11, 26, 17, 0))).toBe(
      '11/23/2026 9:00 AM - 11/26/2026 5:00 PM',
    );
  });

  // The labels are the spec's calls to action (section 9). 'Join Video Conference' is the join button's,
  // checked in join-button.test.tsx.
  it("offers 'RSVP Today' only for a planned meeting the user has not answered, 'View Meeting' always", () => {
    expect(meetingLinks(meetingWith('planned', null))).toEqual([
      { label: 'RSVP Today', to: '/meeting/FIN/M1/rsvp' },
      { label: 'View Meeting', to: '/meeting/FIN/M1' },
    ]);
    const answered = { attending: true, attending_via: 'in_person' } as const;
    expect(meetingLinks(meetingWith('planned', answered))).toEqual([
      { label: 'View Meeting', to: '/meeting/FIN/M1' },
    ]);
    expect(meetingLinks(meetingWith('in_progress', null)).map((l) => l.label)).toEqual(['View Meeting']);
    // Codes are encoded once, by lib/paths.
    const odd = makeMyMeeting({
      committee: { id: 'c-2', code: 'A B', name: 'A B', year: null },
      meeting: { code: 'M/1' },
    });
    expect(meetingLinks(odd).at(-1)?.to).toBe('/meeting/A%20B/M%2F1');
  });

  it('says what the user answered', () => {
    expect(rsvpText(null)).toBeNull();
    expect(rsvpText({ attending: true, attending_via: 'remote' })).toBe('Your RSVP: Attending Remote');
    expect(rsvpText({ attending: true, attending_via: 'in_person' })).toBe('Your RSVP: Attending In Person');
    expect(rsvpText({ attending: false, attending_via: null })).toBe('Your RSVP: Not Attending');
  });

  it("labels a vote 'View Vote' before its start, 'Cast Vote' while open, 'View Results' after", () => {
    const vote = makeMyVote();
    const to = '/vote/FIN/EV1';
    expect(voteLink(vote, time(at(2026, 11, 22)))).toEqual({ label: 'View Vote', to });
    expect(voteLink(vote, time(at(2026, 11, 24)))).toEqual({ label: 'Cast Vote', to });
    expect(voteLink(vote, time(at(2026, 11, 27)))).toEqual({ label: 'View Results', to });
    // Open, but nothing (left) for this user to vote on.
    const done = makeMyVote({ motions_to_vote_count: 0 });
    expect(voteLink(done, time(at(2026, 11, 24))).label).toBe('View Vote');
  });

  it("tells where the user stands on the vote's motions", () => {
    expect(voteProgressText(makeMyVote())).toBe('2 of 3 motions awaiting your vote');
    expect(voteProgressText(makeMyVote({ motions_count: 1, motions_to_vote_count: 1 }))).toBe(
      '1 of 1 motion awaiting your vote',
    );
    expect(voteProgressText(makeMyVote({ motions_to_vote_count: 0 }))).toBe('You have voted on every motion');
    expect(voteProgressText(makeMyVote({ motions_count: 0, motions_to_vote_count: 0 }))).toBeNull();
    expect(
      voteProgressText(makeMyVote({ is_voting: false, motions_count: 0, motions_to_vote_count: 0 })),
    ).toBe('Non-voting member');
  });

  it('says nothing awaits a vote before it opens, only what there will be to vote on', () => {
    expect(voteProgressText(makeMyVote({ motions_count: 1, motions_to_vote_count: 1 }), 'planned')).toBe(
      '1 motion to vote on once it opens',
    );
    expect(voteProgressText(makeMyVote(), 'planned')).toBe('2 motions to vote on once it opens');
  });
});

function meetingWith(status: 'planned' | 'in_progress', rsvp: ReturnType<typeof makeMyMeeting>['rsvp']) {
  return makeMyMeeting({ meeting: { status }, rsvp });
}
