import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DescribedTooltip } from '@/components/described-tooltip';
import { TOOLTIP_DURATION_MS } from '@/components/ui/tooltip';

function renderTip() {
  render(
    <>
      <DescribedTooltip text="Why this is so">
        <button type="button">Status</button>
      </DescribedTooltip>
      <button type="button">Elsewhere</button>
    </>,
  );
  return screen.getByRole('button', { name: 'Status' });
}

const tooltip = () => screen.queryByRole('tooltip');
const wait = (ms: number) => act(() => new Promise((resolve) => window.setTimeout(resolve, ms)));

describe('DescribedTooltip', () => {
  it('describes its trigger for screen readers without opening', () => {
    const trigger = renderTip();
    expect(document.getElementById(trigger.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Why this is so',
    );
    expect(tooltip()).toBeNull();
  });

  it('opens on keyboard focus, and stays when focusing scrolls the page', async () => {
    const trigger = renderTip();
    await userEvent.tab();
    expect(document.activeElement).toBe(trigger);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Why this is so');
    // Focusing the sticky footer scrolls the page; Radix closes tooltips on scroll.
    fireEvent.scroll(document);
    await wait(500);
    expect(tooltip()).not.toBeNull();
  });

  it('opens on Enter, and Escape closes it', async () => {
    const user = userEvent.setup();
    renderTip();
    await user.tab();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(tooltip()).toBeNull());
    await user.keyboard('{Enter}');
    await wait(500);
    expect(tooltip()?.textContent).toBe('Why this is so');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(tooltip()).toBeNull());
  });

  it('opens on a tap, for phones, and stays open', async () => {
    const user = userEvent.setup();
    const trigger = renderTip();
    await user.pointer({ keys: '[TouchA]', target: trigger });
    await wait(500);
    expect(tooltip()?.textContent).toBe('Why this is so');
  });

  it('opens on a click and stays open', async () => {
    const user = userEvent.setup();
    const trigger = renderTip();
    await user.click(trigger);
    await wait(500);
    expect(tooltip()?.textContent).toBe('Why this is so');
    // A tap or click elsewhere closes it.
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await waitFor(() => expect(tooltip()).toBeNull());
  });

  it('closes on its own after its 3 seconds', { timeout: 10_000 }, async () => {
    const user = userEvent.setup();
    const trigger = renderTip();
    await user.pointer({ keys: '[TouchA]', target: trigger });
    await wait(TOOLTIP_DURATION_MS - 500);
    expect(tooltip()).not.toBeNull();
    await wait(1_000);
    expect(tooltip()).toBeNull();
  });

  it('opens on hover and closes when the pointer leaves', async () => {
    const user = userEvent.setup();
    const trigger = renderTip();
    await user.hover(trigger);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Why this is so');
    // Radix tracks the pointer once it has left, and closes when it moves away.
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    await user.pointer({ target: elsewhere, coords: { x: 500, y: 500 } });
    await user.pointer({ target: elsewhere, coords: { x: 510, y: 510 } });
    await waitFor(() => expect(tooltip()).toBeNull());
  });
});
