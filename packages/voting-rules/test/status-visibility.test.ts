import { describe, expect, it } from 'vitest';
import {
  canChangeResultVisibility,
  defaultResultVisibility,
  isResultHiddenFrom,
  type MotionStatusInput,
  motionStatusLabel,
  motionStatusText,
  type ResultVisibility,
  resultView,
  resultVisibilityUpdatedMessage,
  showResultChart,
} from '../src/index.js';

describe('result view', () => {
  it.each([
    ['show_all', false, true, true],
    ['hide_breakdown', false, true, false],
    ['hide_all', false, false, false],
    [null, false, true, true], // default is show
    ['show_all', true, true, true],
    ['hide_breakdown', true, true, true], // runners always see everything
    ['hide_all', true, true, true],
  ] as const)('%s, runner %s → summary %s, breakdown %s', (visibility, runner, summary, breakdown) => {
    expect(resultView({ result_visibility: visibility, is_runner: runner })).toEqual({ summary, breakdown });
    expect(isResultHiddenFrom({ result_visibility: visibility, is_runner: runner })).toBe(!summary);
  });

  it.each([
    [true, false, true],
    [true, true, false],
    [false, false, false],
    [false, true, false],
  ])('runner %s, active vote %s → may change %s', (runner, active, expected) => {
    expect(canChangeResultVisibility({ is_runner: runner, has_active_vote: active })).toBe(expected);
  });

  it('default visibility comes from configuration, otherwise show', () => {
    expect(defaultResultVisibility('hide_all')).toBe('hide_all');
    expect(defaultResultVisibility('hide_breakdown')).toBe('hide_breakdown');
    expect(defaultResultVisibility(undefined)).toBe('show_all');
    expect(defaultResultVisibility(null)).toBe('show_all');
    expect(defaultResultVisibility('bogus')).toBe('show_all');
  });

  // RESULT_VISIBILITY_SUCCESS is checked where it is shown: web's motion-card.test.tsx ('lets runners
  // change the result visibility' and '%s sends its visibility and says so').
  it('messages', () => {
    expect(resultVisibilityUpdatedMessage('hide')).toBe('Result Visibility Updated To hide');
  });

  it.each([
    [true, true, 3, true],
    [false, true, 3, false],
    [true, false, 3, false],
    [true, true, 0, false],
  ])('chart: valid %s, breakdown %s, total %i → %s', (valid, breakdown, total, expected) => {
    expect(showResultChart({ valid, breakdown_visible: breakdown, valid_total: total })).toBe(expected);
  });
});

describe('motion status', () => {
  const row = (
    approved: boolean | null,
    valid: boolean,
    is_runner: boolean,
    result_visibility: ResultVisibility,
  ): MotionStatusInput => ({ approved, valid, is_runner, result_visibility });

  it.each([
    // approved, valid, runner, visibility, custom → label, text
    [null, true, false, 'show_all', false, 'pending', 'pending'],
    [null, false, true, 'hide_all', false, 'pending', 'pending'], // nothing to hide yet
    [null, false, false, 'hide_all', false, 'pending', 'pending'], // a member: no result yet, not 'concluded'
    [true, true, false, 'show_all', false, 'passed', 'passed'],
    [true, true, false, 'show_all', true, 'passed', 'complete'],
    [false, true, false, 'show_all', false, 'failed', 'failed'],
    [false, true, false, 'show_all', true, 'failed', 'failed'],
    [true, false, false, 'show_all', false, 'failed', 'vote invalid'], // approved but invalid is not passed
    [false, false, false, 'show_all', true, 'failed', 'vote invalid'],
    [true, true, false, 'hide_all', false, 'concluded', 'voting closed'],
    [false, false, false, 'hide_all', false, 'concluded', 'voting closed'],
    [true, true, false, 'hide_breakdown', false, 'passed', 'passed'], // summary still shown
    [true, true, true, 'hide_all', false, 'passed', 'passed'], // runners see results
    [true, true, true, 'hide_all', true, 'passed', 'complete'],
  ] as const)(
    '%s/%s runner %s %s custom %s → %s, "%s"',
    (approved, valid, runner, vis, custom, label, text) => {
      const input = row(approved, valid, runner, vis);
      expect(motionStatusLabel(input)).toBe(label);
      expect(motionStatusText({ ...input, has_custom_responses: custom })).toBe(text);
    },
  );
});
