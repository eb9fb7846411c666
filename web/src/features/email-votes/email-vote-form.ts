import { EMAIL_VOTE_RULE_ERRORS, type TEmailVote, ZEmailVoteCreateInput } from '@gavel/contracts';
import { isUnreadableEntry, pickerFormatMessage } from '@/components/date-time-picker';
import type { EmailVoteCreateBody } from '@/features/email-votes/api';
import { fromLocalInput, toLocalInput } from '@/features/meetings/meeting-form';
import { zodFieldErrors } from '@/lib/form-errors';
import { serverNow } from '@/lib/server-clock';

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

/**
 * Worded after the form's labels (the window's fields are labelled Opens and Closes); the name's messages
 * are the contract's, and so are those of the rules the service checks again (EMAIL_VOTE_RULE_ERRORS).
 */
export const EMAIL_VOTE_FORM_MESSAGES = {
  code: 'The code field is required.',
  start: 'Enter when the vote opens.',
  end: 'Enter when the vote closes.',
  endAfterStart: EMAIL_VOTE_RULE_ERRORS.endAfterStart.message,
  /** A new vote that has already closed could never be edited nor deleted. */
  endInPast: EMAIL_VOTE_RULE_ERRORS.newEndInPast.message,
  /** Nor could one closed before it ever opened. */
  plannedEndInPast: EMAIL_VOTE_RULE_ERRORS.plannedEndInPast.message,
} as const;

/** True when saving these values on edit closes the vote at once (its Closes is not in the future). */
export function closesNow(values: EmailVoteFormValues, now: number = serverNow()): boolean {
  const end = fromLocalInput(values.end);
  return end !== '' && Date.parse(end) <= now;
}

/**
 * Client checks with the contract's rules. On create the code is asked for and the vote must close in the
 * future; on edit the code is fixed, and a Closes in the past (closing the vote now) is asked about instead,
 * unless the vote has not opened yet (`opensAt`, its saved Opens, is still ahead): that one must still close
 * in the future.
 */
export function validateEmailVoteForm(
  values: EmailVoteFormValues,
  committeeCode: string,
  mode: 'create' | 'edit',
  now: number = serverNow(),
  opensAt?: string,
): Record<string, string> {
  const withCode = mode === 'create';
  const body = toEmailVoteBody(values);
  const errors: Record<string, string> = {};
  const parsed = ZEmailVoteCreateInput.safeParse({
    ...body,
    code: withCode ? body.code : 'x',
    committeeCode,
  });
  if (!parsed.success) Object.assign(errors, zodFieldErrors(parsed.error));
  if (withCode && !body.code) errors.code = EMAIL_VOTE_FORM_MESSAGES.code;
  // Text that is not a date says how to write it; only an empty field says it is missing.
  if (isUnreadableEntry(values.start)) errors.start = pickerFormatMessage();
  else if (!values.start) errors.start = EMAIL_VOTE_FORM_MESSAGES.start;
  if (isUnreadableEntry(values.end)) errors.end = pickerFormatMessage();
  else if (!values.end) errors.end = EMAIL_VOTE_FORM_MESSAGES.end;
  else if (body.start && Date.parse(body.end) <= Date.parse(body.start))
    errors.end = EMAIL_VOTE_FORM_MESSAGES.endAfterStart;
  else if (mode === 'create' && closesNow(values, now)) errors.end = EMAIL_VOTE_FORM_MESSAGES.endInPast;
  else if (mode === 'edit' && opensAt && Date.parse(opensAt) > now && closesNow(values, now))
    errors.end = EMAIL_VOTE_FORM_MESSAGES.plannedEndInPast;
  return errors;
}
