import type { TRetrieveEmailVoteReply } from '@gavel/contracts';
import { PencilIcon } from 'lucide-react';
import { ErrorState } from '@/components/page-status';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/features/auth/queries';
import { emailVotePhase } from '@/features/email-votes/vote-rules';
import { DeleteMotionButton, NewMotionButton } from '@/features/voting/components/motion-buttons';
import { useMotionDialogs } from '@/features/voting/components/motions-panel';
import { ServerHtml } from '@/features/voting/components/server-html';
import { motionView, votingState } from '@/features/voting/motion-state';
import { useMotions } from '@/features/voting/queries';
import { plainText } from '@/features/voting/wording';
import { errorText } from '@/lib/api-client';
import { FALLBACK } from '@/lib/messages';
import { useClock } from '@/lib/use-clock';

/**
 * The motions part of the email vote's edit page: the vote's motions with New Motion, Edit and Delete
 * under the conditions of the vote page's Motions panel (its votingState and motionView), and the same
 * motion form and delete confirmation (useMotionDialogs). Not polled: the admin page is no live page.
 */
export function EmailVoteMotions({
  committeeCode,
  voteCode,
  vote,
}: {
  committeeCode: string;
  voteCode: string;
  vote: TRetrieveEmailVoteReply;
}) {
  const scope = { kind: 'vote', committeeCode, voteCode } as const;
  const { principal } = useCurrentUser();
  const { now, tick } = useClock();
  const motions = useMotions(scope, () => false);
  const state = votingState({
    scope,
    phase: emailVotePhase(vote, now),
    committee: vote.committee,
    motions: motions.data?.motions ?? [],
    votes: motions.data?.votes ?? [],
    responses: motions.data?.responses ?? [],
    members: [],
    principal,
    now,
    timeKey: tick,
    canModify: vote.can_modify,
  });
  const dialogs = useMotionDialogs(scope, vote.committee);

  return (
    <section aria-labelledby="vote-motions-title" className="flex flex-col gap-3 rounded-md border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="vote-motions-title" tabIndex={-1} className="font-semibold">
          Motions
        </h2>
        {state.canCreate && <NewMotionButton onClick={() => dialogs.openForm({ mode: 'create' })} />}
      </div>
      {motions.data === undefined && motions.isError ? (
        // A failed load is no empty list: say so and offer a retry, as the vote page's Motions panel does.
        <ErrorState
          className="p-4"
          message={errorText(motions.error, FALLBACK.retrieve)}
          onRetry={() => void motions.refetch()}
        />
      ) : state.roots.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {motions.isPending ? 'Loading motions…' : 'No motions to show'}
        </p>
      ) : (
        <ul className="flex flex-col divide-y" aria-label="Motions">
          {state.roots.map((motion) => {
            const view = motionView(state, motion);
            const name = plainText(motion.name);
            return (
              // Its id lets a delete find where focus goes next (the Motions heading: useMotionDialogs).
              <li key={motion.id} id={`motion-${motion.id}`} className="flex items-center gap-2 py-2">
                <ServerHtml as="span" html={motion.name} className="min-w-0 flex-1 text-sm break-words" />
                {view.canEdit && (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-11"
                    aria-label={`Edit ${name}`}
                    onClick={() => dialogs.openForm({ mode: 'edit', motion })}
                  >
                    <PencilIcon aria-hidden="true" />
                  </Button>
                )}
                {view.canDelete && (
                  <DeleteMotionButton
                    name={name}
                    pending={dialogs.isDeleting(motion)}
                    onClick={() => dialogs.askDelete(motion)}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {dialogs.element}
    </section>
  );
}
