import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP_DURATION_MS, Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

describe('Tooltip', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hides by itself after 3 seconds', () => {
    render(
      <Tooltip>
        <TooltipTrigger>Help</TooltipTrigger>
        <TooltipContent>More about this</TooltipContent>
      </Tooltip>,
    );
    fireEvent.focus(screen.getByRole('button', { name: 'Help' }));
    expect(screen.getByRole('tooltip').textContent).toBe('More about this');

    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByRole('tooltip')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('tells a controlling parent when it hides', () => {
    const onOpenChange = vi.fn();
    render(
      <Tooltip open onOpenChange={onOpenChange}>
        <TooltipTrigger>Help</TooltipTrigger>
        <TooltipContent>More</TooltipContent>
      </Tooltip>,
    );
    act(() => vi.advanceTimersByTime(TOOLTIP_DURATION_MS));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
