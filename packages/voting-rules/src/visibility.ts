/** Result visibility (spec section 4, "Result visibility"; chart rule from section 9). */
import type { ResultVisibility } from './types.js';

export const RESULT_VISIBILITIES: readonly ResultVisibility[] = ['show_all', 'hide_breakdown', 'hide_all'];

/** Spec wording for each value: show, hide breakdown, hide. */
export const RESULT_VISIBILITY_LABELS: Readonly<Record<ResultVisibility, string>> = {
  show_all: 'show',
  hide_breakdown: 'hide breakdown',
  hide_all: 'hide',
};

/** Success toast per value (section 8). */
export const RESULT_VISIBILITY_SUCCESS: Readonly<Record<ResultVisibility, string>> = {
  show_all: 'Results Shown',
  hide_breakdown: 'Results Breakdown Hidden',
  hide_all: 'Results Hidden',
};

/** 'Result Visibility Updated To {value}' (section 8). */
export function resultVisibilityUpdatedMessage(value: string): string {
  return `Result Visibility Updated To ${value}`;
}

export interface ResultView {
  summary: boolean;
  breakdown: boolean;
}

/**
 * What a viewer sees of a motion's results. Runners always see summary and breakdown; others: show
 * gives both, hide breakdown the summary only, hide nothing. A missing value is read as show (the
 * default when configuration gives none).
 */
export function resultView(opts: {
  result_visibility?: ResultVisibility | null;
  is_runner: boolean;
}): ResultView {
  if (opts.is_runner) return { summary: true, breakdown: true };
  switch (opts.result_visibility ?? 'show_all') {
    case 'show_all':
      return { summary: true, breakdown: true };
    case 'hide_breakdown':
      return { summary: true, breakdown: false };
    default:
      return { summary: false, breakdown: false };
  }
}

/** True when the result is hidden from this viewer (non-runner and hide): the status becomes 'concluded'. */
export function isResultHiddenFrom(opts: {
  result_visibility?: ResultVisibility | null;
  is_runner: boolean;
}): boolean {
  return !resultView(opts).summary;
}

/** Runners ('run meetings') change visibility only when the motion has no active vote. */
export function canChangeResultVisibility(opts: { is_runner: boolean; has_active_vote: boolean }): boolean {
  return opts.is_runner && !opts.has_active_vote;
}

/** Default result visibility of a new motion: the configured value when valid, otherwise show. */
export function defaultResultVisibility(configured?: string | null): ResultVisibility {
  return RESULT_VISIBILITIES.find((v) => v === configured) ?? 'show_all';
}

/**
 * The pie chart shows only if the vote is valid, the breakdown is visible and total votes are above 0.
 * "Total votes" is read as the non-abstain total because the chart excludes abstentions: an
 * all-abstain vote would draw an empty chart.
 */
export function showResultChart(opts: {
  valid: boolean;
  breakdown_visible: boolean;
  valid_total: number;
}): boolean {
  return opts.valid && opts.breakdown_visible && opts.valid_total > 0;
}
