import { can } from '@gavel/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2Icon } from 'lucide-react';
import * as React from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog, DELETE_CONFIRM_TITLE, DELETE_CONFIRM_YES } from '@/components/confirm-dialog';
import { ErrorDialog } from '@/components/error-dialog';
import { ErrorState, LoadingState } from '@/components/page-status';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/features/auth/queries';
import { yearParam } from '@/features/committees/year-param';
import { EmailVoteForm } from '@/features/email-votes/components/email-vote-form';
import { EmailVoteMotions } from '@/features/email-votes/components/email-vote-motions';
import {
  emailVoteFormValues,
  emptyEmailVoteForm,
  toEmailVoteBody,
} from '@/features/email-votes/email-vote-form';
import {
  useCreateEmailVote,
  useDeleteEmailVote,
  useEmailVote,
  useUpdateEmailVote,
} from '@/features/email-votes/queries';
import { errorText } from '@/lib/api-client';
import { FALLBACK } from '@/lib/messages';
import { committeeAdminBase, paths, voteBase } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { LEAVE_UNASKED } from '@/lib/use-unsaved-changes';

export const EMAIL_VOTE_FORBIDDEN = 'You do not have permission to manage email votes.';
export const EMAIL_VOTE_ENDED_NOTE = 'This vote can no longer be changed.';
export const EMAIL_VOTE_ANSWERED_NOTE =
  'This vote already has responses, so it can no longer be deleted and its opening time can no longer be moved.';
export const EMAIL_VOTE_START_LOCKED_HINT = 'Responses are in: the opening time can no longer be moved.';
const LOCKED_NOTE_ID = 'vote-locked-note';

/** /admin/committee/:code/vote/create */
export function EmailVoteCreatePage() {
  const { code = '' } = useParams();
  const [searchParams] = useSearchParams();
  const year = yearParam(searchParams.get('year'));
  const { principal } = useCurrentUser();
  const navigate = useNavigate();
  const create = useCreateEmailVote(code, year);
  const initial = React.useMemo(() => emptyEmailVoteForm(), []);
  if (!can(principal, 'create email vote'))
    return <ErrorState heading="New Email Vote" message={EMAIL_VOTE_FORBIDDEN} />;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">New Email Vote</h1>
      <EmailVoteForm
        committeeCode={code}
        initial={initial}
        withCode
        submitLabel="Create Vote"
        onSave={async (values) => {
          const vote = await create.mutateAsync(toEmailVoteBody(values));
          toast.success('Vote Added');
          await navigate(voteBase(code, vote.code));
        }}
        actions={
          <Button asChild variant="outline">
            <Link to={paths.committeeAdmin({ code, year: year ?? null })}>Cancel</Link>
          </Button>
        }
      />
    </div>
  );
}

