import * as React from 'react';
import { type Blocker, useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useBeforeUnloadPrompt } from '@/lib/use-before-unload';

export const UNSAVED_TITLE = 'Discard changes?';
export const UNSAVED_TEXT = 'This form has changes that have not been saved. Leave it and lose them?';
export const DISCARD_CHANGES = 'Discard Changes';
export const KEEP_EDITING = 'Keep Editing';

/** Navigation state for a move that makes the changes moot (the thing edited was just deleted). */
export const LEAVE_UNASKED = { leaveUnasked: true } as const;

export interface UnsavedChanges {
  /** The form differs from what it was loaded with, or last saved. */
  dirty: boolean;
  /** Asks before in-app navigation; show it with UnsavedChangesDialog. */
  blocker: Blocker;
  /**
   * Runs a save: a navigation the save itself makes (to what was created) goes through unasked, and once it
   * succeeds, `saved` is what the form compares against.
   */
  saving: <R>(save: () => Promise<R>, saved: () => unknown) => Promise<R>;
}

/**
 * A form's unsaved changes: while `values` differ from the first ones (or the last saved), leaving the
 * page asks first, in the app (Back, a link, Cancel) and in the browser (reload, closing the tab).
 */
export function useUnsavedChanges(values: unknown): UnsavedChanges {
  const [baseline, setBaseline] = React.useState(() => JSON.stringify(values));
  const dirty = JSON.stringify(values) !== baseline;
  const inSave = React.useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !inSave.current &&
      currentLocation.pathname !== nextLocation.pathname &&
      !(nextLocation.state as Partial<typeof LEAVE_UNASKED> | null)?.leaveUnasked,
  );
  useBeforeUnloadPrompt(dirty);
  const saving = React.useCallback(async <R,>(save: () => Promise<R>, saved: () => unknown) => {
    inSave.current = true;
    try {
      const result = await save();
      setBaseline(JSON.stringify(saved()));
      return result;
    } finally {
      inSave.current = false;
    }
  }, []);
  return { dirty, blocker, saving };
}

/** The question a blocked navigation asks: leave (losing the changes) or stay. */
export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  return (
    <ConfirmDialog
      title={UNSAVED_TITLE}
      message={blocker.state === 'blocked' ? UNSAVED_TEXT : null}
      confirmLabel={DISCARD_CHANGES}
      cancelLabel={KEEP_EDITING}
      destructive
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
