import type { TAppointmentDecision } from '@gavel/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { decideAppointment, fetchAppointmentsDashboard } from '@/features/appointments/api';
import { queryKeys } from '@/lib/query-keys';

export function useAppointmentsDashboard(year: number) {
  return useQuery({
    queryKey: queryKeys.appointments.dashboard(year),
    queryFn: ({ signal }) => fetchAppointmentsDashboard(year, signal),
  });
}

export interface AppointmentDecisionVariables {
  id: string;
  decision: TAppointmentDecision;
}

/**
 * Records a decision on a member's behalf; settles once the dashboard has reloaded. A failure reloads it
 * too (without waiting, so the error shows at once): an appointment removed in another session goes from
 * the list instead of failing every retry.
 */
export function useDecideAppointment() {
  const queryClient = useQueryClient();
  const reload = () => {
    // Committee member lists show the appointment status too.
    void queryClient.invalidateQueries({ queryKey: queryKeys.committees.all });
    return queryClient.invalidateQueries({ queryKey: queryKeys.appointments.all });
  };
  return useMutation({
    mutationFn: ({ id, decision }: AppointmentDecisionVariables) => decideAppointment(id, decision),
    onSuccess: reload,
    onError: () => void reload(),
  });
}
