import { type TVideoProvider, ZMeetingVisibility } from '@gavel/contracts';
import * as React from 'react';
import { ChoiceSelect } from '@/components/choice-select';
import { DateTimeRangeFields } from '@/components/date-time-picker';
import { ErrorDialog } from '@/components/error-dialog';
import { FormField } from '@/components/form-field';
import { RichTextEditor } from '@/components/rich-text-editor';
import { SubmitButton } from '@/components/submit-button';
import { Input } from '@/components/ui/input';
import { FormSection, focusFirstError, SwitchField } from '@/features/meetings/components/form-bits';
import { type MeetingFormValues, validateMeetingForm } from '@/features/meetings/meeting-form';
import { errorText, fieldErrorsOf } from '@/lib/api-client';
import { withoutChangedErrors, withoutError } from '@/lib/form-errors';
import { FALLBACK } from '@/lib/messages';
import { usePreventDuplicateSubmit } from '@/lib/use-prevent-duplicate-submit';
import { UnsavedChangesDialog, useUnsavedChanges } from '@/lib/use-unsaved-changes';

const VISIBILITY_LABEL: Record<string, string> = {
  committee: 'Committee members and staff',
  open: 'Open to every signed-in user',
};
const PROVIDERS: { value: TVideoProvider; label: string }[] = [
  { value: 'none', label: 'No video conference' },
  { value: 'zoom', label: 'Zoom meeting' },
  { value: 'static', label: 'Fixed link' },
];

export interface MeetingFormProps {
  committeeCode: string;
  initial: MeetingFormValues;
  submitLabel: string;
  errorTitle: string;
  /** Saves; a rejected ApiError's field errors show under their fields. */
  onSave: (values: MeetingFormValues) => Promise<unknown>;
  /** Extra actions beside the submit button (e.g. Cancel). */
  actions?: React.ReactNode;
  /** The id of the text saying why the server refuses any save: the submit button is then disabled. */
  saveBlockedBy?: string;
  /** A new meeting (which must end in the future), or an edit. */
  mode?: 'create' | 'edit';
}

