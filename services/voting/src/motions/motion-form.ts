import { AppError, type TResultVisibility } from '@gavel/contracts';
import { sanitizeRichText } from '@gavel/service-kit';
import {
  type MotionFormField,
  maxMaximumResponses,
  reservedCustomResponses,
  validateMotionForm,
  validCustomResponses,
} from '@gavel/voting-rules';
import type { CommitteeRow } from '../scope/scope.repository.js';
import type { MotionData } from './motion.repository.js';
import { sanitizeMotionName } from './sanitize.js';

export interface MotionFormBody {
  name: string;
  body?: string | null | undefined;
  description?: string | null | undefined;
  custom_responses_enabled?: boolean | undefined;
  motion_responses?: (string | null)[] | null | undefined;
  maximum_responses?: number | null | undefined;
  vote_type: 'simple_majority' | 'two_thirds' | 'multiple';
  result_visibility?: TResultVisibility | null | undefined;
  motion_filter?: (string | null)[] | null | undefined;
}

/** Said when sanitising the name would change the text it shows. */
export const NAME_NOT_KEPT =
  "The name has markup that would be removed with its text: remove it, or write '<' as '&lt;'.";

/**
 * The motion form rules of spec section 5 on the server (validateMotionForm from voting-rules), with
 * the name's HTML sanitised, responses kept as typed (plain text: the UI never renders them as HTML),
 * and a message per invalid field in the API's `errors`. `abstainLabel` is the association's wording of
 * abstain, reserved among custom responses.
 */
export function motionDataFromForm(
  form: MotionFormBody,
  opts: {
    committee: CommitteeRow;
    isAmendment: boolean;
    abstainLabel: string;
    defaultVisibility?: string | null | undefined;
  },
): MotionData {
  const { name, kept: nameKept } = sanitizeMotionName(form.name);
  // Plain text, trimmed by the rules and otherwise kept as typed: '<', '>' and '&' included.
  const slots = form.motion_responses ?? [];
  const customEnabled = form.custom_responses_enabled ?? slots.some((r) => !!r && r.trim() !== '');
  const filter = form.motion_filter
    ? [...new Set(form.motion_filter.map((d) => (d === null || d.trim() === '' ? null : d.trim())))]
    : null;
  const { committee } = opts;
  const result = validateMotionForm(
    {
      name,
      is_amendment: opts.isAmendment,
      custom_responses_enabled: customEnabled,
      motion_responses: slots,
      maximum_responses: form.maximum_responses ?? null,
      vote_type: form.vote_type,
      result_visibility: form.result_visibility ?? null,
      motion_filter: filter,
    },
    {
      committee: {
        two_thirds_vote: committee.twoThirdsVote,
        has_demographic: committee.hasDemographic,
        demographic_motion_filterable: committee.demographicMotionFilterable,
      },
      demographic_option_count: committee.demographics.length,
      default_result_visibility: opts.defaultVisibility ?? null,
      abstain_label: opts.abstainLabel,
    },
  );
  const errors: Record<string, string[]> = {};
  const valid = customEnabled ? validCustomResponses(slots) : [];
  const count = customEnabled ? valid.length : 2;
  const reserved = reservedCustomResponses(valid, opts.abstainLabel);
  const messages: Record<MotionFormField, string> = {
    name: 'The name must be longer than 1 character.',
    motion_responses: opts.isAmendment
      ? 'An amendment is adopted by an Approve / Not Approve vote: custom responses are not offered.'
      : reserved.length > 0
        ? `The response ${reserved.map((r) => `'${r}'`).join(', ')} is reserved: choose another wording.`
        : 'Give at least 2 different responses (up to 9).',
    maximum_responses: `Maximum responses must be a whole number from 1 to ${maxMaximumResponses(count)}.`,
    vote_type: `The vote type must be one of: ${result.allowed_vote_types.join(', ')}.`,
    motion_filter: 'Filtering by demographic is not available for this motion.',
  };
  for (const field of result.invalid) errors[field] = [messages[field]];
  if (!nameKept) errors.name = [NAME_NOT_KEPT];
  if (filter && !errors.motion_filter) {
    const unknown = filter.filter((d) => d !== null && !committee.demographics.includes(d));
    if (unknown.length > 0)
      errors.motion_filter = [`Unknown ${committee.name} demographic: ${unknown.join(', ')}.`];
  }
  const fields = Object.keys(errors);
  if (fields.length > 0) {
    const first = errors[fields[0] as string]?.[0] ?? 'The motion is invalid.';
    throw new AppError('bad_request', first, errors);
  }
  const v = result.value;
  return {
    name,
    body: sanitizeRichText(form.body),
    description: sanitizeRichText(form.description),
    resultVisibility: v.result_visibility,
    motionResponses: v.motion_responses ?? [],
    motionFilter: v.motion_filter,
    maximumResponses: v.maximum_responses,
    voteType: v.vote_type,
  };
}
