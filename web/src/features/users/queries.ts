import type { TMe } from '@gavel/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchUserEditView, type UserUpdateBody, updateUser } from '@/features/users/api';
import { queryKeys } from '@/lib/query-keys';

export function useUserEditView(id: string) {
  return useQuery({
    queryKey: queryKeys.users.edit(id),
    queryFn: ({ signal }) => fetchUserEditView(id, signal),
  });
}

export function useUpdateUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserUpdateBody) => updateUser(id, body),
    onSuccess: (view) => {
      queryClient.setQueryData(queryKeys.users.edit(id), view);
      // Editing yourself changes what /api/me says (name, roles, permissions).
      if (queryClient.getQueryData<TMe | null>(queryKeys.me)?.user.id === id) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      }
    },
  });
}
