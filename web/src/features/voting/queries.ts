import { type TMotionsReply, type TResultVisibility } from '@gavel/contracts';
import {
  type QueryClient,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { fetchEmailVote } from '@/features/email-votes/api';
import {
  addVoteTime,
  amendMotion,
  approveUnanimously,
  castResponse,
  closeVote,
  createMotion,
  deleteMotion,
  fetchMotions,
  type MotionFormBody,
  resortMotions,
  setResultVisibility,
  startVote,
  updateMotion,
  type VoteStartBody,
} from '@/features/voting/api';
import { scopeCode } from '@/features/voting/scope';
import { withMotion, withMotionOrder, withOwnResponses, withoutMotions, withVote } from '@/lib/cache-patches';
import type { PageScope } from '@/lib/page-scope';
import { queryKeys } from '@/lib/query-keys';
import { scopeKeys } from '@/lib/realtime/live-scope';
import { PAGE_ACTION_KEY, usePagePolling } from '@/lib/realtime/page-polling';

export function motionsKey(scope: PageScope) {
  return queryKeys.voting.motions(scope.kind, scope.committeeCode, scopeCode(scope));
}

/**
 * GET {base}/retrieve/motions, polled every `intervalFor(latest answer)` ms. Polling pauses while any action
 * of the page runs with realtime down and resumes after it (spec section 7, usePagePolling). A failed or invalid fetch is only logged; the last
 * answer stays and polling goes on.
 */
export function useMotions(
  scope: PageScope,
  intervalFor: (data: TMotionsReply | undefined) => number | false,
  live = false,
) {
  const refetchInterval = usePagePolling(
    (query: { state: { data: TMotionsReply | undefined } }) => intervalFor(query.state.data),
    live,
  );
  return useQuery({
    queryKey: motionsKey(scope),
    queryFn: async ({ signal }) => {
      try {
        return await fetchMotions(scope, signal);
      } catch (err) {
        if (!(err instanceof DOMException && err.name === 'AbortError')) {
          console.warn('Motions could not be retrieved', err);
        }
        throw err;
      }
    },
    refetchInterval,
    refetchIntervalInBackground: true,
    // A member's own responses reach only the tab that cast them: the other tab or device catches up as
    // soon as it is looked at again (with realtime up, its next poll is minutes away). Not while an action
    // pauses the page's fetching: its own refetch follows once it has settled.
    refetchOnWindowFocus: refetchInterval !== false,
    staleTime: 0,
    retry: false,
  });
}

/** GET /vote/{c}/{v}/retrieve/vote (email votes only: their can_modify), shared with the email-vote page. */
export function useEmailVote(scope: PageScope) {
  const committeeCode = scope.committeeCode;
  const voteCode = scope.kind === 'vote' ? scope.voteCode : '';
  return useQuery({
    queryKey: queryKeys.meetings.emailVote(committeeCode, voteCode),
    queryFn: ({ signal }) => fetchEmailVote(committeeCode, voteCode, signal),
    enabled: scope.kind === 'vote',
  });
}

function update(queryClient: QueryClient, scope: PageScope, fn: (data: TMotionsReply) => TMotionsReply) {
  queryClient.setQueryData<TMotionsReply>(motionsKey(scope), (data) => (data ? fn(data) : data));
}

/**
 * Options shared by every action: cancel an in-flight fetch when the action starts (its answer would
 * be older than the action's), refetch once it has settled.
 */
function useActionOptions(scope: PageScope) {
  const queryClient = useQueryClient();
  return {
    queryClient,
    base: {
      mutationKey: PAGE_ACTION_KEY,
      onMutate: async () => {
        await queryClient.cancelQueries({ queryKey: motionsKey(scope) });
      },
      onSettled: () => {
        void queryClient.invalidateQueries({ queryKey: motionsKey(scope) });
        if (scope.kind === 'vote') {
          void queryClient.invalidateQueries({
            queryKey: queryKeys.meetings.emailVote(scope.committeeCode, scope.voteCode),
          });
        }
      },
    },
  };
}

export type MotionSaveInput =
  | { mode: 'create'; body: MotionFormBody }
  | { mode: 'edit'; id: string; body: MotionFormBody }
  | { mode: 'amend'; id: string; body: MotionFormBody };

/** Create, edit or amend (POST motion, PUT motion/{id}, POST motion/{id}/amendment). */
export function useSaveMotion(scope: PageScope) {
  const { queryClient, base } = useActionOptions(scope);
  return useMutation({
    ...base,
    mutationFn: (input: MotionSaveInput) => {
      if (input.mode === 'create') return createMotion(scope, input.body);
      if (input.mode === 'edit') return updateMotion(scope, input.id, input.body);
      return amendMotion(scope, input.id, input.body);
    },
    onSuccess: (reply) => update(queryClient, scope, (data) => withMotion(data, reply.motion)),
  });
}

/** Page actions (PAGE_ACTION_KEY pauses polling for them too) whose pending motions the cards tell apart. */
const DELETE_KEY = [...PAGE_ACTION_KEY, 'delete-motion'] as const;
const DECIDE_KEY = [...PAGE_ACTION_KEY, 'decide'] as const;

/** The motion ids of the pending actions under `mutationKey`. */
function usePendingMotionIds(mutationKey: readonly unknown[], idOf: (variables: unknown) => string) {
  return useMutationState({
    filters: { mutationKey: [...mutationKey], status: 'pending' },
    select: (mutation) => idOf(mutation.state.variables),
  });
}

export function useDeleteMotion(scope: PageScope) {
  const { queryClient, base } = useActionOptions(scope);
  return useMutation({
    ...base,
    mutationKey: DELETE_KEY,
    mutationFn: (id: string) => deleteMotion(scope, id),
    onSuccess: (_reply, id) => update(queryClient, scope, (data) => withoutMotions(data, [id])),
  });
}

/** PUT motions-resort; the new order shows at once and goes back when the call fails. */
export function useResortMotions(scope: PageScope) {
  const { queryClient, base } = useActionOptions(scope);
  return useMutation({
    ...base,
    mutationFn: (ids: string[]) => resortMotions(scope, ids),
    onMutate: async (ids: string[]) => {
      await base.onMutate();
      const previous = queryClient.getQueryData<TMotionsReply>(motionsKey(scope));
      update(queryClient, scope, (data) => withMotionOrder(data, ids));
      return { previous };
    },
    onError: (_err, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(motionsKey(scope), context.previous);
    },
  });
}

export function useSetResultVisibility(scope: PageScope) {
  const { queryClient, base } = useActionOptions(scope);
  return useMutation({
    ...base,
    mutationFn: ({ id, value }: { id: string; value: TResultVisibility }) =>
      setResultVisibility(scope, id, value),
    onSuccess: (reply) => update(queryClient, scope, (data) => withMotion(data, reply.motion)),
  });
}

export type VoteDecision = { id: string; how: 'vote' | 'unanimous' } & VoteStartBody;

/** Starts a vote or approves by unanimous consent. */
export function useDecideMotion(scope: PageScope) {
  const { queryClient, base } = useActionOptions(scope);
  return useMutation({
    ...base,
    mutationKey: DECIDE_KEY,
    mutationFn: ({ id, how, type, revote }: VoteDecision) =>
      how === 'vote'
        ? startVote(scope, id, { type, revote })
        : approveUnanimously(scope, id, { type, revote }),
    onSuccess: (reply) =>
      update(queryClient, scope, (data) => {
        const next = withMotion(data, reply.motion);
        return reply.vote ? withVote(next, reply.vote) : next;
      }),
  });
}

/** The motions whose delete request is running (their Delete buttons wait). */
export function useMotionsBeingDeleted(): string[] {
  return usePendingMotionIds(DELETE_KEY, (id) => String(id));
}

/** The motions whose vote start or unanimous consent is being sent (their Begin Vote and Revote wait). */
export function useMotionsBeingDecided(): string[] {
  return usePendingMotionIds(DECIDE_KEY, (decision) => (decision as VoteDecision).id);
}

export function useAddVoteTime(scope: PageScope) {
  const { queryClient, base } = useActionOptions(scope);
  return useMutation({
    ...base,
    mutationFn: ({ id, voteId, time }: { id: string; voteId: string; time: number }) =>
      addVoteTime(scope, id, voteId, time),
    onSuccess: (reply) =>
      update(queryClient, scope, (data) => (reply.vote ? withVote(data, reply.vote) : data)),
  });
}

export function useCloseVote(scope: PageScope) {
  const { queryClient, base } = useActionOptions(scope);
  return useMutation({
    ...base,
    mutationFn: ({ id, voteId }: { id: string; voteId: string }) => closeVote(scope, id, voteId),
    onSuccess: (reply) =>
      update(queryClient, scope, (data) => (reply.vote ? withVote(data, reply.vote) : data)),
  });
}

/** Casts a response; the answer replaces the caller's responses of that vote. */
export function useCastResponse(scope: PageScope) {
  const { queryClient, base } = useActionOptions(scope);
  return useMutation({
    ...base,
    mutationFn: ({ id, voteId, vote }: { id: string; voteId: string; vote: string }) =>
      castResponse(scope, id, voteId, { vote, idempotency_key: newIdempotencyKey() }),
    onSuccess: (reply, { voteId }) =>
      update(queryClient, scope, (data) => withOwnResponses(data, voteId, reply.responses)),
    // A refused vote may mean the page is behind (the member was checked out, the vote closed): with the
    // motions (on settling), who is present is fetched again at once rather than at the next poll.
    onError: () => void queryClient.invalidateQueries({ queryKey: scopeKeys(scope).attendance }),
  });
}

function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
