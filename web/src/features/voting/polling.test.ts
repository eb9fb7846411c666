import { describe, expect, it } from 'vitest';
import { motionsPollInterval, type PollingInput } from '@/features/voting/polling';

const base: PollingInput = {
  live: false,
  phase: 'in_progress',
  isRunner: false,
  isVotingMember: false,
  hasActiveVote: false,
};

describe('motionsPollInterval', () => {
  it('polls slowly while realtime is connected: 5 min for runners, 10 min for others', () => {
    expect(motionsPollInterval({ ...base, live: true, isRunner: true, hasActiveVote: true })).toBe(300_000);
    expect(motionsPollInterval({ ...base, live: true, isVotingMember: true })).toBe(600_000);
    expect(motionsPollInterval({ ...base, live: true, phase: 'planned' })).toBe(600_000);
  });

  it('polls every 90 s while planned, whoever is watching', () => {
    expect(motionsPollInterval({ ...base, phase: 'planned' })).toBe(90_000);
    expect(motionsPollInterval({ ...base, phase: 'planned', isRunner: true })).toBe(90_000);
  });

  it('polls runners every 2 s during an active vote, else every 5 s', () => {
    expect(motionsPollInterval({ ...base, isRunner: true, hasActiveVote: true })).toBe(2_000);
    expect(motionsPollInterval({ ...base, isRunner: true })).toBe(5_000);
  });

  it('polls voting members every 5 s in progress, vote or not', () => {
    expect(motionsPollInterval({ ...base, isVotingMember: true })).toBe(5_000);
    expect(motionsPollInterval({ ...base, isVotingMember: true, hasActiveVote: true })).toBe(5_000);
  });

  it('polls others every 10 s during an active vote, else every minute', () => {
    expect(motionsPollInterval({ ...base, hasActiveVote: true })).toBe(10_000);
    expect(motionsPollInterval(base)).toBe(60_000);
  });

  it('a runner who is also a voting member polls as a runner', () => {
    expect(motionsPollInterval({ ...base, isRunner: true, isVotingMember: true, hasActiveVote: true })).toBe(
      2_000,
    );
  });

  it('polls every 10 minutes once ended', () => {
    expect(motionsPollInterval({ ...base, phase: 'ended', isRunner: true, hasActiveVote: true })).toBe(
      600_000,
    );
  });
});
