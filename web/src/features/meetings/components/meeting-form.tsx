import { type TVideoProvider, ZMeetingVisibility } from '@gavel/contracts';
import * as React from 'react';
import { ChoiceSelect } from '@/components/choice-select';
import { DateTimeRangeFields } from '@/components/date-time-picker';
import { ErrorDialog } from '@/components/error-dialog';
import { FormField } from '@/components/form-field';
import { RichTextEditor } from '@/components/rich-text-editor';
import { Input } from '@/components/ui/input';
import { FormSection, SaveActions, SwitchField } from '@/features/meetings/components/form-bits';
import {
  browserTimeZone,
  changesCode,
  MEETING_FORM_MESSAGES,
  type MeetingFormOriginal,
  type MeetingFormValues,
  timeZoneNote,
  validateMeetingForm,
} from '@/features/meetings/meeting-form';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSave } from '@/lib/use-form-save';
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
  /** On edit, the meeting as loaded: a planned one's window may not be moved wholly into the past. */
  original?: MeetingFormOriginal;
  /**
   * The association's time zone (/api/me's tenant.time_zone; null: none of its own), named under Start and
   * End when it is not the browser's.
   */
  associationTimeZone?: string | null;
}

/** The fields shown as a plain text input, and those shown as a switch (see textField and switchField). */
type TextKey =
  | 'name'
  | 'code'
  | 'type'
  | 'location_name'
  | 'location_address'
  | 'zoom_id'
  | 'zoom_registration_url'
  | 'video_url';
type SwitchKey = 'allow_in_person' | 'allow_remote' | 'show_motions' | 'in_meeting_voting';

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
  original,
  associationTimeZone = null,
}: MeetingFormProps) {
  const form = useFormFields(initial);
  const { values, errors, set } = form;
  const unsaved = useUnsavedChanges(values);
  const locked = saveBlockedBy !== undefined;
  // A refusal about a field this form does not show (e.g. the page's year) goes to the error dialog.
  const { onSubmit, submitting, failure, clearFailure } = useFormSave({
    form,
    unsaved,
    fieldIds: FIELD_IDS,
    validate: (v) => validateMeetingForm(v, committeeCode, { mode, original }),
    locked,
    save: onSave,
  });

  // A field's control, wired to its value and message, with its FIELD_IDS id (where focus goes on an error).
  const textField = (
    key: TextKey,
    label: string,
    input: Omit<React.ComponentProps<'input'>, 'value' | 'onChange'> = {},
    hint?: React.ReactNode,
  ) => (
    <FormField id={FIELD_IDS[key]} label={label} error={errors[key]} hint={hint}>
      <Input value={values[key]} onChange={(e) => set(key, e.target.value)} {...input} />
    </FormField>
  );
  const switchField = (key: SwitchKey, label: string, hint?: string) => (
    <SwitchField
      id={FIELD_IDS[key]}
      label={label}
      checked={values[key]}
      onChange={(c) => set(key, c)}
      hint={hint}
      error={errors[key]}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Meeting">
      {/* What can no longer be saved is shown, not offered for editing (saveBlockedBy says why). */}
      <fieldset disabled={locked} className="contents">
        <FormSection title="Meeting">
          <div className="grid gap-4 sm:grid-cols-2">
            {/* No maxLength on name and code: a longer one is refused with a message, not cut silently. */}
            {textField('name', 'Name')}
            {textField(
              'code',
              'Code',
              { autoCapitalize: 'off' },
              <>
                Letters, numbers and dashes; used in the meeting's address.
                {mode === 'edit' && changesCode(values, original) && (
                  <span className="mt-1 block font-medium text-amber-800">
                    {MEETING_FORM_MESSAGES.codeChangeBreaksLinks}
                  </span>
                )}
              </>,
            )}
            <DateTimeRangeFields
              ids={{ start: FIELD_IDS.start, end: FIELD_IDS.end }}
              labels={{ start: 'Start', end: 'End' }}
              values={values}
              errors={errors}
              onChange={form.change}
            />
            {/* The pickers read times in the browser's zone; the service counts days in the association's. */}
            <p className="text-xs text-muted-foreground sm:col-span-2">
              {timeZoneNote(browserTimeZone(), associationTimeZone)}
            </p>
            {textField('type', 'Meeting type', { maxLength: 100 })}
            <FormField id={FIELD_IDS.visibility} label="Visibility" error={errors.visibility}>
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
          <FormField id={FIELD_IDS.description} label="Description" error={errors.description}>
            <RichTextEditor
              value={values.description}
              onChange={(html) => set('description', html)}
              aria-label="Description"
              disabled={locked}
            />
          </FormField>
        </FormSection>

        <FormSection title="Attendance">
          {switchField('allow_in_person', 'Allow in person')}
          {values.allow_in_person && (
            <div className="grid gap-4 sm:grid-cols-2">
              {textField('location_name', 'Location name', { maxLength: 255 })}
              {textField('location_address', 'Location address', { maxLength: 255 })}
            </div>
          )}
          {switchField('allow_remote', 'Allow remote')}
          {values.allow_remote && (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id={FIELD_IDS.video_provider} label="Video conference" error={errors.video_provider}>
                <ChoiceSelect
                  value={values.video_provider}
                  onChange={(v) => set('video_provider', v as TVideoProvider)}
                  options={PROVIDERS}
                />
              </FormField>
              {values.video_provider === 'zoom' && (
                <>
                  {textField(
                    'zoom_id',
                    'Zoom meeting ID',
                    { maxLength: 100, inputMode: 'numeric' },
                    'Leave empty to have a Zoom meeting created when the first person joins.',
                  )}
                  {textField(
                    'zoom_registration_url',
                    'Registration URL',
                    { type: 'url', maxLength: 500 },
                    'Offered when a personal join link cannot be made.',
                  )}
                </>
              )}
              {values.video_provider === 'static' &&
                textField('video_url', 'Video link', { type: 'url', maxLength: 500 })}
            </div>
          )}
        </FormSection>

        <FormSection title="Voting">
          {switchField(
            'show_motions',
            'Show motions',
            'Off shows the meeting details instead of the motions list.',
          )}
          {switchField(
            'in_meeting_voting',
            'In-meeting voting',
            'Off: no vote or unanimous consent is taken during the meeting.',
          )}
        </FormSection>
      </fieldset>

      <SaveActions submitting={submitting} label={submitLabel} blockedBy={saveBlockedBy}>
        {actions}
      </SaveActions>
      <ErrorDialog title={errorTitle} message={failure} onClose={clearFailure} />
      <UnsavedChangesDialog blocker={unsaved.blocker} />
    </form>
  );
}

/** Field name → control id, in the form's order (the first invalid one gets the focus). */
const FIELD_IDS = {
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
} as const satisfies Record<keyof MeetingFormValues, string>;
