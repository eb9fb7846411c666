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
import { MeetingForm } from '@/features/meetings/components/meeting-form';
import { emptyMeetingForm, meetingFormValues, toMeetingBody } from '@/features/meetings/meeting-form';
import {
  useAdminMeeting,
  useCreateMeeting,
  useDeleteMeeting,
  useMeetingPage,
  useUpdateMeeting,
} from '@/features/meetings/queries';
import { errorText } from '@/lib/api-client';
import { FALLBACK } from '@/lib/messages';
import { committeeAdminBase, meetingBase, paths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { LEAVE_UNASKED } from '@/lib/use-unsaved-changes';

export const MEETING_FORBIDDEN = 'You do not have permission to manage meetings of this committee.';
export const MEETING_ENDED_NOTE = 'This meeting has ended and can no longer be changed.';
export const MEETING_IN_PROGRESS_NOTE = 'A meeting in progress cannot be deleted.';
const ENDED_NOTE_ID = 'meeting-ended-note';

/** /admin/committee/:code/meeting/create */
export function MeetingCreatePage() {
  const { code = '' } = useParams();
  const [searchParams] = useSearchParams();
  const year = yearParam(searchParams.get('year'));
  const { principal } = useCurrentUser();
  const navigate = useNavigate();
  const create = useCreateMeeting(code, year);
  const initial = React.useMemo(() => emptyMeetingForm(), []);
  if (!can(principal, 'create meetings'))
    return <ErrorState heading="New Meeting" message={MEETING_FORBIDDEN} />;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">New Meeting</h1>
      <MeetingForm
        committeeCode={code}
        initial={initial}
        submitLabel="Create Meeting"
        mode="create"
        errorTitle="Error Saving Meeting"
        onSave={async (values) => {
          const meeting = await create.mutateAsync(toMeetingBody(values));
          toast.success('Meeting Added');
          await navigate(meetingBase(code, meeting.code));
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

/** /admin/committee/:code/meeting/:meetingCode/edit ({admin base}/edit) */
export function MeetingEditPage() {
  const { code = '', meetingCode = '' } = useParams();
  const { principal } = useCurrentUser();
  const navigate = useNavigate();
  const meeting = useAdminMeeting(code, meetingCode);
  const update = useUpdateMeeting(code, meetingCode);
  // The meeting's committee with its year (codes repeat across years), for the way back to its admin page.
  const committee = useMeetingPage(code, meetingCode, false).data?.committee;
  const committeeAdminPath = committee ? paths.committeeAdmin(committee) : committeeAdminBase(code);
  const initial = React.useMemo(
    () => (meeting.data ? meetingFormValues(meeting.data) : null),
    [meeting.data],
  );
  if (!can(principal, 'update meetings'))
    return <ErrorState heading="Edit Meeting" message={MEETING_FORBIDDEN} />;
  if (meeting.isPending) return <LoadingState />;
  if (!meeting.data || !initial) {
    return (
      <ErrorState
        heading="Edit Meeting"
        message={errorText(meeting.error, FALLBACK.retrieve)}
        error={meeting.error}
        onRetry={() => void meeting.refetch()}
        back={{ to: committeeAdminBase(code), label: 'Back to Committee Admin' }}
      />
    );
  }
  const data = meeting.data;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight break-words">Edit Meeting: {data.name}</h1>
        <Button asChild variant="outline" size="sm">
          <Link to={meetingBase(code, data.code)}>View Meeting</Link>
        </Button>
      </div>
      {/* The server refuses to edit an ended meeting (and to delete one in progress, below). */}
      {data.status === 'ended' && (
        <p id={ENDED_NOTE_ID} className="text-sm text-muted-foreground">
          {MEETING_ENDED_NOTE}
        </p>
      )}
      <MeetingForm
        key={data.id}
        committeeCode={code}
        initial={initial}
        submitLabel="Save Meeting"
        errorTitle="Error Saving Meeting"
        saveBlockedBy={data.status === 'ended' ? ENDED_NOTE_ID : undefined}
        onSave={async (values) => {
          const saved = await update.mutateAsync(toMeetingBody(values));
          toast.success('Meeting Saved');
          await navigate(meetingBase(code, saved.code));
        }}
        actions={
          <Button asChild variant="outline">
            <Link to={committeeAdminPath}>Cancel</Link>
          </Button>
        }
      />
      {can(principal, 'delete meetings') && (
        <DeleteMeeting
          committeeCode={code}
          meetingCode={data.code}
          name={data.name}
          committeeAdminPath={committeeAdminPath}
          inProgress={data.status === 'in_progress'}
        />
      )}
    </div>
  );
}

function DeleteMeeting({
  committeeCode,
  meetingCode,
  name,
  committeeAdminPath,
  inProgress,
}: {
  committeeCode: string;
  meetingCode: string;
  name: string;
  committeeAdminPath: string;
  inProgress: boolean;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteMeeting(committeeCode, meetingCode);
  const [confirming, setConfirming] = React.useState(false);
  const [failure, setFailure] = React.useState<string | null>(null);
  return (
    <section
      aria-labelledby="delete-meeting-title"
      className="flex flex-col gap-2 rounded-md border border-destructive/40 p-4"
    >
      <h2 id="delete-meeting-title" className="font-semibold">
        Delete Meeting
      </h2>
      {inProgress && (
        <p id="delete-meeting-note" className="text-sm text-muted-foreground">
          {MEETING_IN_PROGRESS_NOTE}
        </p>
      )}
      <div>
        <Button
          variant="destructive"
          disabled={inProgress || remove.isPending}
          aria-describedby={inProgress ? 'delete-meeting-note' : undefined}
          onClick={() => setConfirming(true)}
        >
          <Trash2Icon aria-hidden="true" />
          Delete Meeting
        </Button>
      </div>
      <ConfirmDialog
        title={DELETE_CONFIRM_TITLE}
        confirmLabel={DELETE_CONFIRM_YES}
        destructive
        message={confirming ? `${name} will be deleted.` : null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(undefined, {
            onSuccess: async () => {
              toast.success('Meeting Deleted');
              await navigate(committeeAdminPath, { state: LEAVE_UNASKED });
              // Forgotten once this page has gone: removed while it still showed the meeting, it was
              // fetched again (a 404).
              queryClient.removeQueries({ queryKey: queryKeys.meetings.admin(committeeCode, meetingCode) });
            },
            onError: (err) => setFailure(errorText(err, FALLBACK.delete)),
          });
        }}
      />
      <ErrorDialog title="Error Deleting Meeting" message={failure} onClose={() => setFailure(null)} />
    </section>
  );
}
