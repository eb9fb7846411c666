import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DescribedTooltip } from '@/components/described-tooltip';

function renderTip() {
  render(
    <DescribedTooltip text="Why this is so">
      <button type="button">Status</button>
    </DescribedTooltip>,
  );
  return screen.getByRole('button', { name: 'Status' });
}

describe('DescribedTooltip', () => {
  it('describes its trigger for screen readers without opening', () => {
    const trigger = renderTip();
    expect(document.getElementById(trigger.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Why this is so',
    );
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens on keyboard focus', async () => {
    const trigger = renderTip();
    await userEvent.tab();
    expect(document.activeElement).toBe(trigger);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Why this is so');
  });

  it('opens on a tap, for phones', async () => {
    const trigger = renderTip();
    await userEvent.click(trigger);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Why this is so');
  });
});
