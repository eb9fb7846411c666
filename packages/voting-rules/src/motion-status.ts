/** Motion status label and text (spec section 4, "Motion status label"). */
import type { Approval } from './approval.js';
import type { ResultVisibility } from './types.js';
import { isResultHiddenFrom } from './visibility.js';

export type MotionStatusLabel = 'pending' | 'passed' | 'failed' | 'concluded';

export const STATUS_TEXT_CONCLUDED = 'voting closed';
export const STATUS_TEXT_PENDING = 'pending';
export const STATUS_TEXT_COMPLETE = 'complete';
export const STATUS_TEXT_INVALID = 'vote invalid';

export interface MotionStatusInput {
  /** The row's approval (motionApproval, or amendmentApproval on an amendment card); null = no result yet. */
  approved: Approval;
  /** Validity of the deciding vote; true when decided without a vote (unanimous consent). */
  valid: boolean;
  is_runner: boolean;
  result_visibility?: ResultVisibility | null;
}

/**
 * pending (no result yet), passed (valid and approved), failed (otherwise), or concluded for
 * non-runners when the result is hidden. Pending is checked first: with no result there is nothing
 * to hide.
 */
export function motionStatusLabel(input: MotionStatusInput): MotionStatusLabel {
  if (input.approved === null) return 'pending';
  if (isResultHiddenFrom(input)) return 'concluded';
  return input.valid && input.approved ? 'passed' : 'failed';
}

/**
 * Status text: 'voting closed' for concluded, 'pending', 'complete' when valid, passed and with
 * custom responses, 'vote invalid' when the vote is invalid, else the label itself ('passed' or
 * 'failed').
 */
export function motionStatusText(input: MotionStatusInput & { has_custom_responses: boolean }): string {
  const label = motionStatusLabel(input);
  if (label === 'concluded') return STATUS_TEXT_CONCLUDED;
  if (label === 'pending') return STATUS_TEXT_PENDING;
  if (!input.valid) return STATUS_TEXT_INVALID;
  if (label === 'passed' && input.has_custom_responses) return STATUS_TEXT_COMPLETE;
  return label;
}
