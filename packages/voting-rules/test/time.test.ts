import { describe, expect, it } from 'vitest';
import {
  activeVoteId,
  findActiveVote,
  hasVoteEnded,
  isSameCalendarDay,
  isVoteActive,
  toMillis,
  votePhase,
} from '../src/index.js';

const T = Date.parse('2025-03-01T12:00:00Z');

describe('votePhase', () => {
  const window = { start: new Date(T), end: new Date(T + 60_000) };
  it.each([
    [T - 1, 'planned'],
    [T, 'in_progress'],
    [T + 59_999, 'in_progress'],
    [T + 60_000, 'ended'],
    [T + 120_000, 'ended'],
  ])('at %i → %s', (now, phase) => {
    expect(votePhase(window, now)).toBe(phase);
  });
  it('missing start is planned, missing end never ends', () => {
    expect(votePhase({ start: null, end: null }, T)).toBe('planned');
    expect(votePhase({ start: new Date(T), end: null }, T + 1e9)).toBe('in_progress');
  });
});

describe('active vote', () => {
  const vote = { id: 1, started_at: new Date(T).toISOString(), ended_at: new Date(T + 60_000).toISOString() };
  it.each([
    [T - 1, false],
    [T, true], // at started_at
    [T + 30_000, true],
    [T + 60_000, false], // at ended_at it is over
  ])('at %i → %s', (now, active) => {
    expect(isVoteActive(vote, now)).toBe(active);
    expect(hasVoteEnded(vote, now)).toBe(now >= T + 60_000);
  });

  it('a vote without started_at or ended_at is not active', () => {
    expect(isVoteActive({ started_at: null, ended_at: new Date(T + 1000) }, T)).toBe(false);
    expect(isVoteActive({ started_at: new Date(T), ended_at: null }, T)).toBe(false);
    expect(hasVoteEnded({ ended_at: null }, T)).toBe(false);
  });

  it('only the first matching vote is the active one', () => {
    const votes = [
      { id: 'old', started_at: T - 200_000, ended_at: T - 100_000 },
      { id: 'a', started_at: T - 1000, ended_at: T + 1000 },
      { id: 'b', started_at: T - 1000, ended_at: T + 1000 },
    ];
    expect(findActiveVote(votes, T)?.id).toBe('a');
    expect(activeVoteId(votes, T)).toBe('a');
    expect(activeVoteId(votes, T + 5000)).toBeNull();
  });

  it('nothing is active while the meeting time key is not above 0', () => {
    const votes = [{ id: 'a', started_at: T - 1000, ended_at: T + 1000 }];
    expect(findActiveVote(votes, T, 0)).toBeNull();
    expect(findActiveVote(votes, T, -1)).toBeNull();
    expect(findActiveVote(votes, T, 1)?.id).toBe('a');
  });
});

describe('time helpers', () => {
  it('toMillis accepts Date, ISO string and epoch ms', () => {
    expect(toMillis(new Date(T))).toBe(T);
    expect(toMillis('2025-03-01T12:00:00Z')).toBe(T);
    expect(toMillis(T)).toBe(T);
    expect(toMillis(null)).toBeNull();
    expect(toMillis('not a date')).toBeNull();
  });

  it('same calendar day depends on the time zone', () => {
    const a = '2025-03-01T23:30:00Z';
    const b = '2025-03-02T00:30:00Z';
    expect(isSameCalendarDay(a, b, 'UTC')).toBe(false);
    expect(isSameCalendarDay(a, b, 'America/New_York')).toBe(true);
    expect(isSameCalendarDay(a, '2025-03-01T00:00:00Z', 'UTC')).toBe(true);
    expect(isSameCalendarDay('bad', b, 'UTC')).toBe(false);
  });
});
