import { describe, expect, it } from 'vitest';
import {
  attendancePollInterval,
  meetingPollInterval,
  motionsPollInterval,
  type PollInput,
} from '@/lib/realtime/polling';

const base: PollInput = {
  live: false,
  phase: 'in_progress',
  runner: false,
  votingMember: false,
  activeVote: false,
};

describe('meetingPollInterval', () => {
  it('polls slowly while the socket is connected: 5 min for runners, 10 min for others', () => {
    expect(meetingPollInterval({ ...base, live: true, runner: true, activeVote: true })).toBe(300_000);
    expect(meetingPollInterval({ ...base, live: true, votingMember: true })).toBe(600_000);
  });

  it('planned meetings poll every 90 s', () => {
    expect(meetingPollInterval({ ...base, phase: 'planned', runner: true })).toBe(90_000);
  });

  it('in progress: runners 2 s with an active vote, else 5 s', () => {
    expect(meetingPollInterval({ ...base, runner: true, activeVote: true })).toBe(2_000);
    expect(meetingPollInterval({ ...base, runner: true })).toBe(5_000);
  });

  it('in progress: voting members 5 s; others 10 s with an active vote, else 60 s', () => {
    expect(meetingPollInterval({ ...base, votingMember: true, activeVote: true })).toBe(5_000);
    expect(meetingPollInterval({ ...base, activeVote: true })).toBe(10_000);
    expect(meetingPollInterval(base)).toBe(60_000);
  });

  it('ended meetings poll every 10 min', () => {
    expect(meetingPollInterval({ ...base, phase: 'ended', runner: true, activeVote: true })).toBe(600_000);
  });
});

describe('attendancePollInterval', () => {
  const a = { live: false, phase: 'planned' as const, runner: false, editor: false, votingMember: false };

  it('planned: 30 s for attendance editors, 2 min for others', () => {
    expect(attendancePollInterval({ ...a, editor: true })).toBe(30_000);
    expect(attendancePollInterval(a)).toBe(120_000);
  });

  it('in progress: 7 s for editors, 18 s for voting members, 117 s for others', () => {
    const p = { ...a, phase: 'in_progress' as const };
    expect(attendancePollInterval({ ...p, editor: true, votingMember: true })).toBe(7_000);
    expect(attendancePollInterval({ ...p, votingMember: true })).toBe(18_000);
    expect(attendancePollInterval(p)).toBe(117_000);
  });

  it('ended: 10 min; connected: 5 min for runners, 10 min for others', () => {
    expect(attendancePollInterval({ ...a, phase: 'ended', editor: true })).toBe(600_000);
    expect(attendancePollInterval({ ...a, live: true, runner: true })).toBe(300_000);
    expect(attendancePollInterval({ ...a, live: true, editor: true })).toBe(600_000);
  });
});

describe('motionsPollInterval', () => {
  const active = { ...base, activeVote: true, editor: false };

  it("follows the meeting's row on a meeting page", () => {
    expect(motionsPollInterval('meeting', { ...active, runner: true })).toBe(2_000);
    expect(motionsPollInterval('meeting', { ...active, votingMember: true })).toBe(5_000);
  });

  it("follows the vote's (attendance's) row on the email-vote page, open for days", () => {
    expect(motionsPollInterval('vote', { ...active, runner: true, editor: true })).toBe(7_000);
    expect(motionsPollInterval('vote', { ...active, votingMember: true })).toBe(18_000);
    expect(motionsPollInterval('vote', active)).toBe(117_000);
    expect(motionsPollInterval('vote', { ...active, live: true, runner: true })).toBe(300_000);
  });
});
