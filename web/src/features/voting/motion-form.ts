/**
 * The motion form's values and their mapping onto the shared rules (validateMotionForm of
 * @gavel/voting-rules: flags, resets and forcing) and onto the API payload.
 */
import type { TMeetingCommittee, TMotion, TResultVisibility, TVoteType } from '@gavel/contracts';
import {
  CUSTOM_RESPONSE_SLOTS,
  defaultResultVisibility,
  hasCustomResponses,
  type MotionFormResult,
  maxMaximumResponses,
  normalizeMaximumResponses,
  reservedCustomResponses,
  validateMotionForm,
  validCustomResponses,
  validResponseCount,
} from '@gavel/voting-rules';
import type { MotionFormBody } from '@/features/voting/api';

export type MotionFormMode = 'create' | 'edit' | 'amend';

export interface MotionFormValues {
  /** Inline HTML (motion names may carry emphasis). */
  name: string;
  /** HTML from the editor. */
  body: string;
  customResponses: boolean;
  /** Slots 1..9 (abstain, slot 0, is fixed). */
  slots: string[];
  /** As typed. */
  maximum: string;
  voteType: TVoteType;
  /** null: not chosen, the voting service applies the configured default (else show). */
  resultVisibility: TResultVisibility;
  /** Chosen demographics; null is 'No Value'. */
  filter: (string | null)[];
}

export const VOTE_TYPE_LABELS: Readonly<Record<TVoteType, string>> = {
  simple_majority: 'Simple Majority',
  two_thirds: 'Two-Thirds Majority',
  multiple: 'Multiple Choice',
};

export const RESULT_VISIBILITY_OPTION_LABELS: Readonly<Record<TResultVisibility, string>> = {
  show_all: 'Show Results',
  hide_breakdown: 'Hide Breakdown',
  hide_all: 'Hide All Results',
};

function emptySlots(): string[] {
  return Array.from({ length: CUSTOM_RESPONSE_SLOTS }, () => '');
}

/** A new motion or amendment, its result visibility the association's default (else show). */
export function emptyMotionForm(configuredVisibility: TResultVisibility | null): MotionFormValues {
  return {
    name: '',
    body: '',
    customResponses: false,
    slots: emptySlots(),
    maximum: '1',
    voteType: 'simple_majority',
    resultVisibility: defaultResultVisibility(configuredVisibility),
    filter: [],
  };
}

export function motionFormFrom(motion: TMotion): MotionFormValues {
  const slots = emptySlots();
  (motion.motion_responses ?? []).slice(0, CUSTOM_RESPONSE_SLOTS).forEach((r, i) => {
    slots[i] = r;
  });
  return {
    name: motion.name,
    body: motion.body ?? '',
    // Amendments take no custom responses (the form does not offer them): saving one drops any it had.
    customResponses: motion.amendment_parent_id === null && hasCustomResponses(motion),
    slots,
    maximum: String(motion.maximum_responses),
    voteType: motion.vote_type,
    resultVisibility: motion.result_visibility,
    filter: [...(motion.motion_filter ?? [])],
  };
}

function parseMaximum(raw: string): number | null {
  if (raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

function responseCount(values: MotionFormValues): number {
  return validResponseCount({
    custom_responses_enabled: values.customResponses,
    motion_responses: values.slots,
  });
}

/** The highest maximum responses the values allow (valid responses minus 1, at least 1). */
export function maximumResponsesBound(values: MotionFormValues): number {
  return maxMaximumResponses(responseCount(values));
}

/** A typed maximum that is a number but not a whole one (1.5), told apart from one above the bound. */
export function isFractionalMaximum(values: MotionFormValues): boolean {
  const typed = parseMaximum(values.maximum);
  return typed !== null && !Number.isInteger(typed);
}

/**
 * The custom responses the rules reserve (stored values such as 'in_favor' or 'abstained', and the
 * association's abstain label in any case), as typed.
 */
export function reservedResponses(values: MotionFormValues, abstainLabel: string): string[] {
  return values.customResponses
    ? reservedCustomResponses(validCustomResponses(values.slots), abstainLabel)
    : [];
}

/**
 * The values with maximum responses reset as the form is edited (spec section 5, the shared
 * normalizeMaximumResponses): back to 1 with 2 or fewer valid responses or a value below 1 (or none). A
 * value above the bound or not whole stays as typed and is flagged. While the field itself is being
 * typed in (`typing`), an emptied field stays empty so a new number can be typed.
 */
export function followMaximumRule(values: MotionFormValues, typing = false): MotionFormValues {
  if (typing && values.maximum.trim() === '') return values;
  const typed = parseMaximum(values.maximum);
  const maximum = normalizeMaximumResponses(typed, responseCount(values));
  return maximum === typed ? values : { ...values, maximum: String(maximum) };
}

/**
 * Every rule of spec section 5 "Motion form" applied to the values; `abstainLabel` is the association's
 * wording of abstain, which custom responses may not repeat.
 */
export function checkMotionForm(
  values: MotionFormValues,
  committee: Pick<
    TMeetingCommittee,
    'two_thirds_vote' | 'has_demographic' | 'demographic_motion_filterable' | 'demographics'
  >,
  isAmendment: boolean,
  abstainLabel: string,
): MotionFormResult {
  return validateMotionForm(
    {
      // Inline HTML: the rule measures its visible text, as the server does.
      name: values.name,
      is_amendment: isAmendment,
      custom_responses_enabled: values.customResponses,
      motion_responses: values.slots,
      maximum_responses: parseMaximum(values.maximum),
      vote_type: values.voteType,
      result_visibility: values.resultVisibility,
      motion_filter: values.filter,
    },
    {
      committee: {
        two_thirds_vote: committee.two_thirds_vote,
        has_demographic: committee.has_demographic,
        demographic_motion_filterable: committee.demographic_motion_filterable,
      },
      demographic_option_count: committee.demographics.length,
      abstain_label: abstainLabel,
    },
  );
}

/** The payload sent: the values after the form's resets and forcing rules. */
export function motionFormBody(values: MotionFormValues, result: MotionFormResult): MotionFormBody {
  const v = result.value;
  return {
    name: values.name.trim(),
    body: values.body.trim() === '' ? null : values.body,
    custom_responses_enabled: values.customResponses,
    motion_responses: values.customResponses ? v.motion_responses : null,
    maximum_responses: v.maximum_responses,
    vote_type: v.vote_type,
    result_visibility: values.resultVisibility,
    motion_filter: result.demographic_filter_offered ? v.motion_filter : null,
  };
}
