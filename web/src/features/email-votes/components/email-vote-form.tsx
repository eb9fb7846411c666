import * as React from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DateTimeRangeFields } from '@/components/date-time-picker';
import { ErrorDialog } from '@/components/error-dialog';
import { FormField } from '@/components/form-field';
import { RichTextEditor } from '@/components/rich-text-editor';
import { Input } from '@/components/ui/input';
import {
  closesNow,
  type EmailVoteFormValues,
  validateEmailVoteForm,
} from '@/features/email-votes/email-vote-form';
import { SaveActions } from '@/features/meetings/components/form-bits';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSave } from '@/lib/use-form-save';
import { UnsavedChangesDialog, useUnsavedChanges } from '@/lib/use-unsaved-changes';

export interface EmailVoteFormProps {
  committeeCode: string;
  initial: EmailVoteFormValues;
  /** Create asks for the code; edit keeps it. */
  withCode: boolean;
  /** On edit, when the vote as saved opens: one not yet open may not be closed (validateEmailVoteForm). */
  opensAt?: string;
  submitLabel: string;
  onSave: (values: EmailVoteFormValues) => Promise<unknown>;
  actions?: React.ReactNode;
  /** The id of the text saying why the server refuses any save: the submit button is then disabled. */
  saveBlockedBy?: string;
  /**
   * Once responses are in only Closes may change: Name, Opens and Description are then disabled, each
   * saying why with its hint.
   */
  answeredHints?: AnsweredHints;
}

/** Why each field responses fix may no longer change. */
export interface AnsweredHints {
  name: string;
  start: string;
  description: string;
}

export const CLOSE_NOW_TITLE = 'Close the vote now?';
export const CLOSE_NOW_MESSAGE =
  'Closes is in the past, so saving will close this vote now. A closed vote cannot be reopened.';
export const CLOSE_NOW_CONFIRM = 'Save and close';

/** Email vote create and edit: name, code, description and the voting window. */
export function EmailVoteForm({
  committeeCode,
  initial,
  withCode,
  opensAt,
  submitLabel,
  onSave,
  actions,
  saveBlockedBy,
  answeredHints,
}: EmailVoteFormProps) {
  const form = useFormFields(initial);
  const { values, errors, set } = form;
  const unsaved = useUnsavedChanges(values);
  // Set while the user is asked whether saving may close the vote now; Save and close submits again.
  const [confirmingClose, setConfirmingClose] = React.useState(false);
  const closeConfirmed = React.useRef(false);

  const locked = saveBlockedBy !== undefined;
  // The server's start and end messages show under Opens and Closes, like those of the other fields.
  const { onSubmit, submitting, failure, clearFailure } = useFormSave({
    form,
    unsaved,
    fieldIds: FIELD_IDS,
    validate: (v) =>
      validateEmailVoteForm(v, committeeCode, withCode ? 'create' : 'edit', undefined, opensAt),
    locked,
    // On edit a Closes in the past ends the vote for good the moment it is saved: ask first.
    holdBack: (v) => {
      const ask = !withCode && closesNow(v) && !closeConfirmed.current;
      if (ask) setConfirmingClose(true);
      return ask;
    },
    save: onSave,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Email vote">
      {/* What can no longer be saved is shown, not offered for editing (saveBlockedBy says why). */}
      <fieldset disabled={locked} className="contents">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="vote-name"
            label="Name"
            error={errors.name}
            hint={answeredHints?.name}
            className={withCode ? undefined : 'sm:col-span-2'}
          >
            {/* No maxLength on name and code: a longer one is refused with a message, not cut silently. */}
            <Input
              value={values.name}
              onChange={(e) => set('name', e.target.value)}
              disabled={answeredHints !== undefined}
            />
          </FormField>
          {withCode && (
            <FormField
              id="vote-code"
              label="Code"
              error={errors.code}
              hint="Letters, numbers and dashes; used in the vote's address."
            >
              <Input value={values.code} onChange={(e) => set('code', e.target.value)} autoCapitalize="off" />
            </FormField>
          )}
        </div>
        {/* Opens and Closes share a row of their own, whether or not the Code field is shown. */}
        <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2" aria-label="Voting window">
          <DateTimeRangeFields
            ids={{ start: 'vote-start', end: 'vote-end' }}
            labels={{ start: 'Opens', end: 'Closes' }}
            values={values}
            errors={errors}
            disabled={{ start: answeredHints !== undefined }}
            hints={{ start: answeredHints?.start }}
            onChange={form.change}
          />
        </fieldset>
        <FormField
          id="vote-description"
          label="Description"
          error={errors.description}
          hint={answeredHints?.description}
        >
          <RichTextEditor
            value={values.description}
            onChange={(html) => set('description', html)}
            aria-label="Description"
            disabled={locked || answeredHints !== undefined}
          />
        </FormField>
      </fieldset>
      <SaveActions submitting={submitting} label={submitLabel} blockedBy={saveBlockedBy}>
        {actions}
      </SaveActions>
      <ErrorDialog title="Error Saving Vote" message={failure} onClose={clearFailure} />
      <ConfirmDialog
        title={CLOSE_NOW_TITLE}
        message={confirmingClose ? CLOSE_NOW_MESSAGE : null}
        confirmLabel={CLOSE_NOW_CONFIRM}
        destructive
        onCancel={() => setConfirmingClose(false)}
        onConfirm={async () => {
          setConfirmingClose(false);
          // The yes holds for this submit only, even one the form's own checks stop before it is asked.
          closeConfirmed.current = true;
          try {
            await onSubmit();
          } finally {
            closeConfirmed.current = false;
          }
        }}
      />
      <UnsavedChangesDialog blocker={unsaved.blocker} />
    </form>
  );
}

/** Field name → control id, in the form's order (the first invalid one gets the focus). */
const FIELD_IDS = {
  name: 'vote-name',
  code: 'vote-code',
  start: 'vote-start',
  end: 'vote-end',
  description: 'vote-description',
} as const satisfies Record<keyof EmailVoteFormValues, string>;
