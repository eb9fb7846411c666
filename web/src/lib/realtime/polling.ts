/**
 * Refetch intervals (meetings spec section 9, "Polling intervals"). While the realtime socket is
 * connected the page polls slowly as a safety net; while it is down it polls with the intervals chosen
 * by role, phase and active vote. Pure: the hooks pass what they know.
 */
export type PollPhase = 'planned' | 'in_progress' | 'ended';

/** Realtime connected: 300000 for runners, 600000 for others. */
export const CONNECTED_INTERVAL = { runner: 300_000, other: 600_000 } as const;

export const MEETING_INTERVAL = {
  planned: 90_000,
  runnerActiveVote: 2_000,
  runner: 5_000,
  votingMember: 5_000,
  otherActiveVote: 10_000,
  other: 60_000,
  otherwise: 600_000,
} as const;

export const ATTENDANCE_INTERVAL = {
  plannedEditor: 30_000,
  planned: 120_000,
  inProgressEditor: 7_000,
  inProgressVotingMember: 18_000,
  inProgress: 117_000,
  otherwise: 600_000,
} as const;

export interface PollInput {
  /** Whether the realtime socket is connected. */
  live: boolean;
  phase: PollPhase;
  /** Holds 'run meetings'. */
  runner: boolean;
  /** A voting member of the committee (of this meeting or email vote). */
  votingMember: boolean;
  /** A vote of the meeting (or email vote) is active now. */
  activeVote: boolean;
}

/** The meeting (and motions) refetch interval in ms. */
export function meetingPollInterval(input: PollInput): number {
  if (input.live) return input.runner ? CONNECTED_INTERVAL.runner : CONNECTED_INTERVAL.other;
  if (input.phase === 'planned') return MEETING_INTERVAL.planned;
  if (input.phase === 'in_progress') {
    if (input.runner) return input.activeVote ? MEETING_INTERVAL.runnerActiveVote : MEETING_INTERVAL.runner;
    if (input.votingMember) return MEETING_INTERVAL.votingMember;
    return input.activeVote ? MEETING_INTERVAL.otherActiveVote : MEETING_INTERVAL.other;
  }
  return MEETING_INTERVAL.otherwise;
}

export interface AttendancePollInput {
  live: boolean;
  phase: PollPhase;
  runner: boolean;
  /** May change attendance ('modify meeting attendance', or RSVPs while planned). */
  editor: boolean;
  votingMember: boolean;
}

/** The attendance refetch interval in ms ("vote polling mirrors these" on the email-vote page). */
export function attendancePollInterval(input: AttendancePollInput): number {
  if (input.live) return input.runner ? CONNECTED_INTERVAL.runner : CONNECTED_INTERVAL.other;
  if (input.phase === 'planned') {
    return input.editor ? ATTENDANCE_INTERVAL.plannedEditor : ATTENDANCE_INTERVAL.planned;
  }
  if (input.phase === 'in_progress') {
    if (input.editor) return ATTENDANCE_INTERVAL.inProgressEditor;
    if (input.votingMember) return ATTENDANCE_INTERVAL.inProgressVotingMember;
    return ATTENDANCE_INTERVAL.inProgress;
  }
  return ATTENDANCE_INTERVAL.otherwise;
}

/**
 * The motions list's refetch interval: on a meeting page it follows the meeting's row (it is what changes
 * with a vote); on the email-vote page it follows the vote's, which mirrors attendance's ("vote polling
 * mirrors these"), so a vote open for days is not polled every 2 s.
 */
export function motionsPollInterval(
  scope: 'meeting' | 'vote',
  input: PollInput & Pick<AttendancePollInput, 'editor'>,
): number {
  return scope === 'meeting' ? meetingPollInterval(input) : attendancePollInterval(input);
}
