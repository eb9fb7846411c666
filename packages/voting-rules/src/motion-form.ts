/** Motion form rules (spec section 5, "Motion form"). Pure: the form component renders the flags. */
import { visibleText } from './markup.js';
import { ABSTAIN_RESPONSE, STANDARD_RESPONSES } from './results.js';
import type { ResultVisibility, VoteType } from './types.js';
import { defaultResultVisibility } from './visibility.js';

/** Up to 9 custom response slots, 5 in the first column and 4 in the second, plus abstain at 0. */
export const CUSTOM_RESPONSE_SLOTS = 9;
export const CUSTOM_RESPONSE_COLUMNS = [5, 4] as const;
export const ABSTAIN_SLOT_NUMBER = 0;
export const MIN_CUSTOM_RESPONSES = 2;
/** The name must be longer than 1 character (of its visible text: tags removed, entities decoded). */
export const MIN_NAME_LENGTH = 2;
/** The standard (non-multiple) vote type forced back when multiple choice is no longer allowed. */
export const STANDARD_VOTE_TYPE: VoteType = 'simple_majority';

/**
 * The valid custom responses: trimmed, non-empty, distinct compared case-insensitively (the first
 * spelling is kept), in slot order. Blank slots and repeats are ignored rather than flagged: the spec
 * only requires at least 2 distinct non-empty responses.
 */
