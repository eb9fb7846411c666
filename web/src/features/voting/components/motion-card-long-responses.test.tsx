/**
 * Custom responses may be 500 characters without a space. happy-dom lays nothing out, so these tests check
 * that each element showing a response wraps long words: overflow-wrap: anywhere (Tailwind wrap-anywhere)
 * in effect on it, no nowrap in the way, and boxes that grow or shrink to let the text wrap. Checked in a
 * 375 px wide Chromium: the page keeps the viewport's width.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  endedVote,
  makeMotion,
  makeVote,
  principal,
  RUNNER,
  renderPanel,
  reply,
} from '@/features/voting/test-fixtures';

const LONG = `Option${'x'.repeat(494)}`;
const card = () => screen.getByRole('article', { name: /Adopt the budget/ });

/** The nearest class among `el` and its ancestors that sets the property the pattern matches. */
function nearest(el: Element, pattern: RegExp): string | null {
  for (let node: Element | null = el; node; node = node.parentElement) {
    const found = [...node.classList].find((c) => pattern.test(c));
    if (found) return found;
  }
  return null;
}

/** Long words in `el`'s text break at the edge of its box instead of running out of it. */
function wrapsLongWords(el: Element): boolean {
  const whiteSpace = nearest(el, /^whitespace-/);
  return (
    nearest(el, /^(wrap-|break-words$)/) === 'wrap-anywhere' &&
    (whiteSpace === null || whiteSpace === 'whitespace-normal')
  );
}

describe('Motion card: long custom responses', { timeout: 20_000 }, () => {
  const motion = makeMotion({ motion_responses: [LONG, 'No'], motion_vote_id: 'v-1' });

  it('wraps the response badges, which stay within the card', () => {
    renderPanel({ data: reply({ motions: [{ ...motion, motion_vote_id: null }] }) });
    const list = within(card()).getByRole('list', { name: 'Available responses' });
    const badge = within(list).getByText(LONG);
    expect(wrapsLongWords(badge)).toBe(true);
    // Flex items may shrink below their longest word only with min-width 0 (else they overflow the card).
    expect(list.classList.contains('min-w-0')).toBe(true);
    expect(badge.closest('li')?.classList.contains('min-w-0')).toBe(true);
    expect(badge.classList.contains('max-w-full')).toBe(true);
  });

  it('wraps the vote button labels inside buttons that grow in height, and the confirmation', async () => {
    const vote = makeVote({ responses: [LONG, 'No', 'abstained'], vote_type: 'simple_majority' });
    const { user } = renderPanel({ data: reply({ motions: [motion], votes: [vote] }) });
    const group = within(card()).getByRole('group', { name: 'Your vote on Adopt the budget' });
    const button = within(group).getByRole('button', { name: `Vote '${LONG}' on Adopt the budget` });
    expect(wrapsLongWords(within(button).getByText(LONG))).toBe(true);
    // The button's fixed height would let the wrapped lines spill out of it.
    expect(button.classList.contains('h-auto')).toBe(true);
    expect(button.classList.contains('h-9')).toBe(false);
    expect(button.classList.contains('min-w-0')).toBe(true);

    await user.click(button);
    const dialog = await screen.findByRole('alertdialog');
    expect(wrapsLongWords(within(dialog).getByText(`Confirm '${LONG}' Vote`))).toBe(true);
    expect(wrapsLongWords(within(dialog).getByText(`Your vote: ${LONG}`))).toBe(true);
  });

  it('wraps the live tally a runner sees', () => {
    const vote = makeVote({
      responses: [LONG, 'No', 'abstained'],
      outcome: [
        { response: LONG, count: 1 },
        { response: 'No', count: 0 },
      ],
    });
    renderPanel({
      data: reply({ motions: [motion], votes: [vote] }),
      principal: principal(RUNNER, 'u-staff'),
    });
    const tally = within(card()).getByRole('list', { name: 'Live tally' });
    expect(wrapsLongWords(within(tally).getByText(new RegExp(`^${LONG}:`)))).toBe(true);
  });

  it('wraps the result, the breakdown and the chart legend', () => {
    const vote = endedVote([
      { response: LONG, count: 2 },
      { response: 'No', count: 1 },
    ]);
    renderPanel({
      data: reply({ motions: [motion], votes: [vote] }),
      principal: principal(RUNNER, 'u-staff'),
    });
    const results = within(card()).getByRole('region', { name: /^Vote Results: / });
    const result = within(results).getByText('Result').nextElementSibling as HTMLElement;
    expect(result.textContent).toBe(LONG);
    expect(wrapsLongWords(result)).toBe(true);
    expect(result.classList.contains('min-w-0')).toBe(true);

    const table = within(results).getByRole('table', { name: 'Vote Results breakdown' });
    expect(wrapsLongWords(within(table).getByRole('rowheader', { name: LONG }))).toBe(true);
    expect(table.classList.contains('min-w-0')).toBe(true);

    const legend = results.querySelector('figcaption') as HTMLElement;
    expect(wrapsLongWords(within(legend).getByText(LONG))).toBe(true);
    expect(legend.closest('figure')?.classList.contains('min-w-0')).toBe(true);
  });
});
