import { can, EMAIL_VOTE_RULE_ERRORS, type TRetrieveEmailVoteReply } from '@gavel/contracts';
import * as React from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { DeleteSection } from '@/components/delete-section';
import { CancelLink, EditPageStatus, FormPage } from '@/components/form-page';
import { ErrorState } from '@/components/page-status';
import { useCurrentUser } from '@/features/auth/queries';
import { type AnsweredHints, EmailVoteForm } from '@/features/email-votes/components/email-vote-form';
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
import { backToCommitteeAdmin, useCommitteeCreateRoute } from '@/features/meetings/committee-admin-route';
import { paths, voteBase } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { useReached } from '@/lib/use-clock';

export const EMAIL_VOTE_FORBIDDEN = 'You do not have permission to manage email votes.';
export const EMAIL_VOTE_ENDED_NOTE = 'This vote can no longer be changed.';
export const EMAIL_VOTE_ANSWERED_NOTE =
  'This vote already has responses, so it can no longer be deleted and only its closing time can change.';
/** Once responses are in, in the words the server refuses a change of each. */
export const EMAIL_VOTE_ANSWERED_HINTS: AnsweredHints = {
  name: EMAIL_VOTE_RULE_ERRORS.nameHasResponses.message,
  start: EMAIL_VOTE_RULE_ERRORS.startHasResponses.message,
  description: EMAIL_VOTE_RULE_ERRORS.descriptionHasResponses.message,
};
const LOCKED_NOTE_ID = 'vote-locked-note';

/** /admin/committee/:code/vote/create */
export function EmailVoteCreatePage() {
  const { code, year, committeeAdminPath } = useCommitteeCreateRoute();
  const { principal } = useCurrentUser();
  const navigate = useNavigate();
  const create = useCreateEmailVote(code, year);
  const initial = React.useMemo(() => emptyEmailVoteForm(), []);
  if (!can(principal, 'create email vote'))
    return <ErrorState heading="New Email Vote" message={EMAIL_VOTE_FORBIDDEN} />;
  return (
    <FormPage title="New Email Vote">
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
        actions={<CancelLink to={committeeAdminPath} />}
      />
    </FormPage>
  );
}

/** /admin/committee/:code/vote/:voteCode/edit */
export function EmailVoteEditPage() {
  const { code = '', voteCode = '' } = useParams();
  const { principal } = useCurrentUser();
  const vote = useEmailVote(code, voteCode);
  return (
    <EditPageStatus
      heading="Edit Email Vote"
      allowed={can(principal, 'create email vote')}
      forbidden={EMAIL_VOTE_FORBIDDEN}
      query={vote}
      back={backToCommitteeAdmin(code)}
    >
      {(data) => <EmailVoteEditor key={data.id} committeeCode={code} voteCode={voteCode} vote={data} />}
    </EditPageStatus>
  );
}

/** The edit page once its vote has loaded: the vote's form, its motions, and its Delete. */
function EmailVoteEditor({
  committeeCode: code,
  voteCode,
  vote: data,
}: {
  committeeCode: string;
  /** As the route names it. */
  voteCode: string;
  vote: TRetrieveEmailVoteReply;
}) {
  const navigate = useNavigate();
  const update = useUpdateEmailVote(code, voteCode);
  const remove = useDeleteEmailVote(code, voteCode);
  // The vote as the form loaded it, kept while the query refetches: the save sends its updated_at, so a
  // change someone else saved meanwhile is refused (409, in the error dialog) instead of silently undone.
  const [loaded] = React.useState(data);
  const initial = React.useMemo(() => emailVoteFormValues(loaded), [loaded]);
  // The admin page of the vote's committee, of the vote's year (codes repeat across years).
  const committeeAdminPath = paths.committeeAdmin(data.committee);
  // As the server decides: an ended vote is neither saved nor deleted; once responses are in (can_modify
  // false before the end) it may still be saved, with only its end changed, but not deleted. Ended by
  // the clock, so a page left open past the close locks then, not on the server's refusal.
  const ended = useReached(data.end);
  return (
    <FormPage
      title={`Edit Email Vote: ${data.name}`}
      view={{ to: voteBase(code, data.code), label: 'View Vote' }}
    >
      {(ended || !data.can_modify) && (
        <p id={LOCKED_NOTE_ID} className="text-sm text-muted-foreground">
          {ended ? EMAIL_VOTE_ENDED_NOTE : EMAIL_VOTE_ANSWERED_NOTE}
        </p>
      )}
      <EmailVoteForm
        committeeCode={code}
        initial={initial}
        withCode={false}
        opensAt={loaded.start}
        submitLabel="Save Vote"
        saveBlockedBy={ended ? LOCKED_NOTE_ID : undefined}
        answeredHints={!ended && !data.can_modify ? EMAIL_VOTE_ANSWERED_HINTS : undefined}
        onSave={async (values) => {
          const { code: _code, ...body } = toEmailVoteBody(values);
          // The pickers show whole minutes: a time left as it was keeps the vote's own instant (seconds
          // too), so a save never moves an opening that responses already depend on. A name and description
          // left as they were are sent as the vote has them (the editor may write the same text differently),
          // so that, once responses are in, the server sees no change of either.
          if (values.name === initial.name) body.name = loaded.name;
          if (values.description === initial.description) body.description = loaded.description;
          if (values.start === initial.start) body.start = loaded.start;
          if (values.end === initial.end) body.end = loaded.end;
          await update.mutateAsync({ ...body, updated_at: loaded.updated_at });
          toast.success('Vote Saved');
          await navigate(voteBase(code, voteCode));
        }}
        actions={<CancelLink to={committeeAdminPath} />}
      />
      <EmailVoteMotions committeeCode={code} voteCode={voteCode} vote={data} />
      <DeleteSection
        id="delete-vote"
        title="Delete Vote"
        blockedBy={data.can_modify && !ended ? undefined : LOCKED_NOTE_ID}
        message={`${data.name} and its motions will be deleted.`}
        errorTitle="Error Deleting Vote"
        remove={remove}
        deleted={{
          toast: 'Vote Deleted',
          leaveTo: committeeAdminPath,
          queryKey: queryKeys.meetings.emailVote(code, voteCode),
        }}
      />
    </FormPage>
  );
}
