import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { decideMyAppointment, fetchMyCommittees } from '@/features/home/api';
import { queryKeys } from '@/lib/query-keys';

export function useMyCommittees() {
  return useQuery({
    queryKey: queryKeys.appointments.mine,
    queryFn: ({ signal }) => fetchMyCommittees(signal),
  });
}

export function useDecideMyAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideMyAppointment,
    // The dashboards and member lists show the same appointment.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.appointments.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.committees.all });
    },
  });
}
