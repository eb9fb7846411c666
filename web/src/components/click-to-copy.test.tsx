import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ClickToCopy } from '@/components/click-to-copy';
import { Toaster } from '@/components/ui/sonner';
import { TOOLTIP_DURATION_MS } from '@/components/ui/tooltip';

function renderCopy() {
  render(
    <>
      <ClickToCopy value="ada@example.org" />
      <Toaster />
    </>,
  );
  return userEvent.setup();
}

describe('ClickToCopy', () => {
  it("copies its value and says 'Copied to clipboard'", async () => {
    const user = renderCopy();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(screen.getByRole('button', { name: /ada@example.org/ }));
    expect(writeText).toHaveBeenCalledWith('ada@example.org');
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
  });

  it("says 'Error copying to clipboard' when the browser refuses", async () => {
    const user = renderCopy();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('Denied', 'NotAllowedError'),
    );
    await user.click(screen.getByRole('button', { name: /ada@example.org/ }));
    expect(await screen.findByText('Error copying to clipboard')).toBeTruthy();
  });

  it("hints 'Click to copy' in a tooltip that hides after 3 seconds, not in the browser's title", async () => {
    const user = renderCopy();
    const button = screen.getByRole('button', { name: /ada@example.org/ });
    expect(button.getAttribute('title')).toBeNull();
    await user.tab();
    expect((await screen.findByRole('tooltip')).textContent).toBe('Click to copy');
    await act(() => new Promise((resolve) => window.setTimeout(resolve, TOOLTIP_DURATION_MS + 100)));
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});
