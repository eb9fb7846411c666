import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { decideMyAppointment, fetchMyCommittees, fetchMyMeetings, fetchMyVotes } from '@/features/home/api';
import { queryKeys } from '@/lib/query-keys';

/** Phases move with the clock (a meeting starts, a vote opens): the lists refresh every minute. */
const HOME_REFRESH_MS = 60_000;

export function useMyCommittees() {
  return useQuery({
    queryKey: queryKeys.appointments.mine,
    queryFn: ({ signal }) => fetchMyCommittees(signal),
  });
}

export function useMyMeetings() {
  return useQuery({
    queryKey: queryKeys.meetings.mine,
    queryFn: ({ signal }) => fetchMyMeetings(signal),
    refetchInterval: HOME_REFRESH_MS,
  });
}

export function useMyVotes() {
  return useQuery({
    queryKey: queryKeys.meetings.myVotes,
    queryFn: ({ signal }) => fetchMyVotes(signal),
    refetchInterval: HOME_REFRESH_MS,
  });
}

/**
 * Answers the member's own tentative appointment. A failure reloads the lists too (without waiting, so the
 * error shows at once): an appointment answered or removed elsewhere loses its buttons instead of failing
 * every retry.
 */
export function useDecideMyAppointment() {
  const queryClient = useQueryClient();
  // The dashboards and member lists show the same appointment; a declined one drops its meetings and votes.
  const reload = () =>
    Promise.all(
      [
        queryKeys.appointments.all,
        queryKeys.committees.all,
        queryKeys.meetings.mine,
        queryKeys.meetings.myVotes,
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  return useMutation({
    mutationFn: decideMyAppointment,
    onSuccess: () => void reload(),
    onError: () => void reload(),
  });
}
