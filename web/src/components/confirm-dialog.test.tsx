import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as React from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from '@/components/confirm-dialog';

/** A page with a button that asks before acting, as the callers do (no trigger, a controlled question). */
function Harness({ hideOnConfirm = false, lockOnAsk = false, onConfirm = () => {} }) {
  const [asking, setAsking] = React.useState(false);
  const [done, setDone] = React.useState(false);
  const [locked, setLocked] = React.useState(false);
  return (
    <>
      {!done && (
        <button
          type="button"
          disabled={locked}
          onClick={() => {
            setAsking(true);
            setLocked(lockOnAsk);
          }}
        >
          Delete
        </button>
      )}
      <ConfirmDialog
        title="Are you sure?"
        message={asking ? 'It will be deleted.' : null}
        onConfirm={() => {
          onConfirm();
          setAsking(false);
          if (hideOnConfirm) setDone(true);
        }}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

async function ask(user: ReturnType<typeof userEvent.setup>) {
  const opener = screen.getByRole('button', { name: 'Delete' });
  await user.click(opener);
  const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
  // Radix moves focus into the dialog (its Cancel button).
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return { opener, dialog };
}

describe('ConfirmDialog', () => {
  it('gives focus back to the button that opened it when cancelled with Escape', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const { opener } = await ask(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('gives focus back to the button that opened it when cancelled with Cancel', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const { opener, dialog } = await ask(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('gives focus back after confirming while the button is still there', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const { opener, dialog } = await ask(user);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('leaves focus alone when the opener is gone or disabled', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness hideOnConfirm />);
    let { dialog } = await ask(user);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.activeElement).toBe(document.body);
    unmount();

    render(<Harness lockOnAsk />);
    ({ dialog } = await ask(user));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.activeElement).toBe(document.body);
  });

  it('confirms once when Confirm is clicked twice before the dialog has gone', async () => {
    const user = userEvent.setup();
    let confirmed = 0;
    render(<Harness onConfirm={() => (confirmed += 1)} />);
    const { dialog } = await ask(user);
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    // Both clicks land before React renders the closed dialog (in the browser: while it fades out).
    act(() => {
      confirm.click();
      confirm.click();
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(confirmed).toBe(1);

    // The next question is answered again.
    await ask(user);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(confirmed).toBe(2);
  });
});
