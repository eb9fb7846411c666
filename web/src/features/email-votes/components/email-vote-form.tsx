import * as React from 'react';
import { DateTimeRangeFields } from '@/components/date-time-picker';
import { ErrorDialog } from '@/components/error-dialog';
import { FormField } from '@/components/form-field';
import { RichTextEditor } from '@/components/rich-text-editor';
import { SubmitButton } from '@/components/submit-button';
import { Input } from '@/components/ui/input';
import { type EmailVoteFormValues, validateEmailVoteForm } from '@/features/email-votes/email-vote-form';
import { focusFirstError } from '@/features/meetings/components/form-bits';
import { errorText, fieldErrorsOf } from '@/lib/api-client';
import { FALLBACK } from '@/lib/messages';
import { usePreventDuplicateSubmit } from '@/lib/use-prevent-duplicate-submit';

export interface EmailVoteFormProps {
  committeeCode: string;
  initial: EmailVoteFormValues;
  /** Create asks for the code; edit keeps it. */
  withCode: boolean;
  submitLabel: string;
  onSave: (values: EmailVoteFormValues) => Promise<unknown>;
  actions?: React.ReactNode;
  /** The id of the text saying why the server refuses any save: the submit button is then disabled. */
  saveBlockedBy?: string;
}

/** Email vote create and edit: name, code, description and the voting window. */
export function EmailVoteForm({
  committeeCode,
  initial,
  withCode,
  submitLabel,
  onSave,
  actions,
  saveBlockedBy,
}: EmailVoteFormProps) {
  const [values, setValues] = React.useState(initial);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [failure, setFailure] = React.useState<string | null>(null);
  const set = <K extends keyof EmailVoteFormValues>(key: K, value: EmailVoteFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const { onSubmit, submitting } = usePreventDuplicateSubmit(async () => {
    if (saveBlockedBy !== undefined) return;
    const found = validateEmailVoteForm(values, committeeCode, withCode);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(found, FIELD_IDS);
      return;
    }
    try {
      await onSave(values);
    } catch (err) {
      // The server's field messages (start and end too) show under their fields; any other failure, or
      // one about a field this form does not show, in the dialog.
      const fieldErrors = fieldErrorsOf(err);
      setErrors(fieldErrors);
      if (!focusFirstError(fieldErrors, FIELD_IDS)) setFailure(errorText(err, FALLBACK.save));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Email vote">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="vote-name" label="Name" error={errors.name}>
          <Input value={values.name} onChange={(e) => set('name', e.target.value)} maxLength={500} />
        </FormField>
        {withCode && (
          <FormField id="vote-code" label="Code" error={errors.code} hint="Used in the vote's address.">
            <Input
              value={values.code}
              onChange={(e) => set('code', e.target.value)}
              maxLength={50}
              autoCapitalize="off"
            />
          </FormField>
        )}
        <DateTimeRangeFields
          ids={{ start: 'vote-start', end: 'vote-end' }}
          labels={{ start: 'Opens', end: 'Closes' }}
          values={values}
          errors={errors}
          onChange={(range) => setValues((v) => ({ ...v, ...range }))}
        />
      </div>
      <FormField id="vote-description" label="Description" error={errors.description}>
        <RichTextEditor
          value={values.description}
          onChange={(html) => set('description', html)}
          aria-label="Description"
        />
      </FormField>
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
      <ErrorDialog title="Error Saving Vote" message={failure} onClose={() => setFailure(null)} />
    </form>
  );
}

/** Field name → control id, in the form's order (the first invalid one gets the focus). */
const FIELD_IDS: Record<string, string> = {
  name: 'vote-name',
  code: 'vote-code',
  start: 'vote-start',
  end: 'vote-end',
  description: 'vote-description',
};
