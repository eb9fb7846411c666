import { fireEvent, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadWithoutPrompt, useBeforeUnloadPrompt } from '@/lib/use-before-unload';

/** Whether leaving now would ask: the page cancelled the beforeunload event. */
function wouldAsk(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

function pointer(fine: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(any-pointer: fine)' ? fine : false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe('useBeforeUnloadPrompt', () => {
  it('asks before leaving while active, and lets a keyboard reload through when refreshes are allowed', () => {
    pointer(true);
    const { rerender, unmount } = renderHook(
      ({ active }) => useBeforeUnloadPrompt(active, { allowRefresh: true }),
      {
        initialProps: { active: false },
      },
    );
    expect(wouldAsk()).toBe(false);
    rerender({ active: true });
    expect(wouldAsk()).toBe(true);
    fireEvent.keyDown(window, { key: 'F5' });
    expect(wouldAsk()).toBe(false);
    unmount();
  });

  it('on a touch-only device, asks nothing when refreshes are allowed (its reloads give no sign)', () => {
    pointer(false);
    const leave = renderHook(() => useBeforeUnloadPrompt(true, { allowRefresh: true }));
    expect(wouldAsk()).toBe(false);
    leave.unmount();
    // Unsaved form changes still ask: no refresh is let through there.
    const form = renderHook(() => useBeforeUnloadPrompt(true));
    expect(wouldAsk()).toBe(true);
    form.unmount();
  });

  // Last in the file: the page is then reloading for good.
  it('lets a reload the app itself orders through without asking', () => {
    pointer(true);
    const { unmount } = renderHook(() => useBeforeUnloadPrompt(true, { allowRefresh: true }));
    expect(wouldAsk()).toBe(true);
    const reload = vi.fn();
    reloadWithoutPrompt({ reload });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(wouldAsk()).toBe(false);
    unmount();
  });
});