/** /admin/committee/:code/vote/:voteCode/edit */
export function EmailVoteEditPage() {
  const { code = '', voteCode = '' } = useParams();
  const { principal } = useCurrentUser();
  const navigate = useNavigate();
  const vote = useEmailVote(code, voteCode);
  const update = useUpdateEmailVote(code, voteCode);
  const initial = React.useMemo(() => (vote.data ? emailVoteFormValues(vote.data) : null), [vote.data]);
  if (!can(principal, 'create email vote'))
    return <ErrorState heading="Edit Email Vote" message={EMAIL_VOTE_FORBIDDEN} />;
  if (vote.isPending) return <LoadingState />;
  if (!vote.data || !initial) {
    return (
      <ErrorState
        heading="Edit Email Vote"
        message={errorText(vote.error, FALLBACK.retrieve)}
        error={vote.error}
        onRetry={() => void vote.refetch()}
        back={{ to: committeeAdminBase(code), label: 'Back to Committee Admin' }}
      />
    );
  }
  const data = vote.data;
  // As the server decides: an ended vote is neither saved nor deleted; once responses are in (can_modify
  // false before the end) it may still be saved, with its start where it was, but not deleted.
  const ended = data.phase === 'ended';
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight break-words">Edit Vote: {data.name}</h1>
        <Button asChild variant="outline" size="sm">
          <Link to={voteBase(code, data.code)}>View Vote</Link>
        </Button>
      </div>
      {(ended || !data.can_modify) && (
        <p id={LOCKED_NOTE_ID} className="text-sm text-muted-foreground">
          {ended ? EMAIL_VOTE_ENDED_NOTE : EMAIL_VOTE_ANSWERED_NOTE}
        </p>
      )}
      <EmailVoteForm
        key={data.id}
        committeeCode={code}
        initial={initial}
        withCode={false}
        submitLabel="Save Vote"
        saveBlockedBy={ended ? LOCKED_NOTE_ID : undefined}
        startLockedNote={!ended && !data.can_modify ? EMAIL_VOTE_START_LOCKED_HINT : undefined}
        onSave={async (values) => {
          const { code: _code, ...body } = toEmailVoteBody(values);
          // The pickers show whole minutes: a time left as it was keeps the vote's own instant (seconds
          // too), so a save never moves an opening that responses already depend on.
          if (values.start === initial.start) body.start = data.start;
          if (values.end === initial.end) body.end = data.end;
          await update.mutateAsync(body);
          toast.success('Vote Saved');
          await navigate(voteBase(code, voteCode));
        }}
        actions={
          <Button asChild variant="outline">
            <Link to={paths.committeeAdmin(data.committee)}>Cancel</Link>
          </Button>
        }
      />
      <EmailVoteMotions committeeCode={code} voteCode={voteCode} vote={data} />
      <DeleteEmailVote
        committeeCode={code}
        voteCode={voteCode}
        name={data.name}
        committeeAdminPath={paths.committeeAdmin(data.committee)}
        blockedBy={data.can_modify && !ended ? undefined : LOCKED_NOTE_ID}
      />
    </div>
  );
}

function DeleteEmailVote({
  committeeCode,
  voteCode,
  name,
  committeeAdminPath,
  blockedBy,
}: {
  committeeCode: string;
  voteCode: string;
  name: string;
  /** The admin page of the vote's committee (of the vote's year: codes repeat across years). */
  committeeAdminPath: string;
  /** The id of the text saying why the server refuses the delete: the button is then disabled. */
  blockedBy: string | undefined;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteEmailVote(committeeCode, voteCode);
  const [confirming, setConfirming] = React.useState(false);
  const [failure, setFailure] = React.useState<string | null>(null);
  return (
    <section
      aria-labelledby="delete-vote-title"
      className="flex flex-col gap-2 rounded-md border border-destructive/40 p-4"
    >
      <h2 id="delete-vote-title" className="font-semibold">
        Delete Vote
      </h2>
      <div>
        <Button
          variant="destructive"
          disabled={blockedBy !== undefined || remove.isPending}
          aria-describedby={blockedBy}
          onClick={() => setConfirming(true)}
        >
          <Trash2Icon aria-hidden="true" />
          Delete Vote
        </Button>
      </div>
      <ConfirmDialog
        title={DELETE_CONFIRM_TITLE}
        confirmLabel={DELETE_CONFIRM_YES}
        destructive
        message={confirming ? `${name} and its motions will be deleted.` : null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(undefined, {
            onSuccess: async () => {
              toast.success('Vote Deleted');
              await navigate(committeeAdminPath, { state: LEAVE_UNASKED });
              // Forgotten once this page has gone: removed while it still showed the vote, it was fetched
              // again (a 404).
              queryClient.removeQueries({ queryKey: queryKeys.meetings.emailVote(committeeCode, voteCode) });
            },
            onError: (err) => setFailure(errorText(err, FALLBACK.delete)),
          });
        }}
      />
      <ErrorDialog title="Error Deleting Vote" message={failure} onClose={() => setFailure(null)} />
    </section>
  );
}
