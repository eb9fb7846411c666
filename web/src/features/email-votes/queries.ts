import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createEmailVote,
  deleteEmailVote,
  type EmailVoteCreateBody,
  type EmailVoteUpdateBody,
  fetchCommitteeEmailVotes,
  fetchEmailVote,
  fetchEmailVoteAttendance,
  updateEmailVote,
} from '@/features/email-votes/api';
import { ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { usePagePolling } from '@/lib/realtime/page-polling';

export function useEmailVote(
  committeeCode: string,
  voteCode: string,
  interval: number | false = false,
  live = false,
) {
  // A 404 is final (the vote was deleted): nothing left to poll.
  const refetchInterval = usePagePolling(
    (query: { state: { error: unknown } }) => (isMissing(query.state.error) ? false : interval),
    live,
  );
  return useQuery({
    queryKey: queryKeys.meetings.emailVote(committeeCode, voteCode),
    queryFn: ({ signal }) => fetchEmailVote(committeeCode, voteCode, signal),
    refetchInterval,
  });
}

/** True when the server has no such call (yet): the page falls back to what it has. */
export function isMissing(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404;
}

export function useEmailVoteAttendance(
  committeeCode: string,
  voteCode: string,
  interval: number | false,
  live = false,
) {
  // A 404 (no attendance call) is final: the panel shows the vote's progress counts instead.
  const refetchInterval = usePagePolling(
    (query: { state: { error: unknown } }) => (isMissing(query.state.error) ? false : interval),
    live,
  );
  return useQuery({
    queryKey: queryKeys.meetings.emailVoteAttendance(committeeCode, voteCode),
    queryFn: ({ signal }) => fetchEmailVoteAttendance(committeeCode, voteCode, signal),
    refetchInterval,
    retry: (failures, err) => !isMissing(err) && failures < 2,
  });
}

/**
 * A committee's email votes (the committee admin page's list): fetched again whenever the window regains
 * focus, so a page left open shows the votes others created, edited or closed meanwhile.
 */
export function useCommitteeEmailVotes(committeeCode: string, year?: number) {
  return useQuery({
    queryKey: queryKeys.meetings.emailVotes(committeeCode, year),
    queryFn: ({ signal }) => fetchCommitteeEmailVotes(committeeCode, year, signal),
    retry: (failures, err) => !isMissing(err) && failures < 2,
    refetchOnWindowFocus: 'always',
  });
}

export function useCreateEmailVote(committeeCode: string, year?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailVoteCreateBody) => createEmailVote(committeeCode, { ...body, year }),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: queryKeys.meetings.emailVoteLists(committeeCode) }),
  });
}

export function useUpdateEmailVote(committeeCode: string, voteCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailVoteUpdateBody) => updateEmailVote(committeeCode, voteCode, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.meetings.all });
    },
  });
}

export function useDeleteEmailVote(committeeCode: string, voteCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteEmailVote(committeeCode, voteCode),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: queryKeys.meetings.emailVoteLists(committeeCode) }),
  });
}
