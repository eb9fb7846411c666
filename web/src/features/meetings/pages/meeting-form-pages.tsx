import { can, type TMeeting } from '@gavel/contracts';
import * as React from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { DeleteSection } from '@/components/delete-section';
import { CancelLink, EditPageStatus, FormPage } from '@/components/form-page';
import { ErrorState } from '@/components/page-status';
import { useCurrentUser } from '@/features/auth/queries';
import { backToCommitteeAdmin, useCommitteeCreateRoute } from '@/features/meetings/committee-admin-route';
import { MeetingForm } from '@/features/meetings/components/meeting-form';
import { emptyMeetingForm, meetingFormValues, toMeetingBody } from '@/features/meetings/meeting-form';
import {
  useAdminMeeting,
  useCreateMeeting,
  useDeleteMeeting,
  useMeetingPage,
  useUpdateMeeting,
} from '@/features/meetings/queries';
import { committeeAdminBase, meetingBase, paths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

export const MEETING_FORBIDDEN = 'You do not have permission to manage meetings of this committee.';
export const MEETING_ENDED_NOTE = 'This meeting has ended and can no longer be changed.';
export const MEETING_IN_PROGRESS_NOTE = 'A meeting in progress cannot be deleted.';
const ENDED_NOTE_ID = 'meeting-ended-note';

/** /admin/committee/:code/meeting/create */
export function MeetingCreatePage() {
  const { code, year, committeeAdminPath } = useCommitteeCreateRoute();
  const { me, principal } = useCurrentUser();
  const navigate = useNavigate();
  const create = useCreateMeeting(code, year);
  const initial = React.useMemo(() => emptyMeetingForm(), []);
  if (!can(principal, 'create meetings'))
    return <ErrorState heading="New Meeting" message={MEETING_FORBIDDEN} />;
  return (
    <FormPage title="New Meeting">
      <MeetingForm
        committeeCode={code}
        initial={initial}
        submitLabel="Create Meeting"
        mode="create"
        associationTimeZone={me.tenant.time_zone}
        errorTitle="Error Saving Meeting"
        onSave={async (values) => {
          const meeting = await create.mutateAsync(toMeetingBody(values));
          toast.success('Meeting Added');
          await navigate(meetingBase(code, meeting.code));
        }}
        actions={<CancelLink to={committeeAdminPath} />}
      />
    </FormPage>
  );
}

/** /admin/committee/:code/meeting/:meetingCode/edit ({admin base}/edit) */
export function MeetingEditPage() {
  const { code = '', meetingCode = '' } = useParams();
  const { principal } = useCurrentUser();
  const meeting = useAdminMeeting(code, meetingCode);
  // The meeting's committee with its year (codes repeat across years), for the way back to its admin page.
  const committee = useMeetingPage(code, meetingCode, false).data?.committee;
  return (
    <EditPageStatus
      heading="Edit Meeting"
      allowed={can(principal, 'update meetings')}
      forbidden={MEETING_FORBIDDEN}
      query={meeting}
      back={backToCommitteeAdmin(code)}
    >
      {(data) => (
        <MeetingEditor
          key={data.id}
          committeeCode={code}
          meetingCode={meetingCode}
          meeting={data}
          committeeAdminPath={committee ? paths.committeeAdmin(committee) : committeeAdminBase(code)}
          canDelete={can(principal, 'delete meetings')}
        />
      )}
    </EditPageStatus>
  );
}

/** The edit page once its meeting has loaded. */
function MeetingEditor({
  committeeCode: code,
  meetingCode,
  meeting: data,
  committeeAdminPath,
  canDelete,
}: {
  committeeCode: string;
  /** As the route names it. */
  meetingCode: string;
  meeting: TMeeting;
  committeeAdminPath: string;
  canDelete: boolean;
}) {
  const navigate = useNavigate();
  const { me } = useCurrentUser();
  const update = useUpdateMeeting(code, meetingCode);
  const remove = useDeleteMeeting(code, data.code);
  // The meeting as the form loaded it, kept while the query refetches: the save sends its updated_at, so a
  // change someone else saved meanwhile is refused (409, in the error dialog) instead of silently undone.
  const [loaded] = React.useState(data);
  const initial = React.useMemo(() => meetingFormValues(loaded), [loaded]);
  return (
    <FormPage
      title={`Edit Meeting: ${data.name}`}
      view={{ to: meetingBase(code, data.code), label: 'View Meeting' }}
    >
      {/* The server refuses to edit an ended meeting (and to delete one in progress, below). */}
      {data.status === 'ended' && (
        <p id={ENDED_NOTE_ID} className="text-sm text-muted-foreground">
          {MEETING_ENDED_NOTE}
        </p>
      )}
      <MeetingForm
        committeeCode={code}
        initial={initial}
        submitLabel="Save Meeting"
        errorTitle="Error Saving Meeting"
        saveBlockedBy={data.status === 'ended' ? ENDED_NOTE_ID : undefined}
        original={loaded}
        associationTimeZone={me.tenant.time_zone}
        onSave={async (values) => {
          // A start or end left alone is sent as the meeting's own instant (seconds too), so the save
          // neither moves it nor re-issues its calendar event.
          const saved = await update.mutateAsync({
            ...toMeetingBody(values, loaded),
            updated_at: loaded.updated_at,
          });
          toast.success('Meeting Saved');
          await navigate(meetingBase(code, saved.code));
        }}
        actions={<CancelLink to={committeeAdminPath} />}
      />
      {canDelete && (
        <DeleteSection
          id="delete-meeting"
          title="Delete Meeting"
          note={data.status === 'in_progress' ? MEETING_IN_PROGRESS_NOTE : undefined}
          message={`${data.name} will be deleted.`}
          errorTitle="Error Deleting Meeting"
          remove={remove}
          deleted={{
            toast: 'Meeting Deleted',
            leaveTo: committeeAdminPath,
            queryKey: queryKeys.meetings.admin(code, data.code),
          }}
        />
      )}
    </FormPage>
  );
}