export function validCustomResponses(responses: readonly (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of responses) {
    const value = (raw ?? '').trim();
    const key = value.toLowerCase();
    if (value === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

/**
 * The custom responses the form flags: a stored standard value spelt exactly (in_favor, opposed), which
 * would show as the standard wording or make a custom motion count as a standard one; any casing of the
 * abstain value; and any casing of the association's abstain label (default Abstain), which would show
 * as a second abstain beside the fixed abstain slot. The label is reserved even while the association
 * hides abstain: it may show abstain again, and a custom 'Abstain' would then read as two. Responses
 * compare trimmed and case-insensitively. Everyday labels such as 'Opposed' are free to use.
 */
export function reservedCustomResponses(responses: readonly string[], abstainLabel: string): string[] {
  const stored: readonly string[] = STANDARD_RESPONSES;
  const abstain = [ABSTAIN_RESPONSE, abstainLabel.trim().toLowerCase()];
  return responses.filter((r) => stored.includes(r) || abstain.includes(r.trim().toLowerCase()));
}

/**
 * The slots (0-based) to flag when the custom responses are invalid, so the user sees what to change: a
 * reserved value, a repeat of an earlier slot (case-insensitive), and, while fewer than 2 distinct
 * responses are given, the first empty slots that would make up the difference.
 */
export function invalidResponseSlots(
  slots: readonly (string | null | undefined)[],
  abstainLabel: string,
): number[] {
  const seen = new Set<string>();
  const flagged: number[] = [];
  const empty: number[] = [];
  slots.forEach((raw, index) => {
    const value = (raw ?? '').trim();
    if (value === '') {
      empty.push(index);
      return;
    }
    const key = value.toLowerCase();
    if (seen.has(key) || reservedCustomResponses([value], abstainLabel).length > 0) flagged.push(index);
    seen.add(key);
  });
  const missing = MIN_CUSTOM_RESPONSES - validCustomResponses(slots).length;
  if (missing > 0) flagged.push(...empty.slice(0, missing));
  return flagged.sort((a, b) => a - b);
}

/** Number of valid responses: the custom ones when custom responses are on, else the standard 2. */
export function validResponseCount(opts: {
  custom_responses_enabled: boolean;
  motion_responses?: readonly (string | null | undefined)[] | null;
}): number {
  return opts.custom_responses_enabled ? validCustomResponses(opts.motion_responses ?? []).length : 2;
}

/** Upper bound of maximum responses: valid responses minus 1, never below 1. */
export function maxMaximumResponses(validCount: number): number {
  return Math.max(1, validCount - 1);
}

/**
 * The maximum-responses value after the form's resets: 1 when there are 2 or fewer valid responses
 * or the value is below 1 (or not a number). Values above the bound are not clamped: they are
 * flagged invalid by validateMotionForm, as the spec gives an "at most" rule, not a reset.
 */
export function normalizeMaximumResponses(value: number | null | undefined, validCount: number): number {
  if (validCount <= 2) return 1;
  if (value === null || value === undefined || Number.isNaN(value) || value < 1) return 1;
  return value;
}

/**
 * "Shown only when above 1", read as: the maximum-responses field is shown only when its upper bound
 * (valid responses minus 1) is above 1, i.e. with more than 2 valid responses; otherwise the value
 * can only be 1. (Reading the value itself would make the field impossible to raise from 1.)
 */
export function isMaximumResponsesShown(validCount: number): boolean {
  return maxMaximumResponses(validCount) > 1;
}

/**
 * Allowed vote types: simple majority always; two-thirds only if the committee asks for it
 * (committee.two_thirds_vote); multiple choice only with more than 2 valid responses.
 */
export function allowedVoteTypes(opts: {
  two_thirds_vote: boolean;
  valid_response_count: number;
}): VoteType[] {
  const types: VoteType[] = ['simple_majority'];
  if (opts.two_thirds_vote) types.push('two_thirds');
  if (opts.valid_response_count > 2) types.push('multiple');
  return types;
}

/** The vote-type choice is offered only if more than one type is allowed. */
export function isVoteTypeChoiceOffered(allowed: readonly VoteType[]): boolean {
  return allowed.length > 1;
}

/**
 * The vote type after the form's forcing rules: a maximum above 1 forces multiple; 2 or fewer valid
 * responses with multiple forces back to the standard type (simple majority, the always-allowed
 * type). The forcing of multiple is applied only when multiple is possible (more than 2 responses),
 * which always holds for a normalized maximum above 1.
 */
export function effectiveVoteType(opts: {
  vote_type: VoteType;
  maximum_responses: number;
  valid_response_count: number;
}): VoteType {
  if (opts.valid_response_count <= 2)
    return opts.vote_type === 'multiple' ? STANDARD_VOTE_TYPE : opts.vote_type;
  if (opts.maximum_responses > 1) return 'multiple';
  return opts.vote_type;
}

/**
 * Filter by demographic is offered only for non-amendment motions, when the committee's demographic
 * is filterable (has_demographic and demographic_motion_filterable) and more than one option exists.
 */
export function isDemographicFilterOffered(opts: {
  is_amendment: boolean;
  has_demographic?: boolean | null;
  demographic_motion_filterable: boolean;
  demographic_option_count: number;
}): boolean {
  return (
    !opts.is_amendment &&
    opts.has_demographic !== false &&
    opts.demographic_motion_filterable &&
    opts.demographic_option_count > 1
  );
}

export interface MotionFormInput {
  /** Inline HTML (a name may carry emphasis); its rule reads the visible text. */
  name: string;
  is_amendment: boolean;
  custom_responses_enabled: boolean;
  /** The slot values 1..9 (abstain, slot 0, is fixed and not included). */
  motion_responses?: readonly (string | null | undefined)[] | null;
  maximum_responses?: number | null;
  vote_type: VoteType;
  result_visibility?: ResultVisibility | null;
  motion_filter?: readonly (string | null)[] | null;
}

export interface MotionFormContext {
  committee: {
    two_thirds_vote: boolean;
    has_demographic?: boolean | null;
    demographic_motion_filterable: boolean;
  };
  /** Number of demographic options the filter would offer. */
  demographic_option_count: number;
  /** Configured default result visibility, if any. */
  default_result_visibility?: string | null;
  /** The association's abstain label (default Abstain), reserved among custom responses. */
  abstain_label: string;
}

export type MotionFormField =
  | 'name'
  | 'motion_responses'
  | 'maximum_responses'
  | 'vote_type'
  | 'motion_filter';

export interface MotionFormResult {
  valid: boolean;
  /** Fields to flag inline (the spec shows flags, not message texts). */
  invalid: MotionFormField[];
  /** The values to send after the form's resets and forcing rules. */
  value: {
    name: string;
    motion_responses: string[] | null;
    maximum_responses: number;
    vote_type: VoteType;
    result_visibility: ResultVisibility;
    motion_filter: (string | null)[] | null;
  };
  allowed_vote_types: VoteType[];
  vote_type_choice_offered: boolean;
  maximum_responses_shown: boolean;
  demographic_filter_offered: boolean;
  /**
   * Custom responses are offered only for non-amendment motions: an amendment is adopted or not by a
   * standard vote, and the motion vote it leads to keeps its root's responses.
   */
  custom_responses_offered: boolean;
}

/** Applies every motion-form rule: validation flags plus the normalized payload. */
export function validateMotionForm(input: MotionFormInput, ctx: MotionFormContext): MotionFormResult {
  const invalid: MotionFormField[] = [];
  const name = input.name.trim();
  // Measured as shown: '&amp;' is one character, '<b>x</b>' too.
  if (visibleText(name).length < MIN_NAME_LENGTH) invalid.push('name');

  const slots = input.motion_responses ?? [];
  const responses = input.custom_responses_enabled ? validCustomResponses(slots) : null;
  if (
    responses !== null &&
    (input.is_amendment ||
      responses.length < MIN_CUSTOM_RESPONSES ||
      slots.length > CUSTOM_RESPONSE_SLOTS ||
      reservedCustomResponses(responses, ctx.abstain_label).length > 0)
  ) {
    invalid.push('motion_responses');
  }
  const count = responses ? responses.length : 2;

  // Amendment votes always take one response (spec section 5, "Voting"; section 9).
  const rawMax = input.is_amendment ? 1 : input.maximum_responses;
  const maximum = normalizeMaximumResponses(rawMax, count);
  if (!Number.isInteger(maximum) || maximum > maxMaximumResponses(count)) invalid.push('maximum_responses');

  const allowed = allowedVoteTypes({
    two_thirds_vote: ctx.committee.two_thirds_vote,
    valid_response_count: count,
  });
  const voteType = effectiveVoteType({
    vote_type: input.vote_type,
    maximum_responses: maximum,
    valid_response_count: count,
  });
  if (!allowed.includes(voteType)) invalid.push('vote_type');

  const filterOffered = isDemographicFilterOffered({
    is_amendment: input.is_amendment,
    has_demographic: ctx.committee.has_demographic,
    demographic_motion_filterable: ctx.committee.demographic_motion_filterable,
    demographic_option_count: ctx.demographic_option_count,
  });
  const filter = input.motion_filter && input.motion_filter.length > 0 ? [...input.motion_filter] : null;
  if (filter !== null && !filterOffered) invalid.push('motion_filter');

  return {
    valid: invalid.length === 0,
    invalid,
    value: {
      name,
      motion_responses: responses,
      maximum_responses: maximum,
      vote_type: voteType,
      result_visibility: input.result_visibility ?? defaultResultVisibility(ctx.default_result_visibility),
      motion_filter: filter,
    },
    allowed_vote_types: allowed,
    vote_type_choice_offered: isVoteTypeChoiceOffered(allowed),
    maximum_responses_shown: isMaximumResponsesShown(count),
    demographic_filter_offered: filterOffered,
    custom_responses_offered: !input.is_amendment,
  };
}
