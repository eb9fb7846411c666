import type { TCommitteeCopyInput, TCommitteeCreateInput } from '@gavel/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addMember,
  type CommitteeUpdateBody,
  copyCommittee,
  createCommittee,
  deleteCommittee,
  fetchCommittee,
  fetchCommittees,
  fetchMembers,
  type MemberCreateBody,
  type MemberUpdateBody,
  removeMember,
  updateCommittee,
  updateMember,
} from '@/features/committees/api';
import { queryKeys } from '@/lib/query-keys';

export function useCommittees(year: number | null) {
  return useQuery({
    queryKey: queryKeys.committees.list(year ?? 0),
    queryFn: ({ signal }) => fetchCommittees(year ?? 0, signal),
    enabled: year !== null,
  });
}

export function useCommittee(code: string, year?: number) {
  return useQuery({
    queryKey: queryKeys.committees.detail(code, year),
    queryFn: ({ signal }) => fetchCommittee(code, year, signal),
  });
}

export function useMembers(code: string, year?: number) {
  return useQuery({
    queryKey: queryKeys.committees.members(code, year),
    queryFn: ({ signal }) => fetchMembers(code, year, signal),
  });
}

/** After any change to committees or memberships: lists, details and dashboards refetch. */
export function invalidateCommitteeData(queryClient: ReturnType<typeof useQueryClient>): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.committees.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.appointments.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.years });
}

export function useCreateCommittee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCommitteeCreateInput) => createCommittee(body),
    onSuccess: () => invalidateCommitteeData(queryClient),
  });
}

export function useCopyCommittee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCommitteeCopyInput) => copyCommittee(body),
    onSuccess: () => invalidateCommitteeData(queryClient),
  });
}

/** PUT /admin/committee/{code}: the answer is the committee as saved (its code may be new). */
export function useUpdateCommittee(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommitteeUpdateBody) => updateCommittee(code, body),
    onSuccess: () => invalidateCommitteeData(queryClient),
  });
}

export function useDeleteCommittee(code: string, year?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteCommittee(code, year),
    onSuccess: () => {
      // The page is left: its own queries must not refetch a committee that is gone.
      queryClient.removeQueries({ queryKey: queryKeys.committees.detail(code, year) });
      queryClient.removeQueries({ queryKey: queryKeys.committees.members(code, year) });
      invalidateCommitteeData(queryClient);
    },
  });
}

export function useAddMember(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberCreateBody) => addMember(code, body),
    onSuccess: () => invalidateCommitteeData(queryClient),
  });
}

export function useUpdateMember(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MemberUpdateBody }) => updateMember(code, id, body),
    onSuccess: () => invalidateCommitteeData(queryClient),
  });
}

export function useRemoveMember(code: string, year?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => removeMember(code, id, year),
    onSuccess: () => invalidateCommitteeData(queryClient),
  });
}
