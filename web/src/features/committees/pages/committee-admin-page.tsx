import { can, canViewCommittee, type TCommittee } from '@gavel/contracts';
import { Trash2Icon } from 'lucide-react';
import * as React from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog, DELETE_CONFIRM_TITLE, DELETE_CONFIRM_YES } from '@/components/confirm-dialog';
import { ErrorDialog } from '@/components/error-dialog';
import { ErrorState, LoadingState } from '@/components/page-status';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentUser } from '@/features/auth/queries';
import {
  type CommitteeFormValues,
  committeeFormValues,
  toUpdateBody,
} from '@/features/committees/committee-form';
import {
  CommitteeSettingsForm,
  type SaveQuestion,
} from '@/features/committees/components/committee-settings-form';
import { CommitteeSettingsSummary } from '@/features/committees/components/committee-settings-summary';
import { MembersSection } from '@/features/committees/components/members-section';
import {
  DEMOGRAPHIC_LOSS_CONFIRM,
  DEMOGRAPHIC_LOSS_TITLE,
  demographicLoss,
} from '@/features/committees/demographic-loss';
import {
  useCommittee,
  useDeleteCommittee,
  useMembers,
  useUpdateCommittee,
} from '@/features/committees/queries';
import { yearParam } from '@/features/committees/year-param';
import { CommitteeMeetingsSection } from '@/features/meetings/components/committee-meetings-section';
import { APP_TITLE } from '@/features/shell/components/route-title';
import { errorText } from '@/lib/api-client';
import { FALLBACK } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-clock';
import { LEAVE_UNASKED } from '@/lib/use-unsaved-changes';

export const COMMITTEE_VIEW_FORBIDDEN = 'You do not have permission to view this committee.';
export const SAVE_ERROR_TITLE = 'Error Saving Committee';
export const DELETE_ERROR_TITLE = 'Error Deleting Committee';

/** /admin/committee/:code[?year=]: a committee's settings, members, and deleting it. */
export function CommitteeAdminPage() {
  const { principal } = useCurrentUser();
  if (!canViewCommittee(principal)) {
    return <ErrorState heading="Committee" message={COMMITTEE_VIEW_FORBIDDEN} />;
  }
  return <CommitteeAdmin canEdit={can(principal, 'edit committees')} />;
}

function CommitteeAdmin({ canEdit }: { canEdit: boolean }) {
  const { principal } = useCurrentUser();
  const { code = '' } = useParams();
  const [searchParams] = useSearchParams();
  const year = yearParam(searchParams.get('year'));
  const committee = useCommittee(code, year);

  if (committee.isPending) return <LoadingState />;
  // A failed background refetch (e.g. the old code right after a rename) keeps showing the data.
  if (!committee.data) {
    return (
      <ErrorState
        heading="Committee"
        message={errorText(committee.error, FALLBACK.retrieve)}
        error={committee.error}
        onRetry={() => void committee.refetch()}
        back={{ to: paths.adminHome(year), label: 'Go to Admin' }}
      />
    );
  }
  const data = committee.data;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <CommitteeHeader committee={data} year={year} />
      <SettingsCard key={`${data.id}:${data.code}`} committee={data} year={year} canEdit={canEdit} />
      <MembersSection committee={data} year={year} canEdit={canEdit} />
      <CommitteeMeetingsSection committee={data} principal={principal} />
      {canEdit && <DeleteCard committee={data} />}
    </div>
  );
}