/** Meeting create and edit: name, code, description, window, type, attendance modes, visibility, voting, video. */
export function MeetingForm({
  committeeCode,
  initial,
  submitLabel,
  errorTitle,
  onSave,
  actions,
  saveBlockedBy,
  mode = 'edit',
}: MeetingFormProps) {
  const [values, setValues] = React.useState(initial);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [failure, setFailure] = React.useState<string | null>(null);
  const unsaved = useUnsavedChanges(values);
  // A changed field loses its error message: the one the user just mended does not stay until the next save.
  const set = <K extends keyof MeetingFormValues>(key: K, value: MeetingFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => withoutError(e, key as string));
  };

  const locked = saveBlockedBy !== undefined;
  const { onSubmit, submitting } = usePreventDuplicateSubmit(async () => {
    if (locked) return;
    const found = validateMeetingForm(values, committeeCode, mode);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(found, FIELD_IDS);
      return;
    }
    try {
      await unsaved.saving(
        () => onSave(values),
        () => values,
      );
    } catch (err) {
      // The server's field messages show under their fields; any other failure, or one about a field this
      // form does not show (e.g. the page's year), in the dialog.
      const fieldErrors = fieldErrorsOf(err);
      setErrors(fieldErrors);
      if (!focusFirstError(fieldErrors, FIELD_IDS)) setFailure(errorText(err, FALLBACK.save));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Meeting">
      {/* What can no longer be saved is shown, not offered for editing (saveBlockedBy says why). */}
      <fieldset disabled={locked} className="contents">
        <FormSection title="Meeting">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="meeting-name" label="Name" error={errors.name}>
              {/* No maxLength on name and code: a longer one is refused with a message, not cut silently. */}
              <Input value={values.name} onChange={(e) => set('name', e.target.value)} />
            </FormField>
            <FormField
              id="meeting-code"
              label="Code"
              error={errors.code}
              hint="Letters, numbers and dashes; used in the meeting's address."
            >
              <Input value={values.code} onChange={(e) => set('code', e.target.value)} autoCapitalize="off" />
            </FormField>
            <DateTimeRangeFields
              ids={{ start: 'meeting-start', end: 'meeting-end' }}
              labels={{ start: 'Start', end: 'End' }}
              values={values}
              errors={errors}
              onChange={(range) => {
                setValues((v) => ({ ...v, ...range }));
                setErrors((e) => withoutChangedErrors(e, values, { ...values, ...range }));
              }}
            />
            <FormField id="meeting-type" label="Meeting type" error={errors.type}>
              <Input value={values.type} onChange={(e) => set('type', e.target.value)} maxLength={100} />
            </FormField>
            <FormField id="meeting-visibility" label="Visibility" error={errors.visibility}>
              <ChoiceSelect
                value={values.visibility}
                onChange={(v) => set('visibility', v as MeetingFormValues['visibility'])}
                options={ZMeetingVisibility.options.map((v) => ({
                  value: v,
                  label: VISIBILITY_LABEL[v] ?? v,
                }))}
              />
            </FormField>
          </div>
          <FormField id="meeting-description" label="Description" error={errors.description}>
            <RichTextEditor
              value={values.description}
              onChange={(html) => set('description', html)}
              aria-label="Description"
              disabled={locked}
            />
          </FormField>
        </FormSection>

        <FormSection title="Attendance">
          <SwitchField
            id="meeting-in-person"
            label="Allow in person"
            checked={values.allow_in_person}
            onChange={(c) => set('allow_in_person', c)}
            error={errors.allow_in_person}
          />
          {values.allow_in_person && (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="meeting-location-name" label="Location name" error={errors.location_name}>
                <Input
                  value={values.location_name}
                  onChange={(e) => set('location_name', e.target.value)}
                  maxLength={255}
                />
              </FormField>
              <FormField
                id="meeting-location-address"
                label="Location address"
                error={errors.location_address}
              >
                <Input
                  value={values.location_address}
                  onChange={(e) => set('location_address', e.target.value)}
                  maxLength={255}
                />
              </FormField>
            </div>
          )}
          <SwitchField
            id="meeting-remote"
            label="Allow remote"
            checked={values.allow_remote}
            onChange={(c) => set('allow_remote', c)}
            error={errors.allow_remote}
          />
          {values.allow_remote && (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="meeting-video-provider" label="Video conference" error={errors.video_provider}>
                <ChoiceSelect
                  value={values.video_provider}
                  onChange={(v) => set('video_provider', v as TVideoProvider)}
                  options={PROVIDERS}
                />
              </FormField>
              {values.video_provider === 'zoom' && (
                <>
                  <FormField id="meeting-zoom-id" label="Zoom meeting ID" error={errors.zoom_id}>
                    <Input
                      value={values.zoom_id}
                      onChange={(e) => set('zoom_id', e.target.value)}
                      maxLength={100}
                      inputMode="numeric"
                    />
                  </FormField>
                  <FormField
                    id="meeting-zoom-registration"
                    label="Registration URL"
                    error={errors.zoom_registration_url}
                    hint="Offered when a personal join link cannot be made."
                  >
                    <Input
                      type="url"
                      value={values.zoom_registration_url}
                      onChange={(e) => set('zoom_registration_url', e.target.value)}
                      maxLength={500}
                    />
                  </FormField>
                </>
              )}
              {values.video_provider === 'static' && (
                <FormField id="meeting-video-url" label="Video link" error={errors.video_url}>
                  <Input
                    type="url"
                    value={values.video_url}
                    onChange={(e) => set('video_url', e.target.value)}
                    maxLength={500}
                  />
                </FormField>
              )}
            </div>
          )}
        </FormSection>

        <FormSection title="Voting">
          <SwitchField
            id="meeting-show-motions"
            label="Show motions"
            checked={values.show_motions}
            onChange={(c) => set('show_motions', c)}
            hint="Off shows the meeting details instead of the motions list."
            error={errors.show_motions}
          />
          <SwitchField
            id="meeting-in-meeting-voting"
            label="In-meeting voting"
            checked={values.in_meeting_voting}
            onChange={(c) => set('in_meeting_voting', c)}
            error={errors.in_meeting_voting}
          />
        </FormSection>
      </fieldset>

      <div className="flex flex-wrap gap-2">
        <SubmitButton
          submitting={submitting}
          disabled={saveBlockedBy !== undefined}
          aria-describedby={saveBlockedBy}
        >
          {submitLabel}
        </SubmitButton>
        {actions}
      </div>
      <ErrorDialog title={errorTitle} message={failure} onClose={() => setFailure(null)} />
      <UnsavedChangesDialog blocker={unsaved.blocker} />
    </form>
  );
}

/** Field name → control id, in the form's order (the first invalid one gets the focus). */
const FIELD_IDS: Record<string, string> = {
  name: 'meeting-name',
  code: 'meeting-code',
  start: 'meeting-start',
  end: 'meeting-end',
  type: 'meeting-type',
  visibility: 'meeting-visibility',
  description: 'meeting-description',
  allow_in_person: 'meeting-in-person',
  location_name: 'meeting-location-name',
  location_address: 'meeting-location-address',
  allow_remote: 'meeting-remote',
  video_provider: 'meeting-video-provider',
  zoom_id: 'meeting-zoom-id',
  zoom_registration_url: 'meeting-zoom-registration',
  video_url: 'meeting-video-url',
  show_motions: 'meeting-show-motions',
  in_meeting_voting: 'meeting-in-meeting-voting',
};
