import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster, toast } from '@/components/ui/sonner';

/** Heights the fake ResizeObserver reports, by element (the test's stand-in for layout). */
const heights = new WeakMap<Element, number>();
const observers = new Set<FakeResizeObserver>();

class FakeResizeObserver {
  private readonly observed = new Set<Element>();
  constructor(private readonly callback: ResizeObserverCallback) {
    observers.add(this);
  }
  observe(target: Element) {
    this.observed.add(target);
    this.report(target);
  }
  unobserve(target: Element) {
    this.observed.delete(target);
  }
  disconnect() {
    this.observed.clear();
    observers.delete(this);
  }
  report(target: Element) {
    if (!this.observed.has(target)) return;
    const blockSize = heights.get(target) ?? 0;
    const entry = { target, borderBoxSize: [{ blockSize, inlineSize: 0 }] } as unknown as ResizeObserverEntry;
    this.callback([entry], this as unknown as ResizeObserver);
  }
}

/** The footer grows (it wraps onto another line on a phone). */
function resize(target: Element, height: number) {
  heights.set(target, height);
  act(() => {
    for (const observer of observers) observer.report(target);
  });
}

/** A page with its title, and a footer of `footer` pixels stuck to the bottom of the window (or none). */
function Page({ footer }: { footer: number | null }) {
  return (
    <>
      <h1>Meeting</h1>
      {footer !== null && (
        <footer
          ref={(element) => {
            if (element) heights.set(element, footer);
          }}
          style={{ position: 'sticky', bottom: 0 }}
        >
          End Meeting
        </footer>
      )}
      <Toaster />
    </>
  );
}

function toaster(): HTMLElement {
  const list = document.querySelector<HTMLElement>('[data-sonner-toaster]');
  if (!list) throw new Error('No toasts shown');
  return list;
}

async function showToast() {
  act(() => {
    toast.success('Saved');
  });
  await screen.findByText('Saved');
}

describe('Toaster', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows toasts at the bottom right (across the bottom on a phone), not over the title at the top', async () => {
    render(<Page footer={null} />);
    await showToast();
    expect(toaster().dataset.yPosition).toBe('bottom');
    expect(toaster().dataset.xPosition).toBe('right');
    expect(toaster().style.getPropertyValue('--offset-bottom')).toBe('24px');
    expect(toaster().style.getPropertyValue('--mobile-offset-bottom')).toBe('16px');
  });

  it('keeps them above a footer stuck to the bottom of the window, as it grows, and down again once it goes', async () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const view = render(<Page footer={69} />);
    await showToast();
    expect(toaster().style.getPropertyValue('--offset-bottom')).toBe('93px');
    expect(toaster().style.getPropertyValue('--mobile-offset-bottom')).toBe('85px');

    resize(document.querySelector('footer') as HTMLElement, 121);
    expect(toaster().style.getPropertyValue('--offset-bottom')).toBe('145px');
    expect(toaster().style.getPropertyValue('--mobile-offset-bottom')).toBe('137px');

    view.rerender(<Page footer={null} />);
    await vi.waitFor(() => expect(toaster().style.getPropertyValue('--offset-bottom')).toBe('24px'));
    expect(toaster().style.getPropertyValue('--mobile-offset-bottom')).toBe('16px');
  });

  it('finds a footer that comes with a later page', async () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const view = render(<Page footer={null} />);
    await showToast();
    view.rerender(<Page footer={61} />);
    await vi.waitFor(() => expect(toaster().style.getPropertyValue('--offset-bottom')).toBe('85px'));
  });
});
