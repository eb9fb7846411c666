import type { TCommitteeCopyInput, TCommitteeCreateInput } from '@gavel/contracts';
import {
  type Query,
  type QueryClient,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
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
import { forgetOnceUnobserved } from '@/lib/query-client';
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

/**
 * After any change to committees or memberships: lists, details and dashboards refetch (the committees'
 * queries `keep` accepts, all by default).
 */
export function invalidateCommitteeData(
  queryClient: QueryClient,
  keep: (query: Query) => boolean = () => true,
): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.committees.all, predicate: keep });
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

/**
 * DELETE /admin/committee/{code}. The deleted committee's own queries (its page's, keyed by the page's
 * ?year= or none) are neither invalidated nor refetched, which would only answer 404 while its page is
 * still shown: they are dropped once the page is gone. Everything else about committees refetches.
 */
export function useDeleteCommittee(code: string, year?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteCommittee(code, year),
    onSuccess: () => {
      const keys: QueryKey[] = [
        queryKeys.committees.detail(code, year),
        queryKeys.committees.detail(code),
        queryKeys.committees.members(code, year),
        queryKeys.committees.members(code),
        queryKeys.meetings.list(code, year),
        queryKeys.meetings.list(code),
        queryKeys.meetings.emailVotes(code, year),
        queryKeys.meetings.emailVotes(code),
      ];
      const cache = queryClient.getQueryCache();
      const gone = new Set(keys.flatMap((queryKey) => cache.findAll({ queryKey, exact: true })));
      void queryClient.cancelQueries({ predicate: (query) => gone.has(query) });
      for (const query of gone) forgetOnceUnobserved(queryClient, query.queryKey);
      invalidateCommitteeData(queryClient, (query) => !gone.has(query));
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