function CommitteeHeader({ committee, year }: { committee: TCommittee; year?: number }) {
  useDocumentTitle(`${committee.name} · ${APP_TITLE}`);
  // The counts leave declined appointments out (they neither attend nor vote), which the members list
  // shows: their number says where the list's other rows come from.
  const members = useMembers(committee.code, year);
  const declined = members.data?.filter((m) => m.appointment_status === 'Declined').length ?? 0;
  return (
    <header className="flex flex-col gap-2">
      <h1 className="text-2xl font-semibold tracking-tight break-words">{committee.name}</h1>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
        <div className="flex gap-1">
          <dt>Code:</dt>
          <dd className="font-medium text-foreground">{committee.code}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Year:</dt>
          <dd className="font-medium text-foreground">{committee.year ?? 'Term based'}</dd>
        </div>
      </dl>
      <ul className="flex flex-wrap gap-2" aria-label="Member counts">
        <li>
          <Badge variant="secondary">Members: {committee.members_count}</Badge>
        </li>
        <li>
          <Badge variant="secondary">Voting: {committee.voting_members_count}</Badge>
        </li>
        <li>
          <Badge variant="secondary">Non-voting: {committee.non_voting_members_count}</Badge>
        </li>
        {declined > 0 && (
          <li>
            <Badge variant="outline">Declined: {declined}</Badge>
          </li>
        )}
      </ul>
    </header>
  );
}

function SettingsCard({
  committee,
  year,
  canEdit,
}: {
  committee: TCommittee;
  /** The page's ?year=, as the members were read. */
  year?: number;
  canEdit: boolean;
}) {
  const navigate = useNavigate();
  const update = useUpdateCommittee(committee.code);
  const initial = React.useMemo(() => committeeFormValues(committee), [committee]);
  // The members list the page shows (one query): who would lose a demographic value the save drops.
  const members = useMembers(committee.code, year);
  // Positions members hold, declined appointments too (as the service counts them): they cannot be removed.
  const heldPositions = React.useMemo(
    () => (members.data ? new Set(members.data.map((m) => m.position)) : undefined),
    [members.data],
  );

  function confirmSave(values: CommitteeFormValues): SaveQuestion | null {
    const message = demographicLoss(values, committee, members.data);
    return message === null
      ? null
      : { title: DEMOGRAPHIC_LOSS_TITLE, message, confirmLabel: DEMOGRAPHIC_LOSS_CONFIRM };
  }

  async function save(values: CommitteeFormValues) {
    const updated = await update.mutateAsync(toUpdateBody(values, committee));
    toast.success('Saved');
    // A renamed committee lives at its new address.
    if (updated.code !== committee.code) await navigate(paths.committeeAdmin(updated), { replace: true });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Settings</CardTitle>
        {!canEdit && <CardDescription>You may view these settings but not change them.</CardDescription>}
      </CardHeader>
      <CardContent>
        {canEdit ? (
          <CommitteeSettingsForm
            mode="edit"
            initial={initial}
            submitLabel="Save"
            errorTitle={SAVE_ERROR_TITLE}
            onSave={save}
            confirmSave={confirmSave}
            heldPositions={heldPositions}
          />
        ) : (
          <CommitteeSettingsSummary committee={committee} />
        )}
      </CardContent>
    </Card>
  );
}

function DeleteCard({ committee }: { committee: TCommittee }) {
  const navigate = useNavigate();
  const remove = useDeleteCommittee(committee.code, committee.year ?? undefined);
  const [confirming, setConfirming] = React.useState(false);
  const [failure, setFailure] = React.useState<string | null>(null);

  function confirmDelete() {
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success('Committee Deleted');
        void navigate(paths.adminHome(committee.year ?? undefined), { state: LEAVE_UNASKED });
      },
      onError: (err) => setFailure(errorText(err, FALLBACK.delete)),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Delete Committee</CardTitle>
        <CardDescription>
          Deleting removes the committee and its members. A committee with meetings or email votes that have
          not ended cannot be deleted.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" disabled={remove.isPending} onClick={() => setConfirming(true)}>
          <Trash2Icon aria-hidden="true" />
          Delete Committee
        </Button>
      </CardContent>
      <ConfirmDialog
        title={DELETE_CONFIRM_TITLE}
        confirmLabel={DELETE_CONFIRM_YES}
        destructive
        message={confirming ? `${committee.name} (${committee.code}) and its members will be deleted.` : null}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
      <ErrorDialog title={DELETE_ERROR_TITLE} message={failure} onClose={() => setFailure(null)} />
    </Card>
  );
}
