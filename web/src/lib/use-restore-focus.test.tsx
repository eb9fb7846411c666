import { act, render, screen } from '@testing-library/react';
import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useFocusWhenReady } from '@/lib/use-restore-focus';

/** A button whose click asks focus for the status line it then shows, with `options`. */
function Asker({ options }: { options?: { preventScroll?: boolean } }) {
  const { request } = useFocusWhenReady();
  const [done, setDone] = React.useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setDone(true);
          request(() => document.getElementById('done'), { move: true, ...options });
        }}
      >
        Do it
      </button>
      {done && (
        <p id="done" tabIndex={-1}>
          Done
        </p>
      )}
    </>
  );
}

describe('useFocusWhenReady', () => {
  it.each([
    ['scrolls to the element, as focus() does, by default', undefined, false],
    ['leaves the page where it is when asked (an element in a sticky bar)', { preventScroll: true }, true],
  ])('%s', (_, options, preventScroll) => {
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    render(<Asker options={options} />);
    act(() => screen.getByRole('button', { name: 'Do it' }).click());
    const done = screen.getByText('Done');
    expect(document.activeElement).toBe(done);
    const onDone = focus.mock.contexts.flatMap((target, i) =>
      target === done ? [focus.mock.calls[i]?.[0]] : [],
    );
    expect(onDone.map((given) => given?.preventScroll ?? false)).toEqual([preventScroll]);
  });
});
