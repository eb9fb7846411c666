/** Every TanStack Query key of the app, from one factory so invalidation finds them. */
export const queryKeys = {
  me: ['me'] as const,
  /** Client-side only: true once a change was refused because the session had ended (query-client.ts). */
  sessionEnded: ['session-ended'] as const,
  users: {
    edit: (id: string) => ['users', 'edit', id] as const,
    search: (query: string) => ['users', 'search', query] as const,
  },
  years: ['years'] as const,
  committees: {
    all: ['committees'] as const,
    list: (year: number) => ['committees', 'list', year] as const,
    detail: (code: string, year?: number) => ['committees', 'detail', code, year ?? null] as const,
    members: (code: string, year?: number) => ['committees', 'members', code, year ?? null] as const,
  },
  appointments: {
    all: ['appointments'] as const,
    dashboard: (year: number) => ['appointments', 'dashboard', year] as const,
    mine: ['appointments', 'mine'] as const,
  },
  meetings: {
    all: ['meetings'] as const,
    /** The member home's lists (GET /api/me/meetings, /api/me/votes), under meetings so their changes refresh them. */
    mine: ['meetings', 'mine'] as const,
    myVotes: ['meetings', 'my-votes'] as const,
    /**
     * Every year's meetings list of a committee code (codes repeat across years): what a change of one of its
     * meetings refreshes, since the change does not know which year's list shows it.
     */
    lists: (committeeCode: string) => ['meetings', 'list', committeeCode] as const,
    list: (committeeCode: string, year?: number) =>
      ['meetings', 'list', committeeCode, year ?? null] as const,
    admin: (committeeCode: string, meetingCode: string) =>
      ['meetings', 'admin', committeeCode, meetingCode] as const,
    /** GET {meeting base}/retrieve/meeting */
    detail: (committeeCode: string, meetingCode: string) =>
      ['meetings', 'detail', committeeCode, meetingCode] as const,
    /** GET {meeting base}/retrieve/attendance */
    attendance: (committeeCode: string, meetingCode: string) =>
      ['meetings', 'attendance', committeeCode, meetingCode] as const,
    join: (committeeCode: string, meetingCode: string, videoId: string | null) =>
      ['meetings', 'join', committeeCode, meetingCode, videoId] as const,
    userSearch: (criteria: Record<string, string>) => ['meetings', 'user-search', criteria] as const,
    /** Every year's email-vote list of a committee code, as `lists`. */
    emailVoteLists: (committeeCode: string) => ['meetings', 'email-votes', committeeCode] as const,
    emailVotes: (committeeCode: string, year?: number) =>
      ['meetings', 'email-votes', committeeCode, year ?? null] as const,
    /** GET {vote base}/retrieve/vote */
    emailVote: (committeeCode: string, voteCode: string) =>
      ['meetings', 'email-vote', committeeCode, voteCode] as const,
    /** GET {vote base}/retrieve/attendance */
    emailVoteAttendance: (committeeCode: string, voteCode: string) =>
      ['meetings', 'email-vote-attendance', committeeCode, voteCode] as const,
  },
  voting: {
    all: ['voting'] as const,
    /** retrieve/motions of a meeting ('meeting') or an email vote ('vote'). */
    motions: (kind: 'meeting' | 'vote', committeeCode: string, code: string) =>
      ['voting', 'motions', kind, committeeCode, code] as const,
  },
};
