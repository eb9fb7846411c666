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

export function useDecideMyAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideMyAppointment,
    // The dashboards and member lists show the same appointment; a declined one drops its meetings and votes.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.appointments.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.committees.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.meetings.mine });
      void queryClient.invalidateQueries({ queryKey: queryKeys.meetings.myVotes });
    },
  });
}
