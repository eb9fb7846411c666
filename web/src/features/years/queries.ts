import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchYears, setCurrentYear } from '@/features/years/api';
import { queryKeys } from '@/lib/query-keys';

export function useYears() {
  return useQuery({ queryKey: queryKeys.years, queryFn: ({ signal }) => fetchYears(signal) });
}

export function useSetCurrentYear() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCurrentYear,
    onSuccess: (years) => {
      queryClient.setQueryData(queryKeys.years, years);
      // "Current year" decides which committees and appointments other pages show.
      void queryClient.invalidateQueries({ queryKey: queryKeys.committees.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.appointments.all });
    },
  });
}
