import { type TEmailVote, ZEmailVoteCreateInput } from '@gavel/contracts';
import type { EmailVoteCreateBody } from '@/features/email-votes/api';
import { fromLocalInput, toLocalInput } from '@/features/meetings/meeting-form';
import { zodFieldErrors } from '@/lib/form-errors';

export interface EmailVoteFormValues {
  code: string;
  name: string;
  description: string;
  /** `datetime-local` values. */
  start: string;
  end: string;
}

export function emptyEmailVoteForm(): EmailVoteFormValues {
  return { code: '', name: '', description: '', start: '', end: '' };
}

export function emailVoteFormValues(vote: TEmailVote): EmailVoteFormValues {
  return {
    code: vote.code,
    name: vote.name,
    description: vote.description ?? '',
    start: toLocalInput(vote.start),
    end: toLocalInput(vote.end),
  };
}

export function toEmailVoteBody(values: EmailVoteFormValues): EmailVoteCreateBody {
  return {
    code: values.code.trim(),
    name: values.name.trim(),
    description: values.description.trim() === '' ? null : values.description,
    start: fromLocalInput(values.start),
    end: fromLocalInput(values.end),
  };
}

/** Worded after the form's labels (the window's fields are labelled Opens and Closes). */
export const EMAIL_VOTE_FORM_MESSAGES = {
  name: 'The name must be at least 2 characters.',
  code: 'The code field is required.',
  start: 'Enter when the vote opens.',
  end: 'Enter when the vote closes.',
  endAfterStart: 'The vote must close after it opens.',
} as const;

/** Client checks with the contract's rules; `withCode` false on edit (the code is fixed). */
export function validateEmailVoteForm(
  values: EmailVoteFormValues,
  committeeCode: string,
  withCode: boolean,
): Record<string, string> {
  const body = toEmailVoteBody(values);
  const errors: Record<string, string> = {};
  const parsed = ZEmailVoteCreateInput.safeParse({
    ...body,
    code: withCode ? body.code : 'x',
    committeeCode,
  });
  if (!parsed.success) Object.assign(errors, zodFieldErrors(parsed.error));
  if (body.name.length < 2) errors.name = EMAIL_VOTE_FORM_MESSAGES.name;
  if (withCode && !body.code) errors.code = EMAIL_VOTE_FORM_MESSAGES.code;
  if (!values.start) errors.start = EMAIL_VOTE_FORM_MESSAGES.start;
  if (!values.end) errors.end = EMAIL_VOTE_FORM_MESSAGES.end;
  else if (body.start && Date.parse(body.end) <= Date.parse(body.start))
    errors.end = EMAIL_VOTE_FORM_MESSAGES.endAfterStart;
  return errors;
}
