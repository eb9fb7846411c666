import type { TMeetingCommittee, TMotion, TVoteType } from '@gavel/contracts';
import {
  ABSTAIN_RESPONSE,
  ABSTAIN_SLOT_NUMBER,
  CUSTOM_RESPONSE_COLUMNS,
  invalidResponseSlots,
  NO_VALUE_LABEL,
  RESULT_VISIBILITIES,
} from '@gavel/voting-rules';
import * as React from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorDialog } from '@/components/error-dialog';
import { RichTextEditor } from '@/components/rich-text-editor';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useVotingSettings } from '@/features/auth/queries';
import { motionTitleId } from '@/features/voting/components/motion-card';
import { ServerHtml } from '@/features/voting/components/server-html';
import {
  checkMotionForm,
  emptyMotionForm,
  followMaximumRule,
  isFractionalMaximum,
  type MotionFormMode,
  type MotionFormValues,
  maximumResponsesBound,
  motionFormBody,
  motionFormFrom,
  RESULT_VISIBILITY_OPTION_LABELS,
  reservedResponses,
  VOTE_TYPE_LABELS,
} from '@/features/voting/motion-form';
import { useSaveMotion } from '@/features/voting/queries';
import { useVoteWording } from '@/features/voting/wording';
import { errorText, fieldErrorsOf } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { FALLBACK } from '@/lib/messages';
import type { PageScope } from '@/lib/page-scope';
import { usePreventDuplicateSubmit } from '@/lib/use-prevent-duplicate-submit';
import { useRestoreFocus } from '@/lib/use-restore-focus';
import { useShownWhileClosing } from '@/lib/use-shown-while-closing';
import { DISCARD_CHANGES, KEEP_EDITING, UNSAVED_TEXT, UNSAVED_TITLE } from '@/lib/use-unsaved-changes';

export const SAVE_MOTION_ERROR_TITLE = 'Error Saving Motion';
export const SAVE_AMENDMENT_ERROR_TITLE = 'Error Saving Amendment';
const SAVE_BUTTON_ID = 'motion-form-save';

/**
 * What a flagged field says. The spec gives the flags but not their texts: without a word, a Save that
 * does nothing leaves a new runner guessing. A message the server gave for the field comes first.
 */
export const MOTION_FIELD_HINTS: Record<string, string> = {
  name: 'Enter a name of at least 2 characters.',
  motion_responses: 'Enter at least 2 different responses. Abstain is offered on its own.',
  maximum_responses: 'Allow fewer responses than there are choices.',
  vote_type: 'Choose a vote type these responses allow.',
  motion_filter: 'This motion cannot be filtered.',
};
const hintId = (field: string) => `motion-hint-${field}`;

export const WHOLE_NUMBER_HINT = 'Enter a whole number.';
const AND_LIST = new Intl.ListFormat('en', { type: 'conjunction' });

/** "'in_favor' is reserved: choose another response." (or, for several, "… are reserved: choose other …"). */
export function reservedHint(reserved: readonly string[]): string {
  const list = AND_LIST.format(reserved.map((r) => `'${r}'`));
  return reserved.length > 1
    ? `${list} are reserved: choose other responses.`
    : `${list} is reserved: choose another response.`;
}

/** What a flagged field says about these values: the specific fault where the general hint would mislead. */
function fieldHint(field: string, values: MotionFormValues, abstainLabel: string): string | undefined {
  if (field === 'motion_responses') {
    const reserved = reservedResponses(values, abstainLabel);
    if (reserved.length > 0) return reservedHint(reserved);
  }
  if (field === 'maximum_responses' && isFractionalMaximum(values)) return WHOLE_NUMBER_HINT;
  return MOTION_FIELD_HINTS[field];
}

/** Asked before Cancel, Escape or a click outside throws away what the user typed. */

/** What the form is for: a new motion, an edit, or an amendment under `motion`. */
export type MotionFormTarget =
  | { mode: 'create' }
  | { mode: 'edit'; motion: TMotion }
  | { mode: 'amend'; motion: TMotion };

const TITLES: Record<MotionFormMode, string> = {
  create: 'New Motion',
  edit: 'Edit Motion',
  amend: 'Amend Motion',
};
const EDIT_AMENDMENT_TITLE = 'Edit Amendment';

export interface MotionFormDialogProps {
  scope: PageScope;
  committee: TMeetingCommittee;
  /** The dialog shows while a target is set. */
  target: MotionFormTarget | null;
  onClose: () => void;
}

const CONTROL = 'input:not(:disabled), textarea, button:not(:disabled), [contenteditable="true"]';

/** The first flagged control; in a flagged group (the custom responses), its first flagged control. */
function firstFlaggedControl(form: HTMLFormElement | null): HTMLElement | null {
  const flagged = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!flagged || flagged.matches(CONTROL)) return flagged ?? null;
  const inGroup = [...flagged.querySelectorAll<HTMLElement>('[aria-invalid="true"]')];
  return inGroup.find((el) => el.matches(CONTROL)) ?? flagged.querySelector<HTMLElement>(CONTROL);
}

/** The create / edit / amend motion modal. */
export function MotionFormDialog({ scope, committee, target, onClose }: MotionFormDialogProps) {
  const [failure, setFailure] = React.useState<{ title: string; message: string } | null>(null);
  const key = target ? `${target.mode}-${target.mode === 'create' ? '' : target.motion.id}` : 'none';
  // Opened from state (no trigger): focus goes back to New Motion, Edit, Amend or Begin Vote on close. When
  // that is gone (opened from the motion's address, or Begin Vote disabled by the amendment just saved), the
  // motion the form was about takes it.
  const about = useShownWhileClosing(target !== null, target);
  const restoreFocus = useRestoreFocus(target !== null, () =>
    about && about.mode !== 'create' ? document.getElementById(motionTitleId(about.motion.id)) : null,
  );
  // After a failed save, back to the form (Save is disabled, so maybe not focused, while it was sending).
  const restoreAfterFailure = useRestoreFocus(failure !== null, () =>
    document.getElementById(SAVE_BUTTON_ID),
  );
  // Whether the form differs from how it opened (a new form reports it when it mounts): closing then asks.
  const dirty = React.useRef(false);
  const [confirmingDiscard, setConfirmingDiscard] = React.useState(false);
  const close = () => {
    dirty.current = false;
    setConfirmingDiscard(false);
    onClose();
  };
  return (
    <>
      <Dialog
        open={target !== null}
        onOpenChange={(open) => !open && (dirty.current ? setConfirmingDiscard(true) : close())}
      >
        <DialogContent
          {...restoreFocus}
          // The form starts in Name, which focuses itself once its editor is ready; until then the dialog
          // holds focus (not the first toolbar button, as Radix would choose).
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
          }}
          className="max-h-[95dvh] overflow-y-auto sm:max-w-2xl"
        >
          {target && (
            <MotionForm
              key={key}
              scope={scope}
              committee={committee}
              target={target}
              onDone={close}
              onDirty={(changed) => {
                dirty.current = changed;
              }}
              onFailure={setFailure}
            />
          )}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        title={UNSAVED_TITLE}
        message={confirmingDiscard ? UNSAVED_TEXT : null}
        confirmLabel={DISCARD_CHANGES}
        cancelLabel={KEEP_EDITING}
        destructive
        onConfirm={close}
        onCancel={() => setConfirmingDiscard(false)}
      />
      <ErrorDialog
        title={failure?.title ?? SAVE_MOTION_ERROR_TITLE}
        message={failure?.message ?? null}
        onClose={() => setFailure(null)}
        onCloseAutoFocus={restoreAfterFailure.onCloseAutoFocus}
      />
    </>
  );
}

function MotionForm({
  scope,
  committee,
  target,
  onDone,
  onDirty,
  onFailure,
}: {
  scope: PageScope;
  committee: TMeetingCommittee;
  target: MotionFormTarget;
  onDone: () => void;
  /** Told whether the values differ from those the form opened with. */
  onDirty: (dirty: boolean) => void;
  onFailure: (failure: { title: string; message: string }) => void;
}) {
  const save = useSaveMotion(scope);
  const votingSettings = useVotingSettings();
  const configuredVisibility = votingSettings.default_result_visibility;
  const isAmendment =
    target.mode === 'amend' || (target.mode === 'edit' && target.motion.amendment_parent_id !== null);
  const wording = useVoteWording();
  const [values, setValues] = React.useState<MotionFormValues>(() =>
    followMaximumRule(
      target.mode === 'edit' ? motionFormFrom(target.motion) : emptyMotionForm(configuredVisibility),
    ),
  );
  const [opened] = React.useState(() => JSON.stringify(values));
  const onDirtyRef = React.useRef(onDirty);
  onDirtyRef.current = onDirty;
  React.useEffect(() => {
    onDirtyRef.current(JSON.stringify(values) !== opened);
  }, [values, opened]);
  const [nameTouched, setNameTouched] = React.useState(target.mode === 'edit');
  // Leaving the name flags it only once something was typed: the form opens in it, and a message that
  // appeared on the way to another control would move that control from under the click.
  const nameEdited = React.useRef(false);
  // The responses are flagged once the user has left them (or tried to save): not while typing the first.
  const [responsesTouched, setResponsesTouched] = React.useState(target.mode === 'edit');
  const [serverErrors, setServerErrors] = React.useState<Record<string, string>>({});
  // The association's abstain label is reserved among custom responses, whether abstain shows or not.
  const abstainLabel = votingSettings.abstain_label;
  const check = checkMotionForm(values, committee, isAmendment, abstainLabel);
  const invalid = new Set<string>(check.invalid);
  if (!nameTouched) invalid.delete('name');
  if (!responsesTouched) invalid.delete('motion_responses');
  const flagged = (field: string) => invalid.has(field) || field in serverErrors;
  // Within flagged responses, the slots to change; all of them when none is wrong by itself (a server's
  // refusal the form cannot place).
  const wrongSlots = invalidResponseSlots(values.slots, abstainLabel);
  const slotFlagged = (index: number) =>
    flagged('motion_responses') && (wrongSlots.length === 0 || wrongSlots.includes(index));
  const describedBy = (field: string) => (flagged(field) ? hintId(field) : undefined);
  const hint = (field: string) =>
    flagged(field) && (
      <p id={hintId(field)} className="text-sm text-destructive">
        {serverErrors[field] ?? fieldHint(field, values, abstainLabel)}
      </p>
    );

  /** Every change goes through the maximum-responses resets; `typing` while in that field. */
  function update(change: (prev: MotionFormValues) => MotionFormValues, typing = false) {
    setValues((prev) => followMaximumRule(change(prev), typing));
    setServerErrors({});
  }
  function set<K extends keyof MotionFormValues>(field: K, value: MotionFormValues[K], typing = false) {
    update((prev) => ({ ...prev, [field]: value }), typing);
  }

  // A refused Save goes to the first flagged field, which may be out of view, so that its flag and
  // message are seen and read out.
  const form = React.useRef<HTMLFormElement>(null);
  const [refusedSaves, setRefusedSaves] = React.useState(0);
  React.useEffect(() => {
    if (refusedSaves > 0) firstFlaggedControl(form.current)?.focus();
  }, [refusedSaves]);

  const errorTitle = isAmendment ? SAVE_AMENDMENT_ERROR_TITLE : SAVE_MOTION_ERROR_TITLE;
  // An amendment's edit says so, as its save message does ('Amendment Saved').
  const title = target.mode === 'edit' && isAmendment ? EDIT_AMENDMENT_TITLE : TITLES[target.mode];
  const { onSubmit, submitting } = usePreventDuplicateSubmit(async () => {
    setNameTouched(true);
    setResponsesTouched(true);
    if (!check.valid) {
      setRefusedSaves((n) => n + 1);
      return;
    }
    const body = motionFormBody(values, check);
    try {
      if (target.mode === 'create') {
        await save.mutateAsync({ mode: 'create', body });
        toast.success('Motion Added');
      } else if (target.mode === 'amend') {
        await save.mutateAsync({ mode: 'amend', id: target.motion.id, body });
        toast.success('Amendment Saved');
      } else {
        await save.mutateAsync({ mode: 'edit', id: target.motion.id, body });
        if (isAmendment) toast.success('Amendment Saved');
        else toast.success('Motion Saved', { description: 'Motion was saved successfully.' });
      }
      onDone();
    } catch (err) {
      // The fields the server refused are flagged; its message goes in the error dialog (spec sections 5, 8).
      setServerErrors(fieldErrorsOf(err));
      onFailure({ title: errorTitle, message: errorText(err, FALLBACK.save) });
    }
  });

  const valueTypes = check.allowed_vote_types;
  const [firstColumn] = CUSTOM_RESPONSE_COLUMNS;
  const columns = [values.slots.slice(0, firstColumn), values.slots.slice(firstColumn)];
  const demographicLabel = committee.demographic_name ?? 'Demographic';
  // The read-only abstain slot 0 in the association's wording, left out when it hides abstain.
  const abstainShown = !votingSettings.hide_abstain;

  return (
    <form ref={form} noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label={title}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {target.mode === 'amend' ? (
            <span>
              Amending: <ServerHtml as="span" html={target.motion.name} />
            </span>
          ) : (
            'The motion as members will see it.'
          )}
        </DialogDescription>
      </DialogHeader>

      <Field id="motion-name" label="Name" labelId="motion-name-label">
        <RichTextEditor
          inline
          id="motion-name"
          aria-labelledby="motion-name-label"
          autoFocus
          value={values.name}
          aria-invalid={flagged('name') || undefined}
          aria-describedby={describedBy('name')}
          onChange={(html) => {
            nameEdited.current = true;
            set('name', html);
          }}
          onBlur={() => nameEdited.current && setNameTouched(true)}
        />
        {hint('name')}
      </Field>

      <Field id="motion-body" label="Body" labelId="motion-body-label">
        <RichTextEditor
          id="motion-body"
          aria-labelledby="motion-body-label"
          value={values.body}
          aria-invalid={flagged('body') || undefined}
          aria-describedby={describedBy('body')}
          onChange={(html) => set('body', html)}
        />
        {hint('body')}
      </Field>

      {check.custom_responses_offered && (
        <div className="flex flex-col gap-3">
          <div className="flex min-h-11 items-center gap-3">
            <Switch
              id="motion-custom"
              checked={values.customResponses}
              onCheckedChange={(on) => {
                set('customResponses', on);
                // Responses just offered are not flagged before the user has had a chance to fill them in.
                if (on) setResponsesTouched(false);
              }}
            />
            <Label htmlFor="motion-custom">Custom Responses</Label>
          </div>
          {values.customResponses && (
            <fieldset
              className={cn('rounded-md border p-3', flagged('motion_responses') && 'border-destructive')}
              aria-invalid={flagged('motion_responses') || undefined}
              aria-describedby={describedBy('motion_responses')}
              onBlur={(e) => {
                if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setResponsesTouched(true);
              }}
            >
              <legend className="px-1 text-sm font-medium">Responses</legend>
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                {columns.map((column, c) => (
                  <div key={c === 0 ? 'first' : 'second'} className="flex flex-col gap-2">
                    {column.map((slot, i) => {
                      const index = (c === 0 ? 0 : firstColumn) + i;
                      const number = index + 1;
                      return (
                        <div key={number} className="flex items-center gap-2">
                          <Label htmlFor={`motion-response-${number}`} className="w-5 shrink-0 justify-end">
                            {number}
                          </Label>
                          <Input
                            id={`motion-response-${number}`}
                            aria-label={`Response ${number}`}
                            value={slot}
                            aria-invalid={slotFlagged(index) || undefined}
                            onChange={(e) => {
                              const slots = [...values.slots];
                              slots[index] = e.target.value;
                              set('slots', slots);
                            }}
                          />
                        </div>
                      );
                    })}
                    {c === 1 && abstainShown && (
                      <div className="flex items-center gap-2">
                        <Label htmlFor="motion-response-0" className="w-5 shrink-0 justify-end">
                          {ABSTAIN_SLOT_NUMBER}
                        </Label>
                        <Input
                          id="motion-response-0"
                          aria-label={`Response ${ABSTAIN_SLOT_NUMBER}`}
                          value={wording.label(ABSTAIN_RESPONSE)}
                          readOnly
                          className="bg-muted"
                        />
                      </div>
                    )}
                  </div>
                ))}
              </div>
            </fieldset>
          )}
          {values.customResponses && hint('motion_responses')}
        </div>
      )}

      {check.maximum_responses_shown && !isAmendment && (
        <Field id="motion-maximum" label="Maximum Responses">
          <Input
            id="motion-maximum"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            max={maximumResponsesBound(values)}
            className="w-28"
            value={values.maximum}
            aria-invalid={flagged('maximum_responses') || undefined}
            aria-describedby={describedBy('maximum_responses')}
            onChange={(e) => set('maximum', e.target.value, true)}
            // Leaving the field applies the resets to an emptied value too.
            onBlur={() => update((prev) => prev)}
          />
          {hint('maximum_responses')}
        </Field>
      )}

      {/* Shown when flagged too: a motion saved before its committee changed (two-thirds dropped, filtering
          turned off) would otherwise refuse its save with nothing on screen to change. */}
      {(check.vote_type_choice_offered || flagged('vote_type')) && (
        <fieldset
          className={cn('flex flex-col gap-1', flagged('vote_type') && 'text-destructive')}
          aria-invalid={flagged('vote_type') || undefined}
          aria-describedby={describedBy('vote_type')}
        >
          <legend className="mb-1 text-sm font-medium">Vote Type</legend>
          {valueTypes.map((type: TVoteType) => (
            <label key={type} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name="motion-vote-type"
                className="size-4"
                value={type}
                checked={check.value.vote_type === type}
                onChange={() => {
                  // Choosing a single-answer type brings the maximum back to 1 (a maximum above 1 forces multiple).
                  update((prev) => ({
                    ...prev,
                    voteType: type,
                    maximum: type === 'multiple' ? prev.maximum : '1',
                  }));
                }}
              />
              {VOTE_TYPE_LABELS[type]}
            </label>
          ))}
          {hint('vote_type')}
        </fieldset>
      )}

      {(check.demographic_filter_offered || flagged('motion_filter')) && (
        <fieldset
          className={cn('flex flex-col gap-1', flagged('motion_filter') && 'text-destructive')}
          aria-invalid={flagged('motion_filter') || undefined}
          aria-describedby={describedBy('motion_filter')}
        >
          <legend className="mb-1 text-sm font-medium">Filter by {demographicLabel}</legend>
          {[...committee.demographics, null].map((option) => {
            const label = option ?? NO_VALUE_LABEL;
            const checked = values.filter.includes(option);
            return (
              <label key={label} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={checked}
                  onChange={() =>
                    set(
                      'filter',
                      checked ? values.filter.filter((f) => f !== option) : [...values.filter, option],
                    )
                  }
                />
                {label}
              </label>
            );
          })}
          {hint('motion_filter')}
        </fieldset>
      )}

      <fieldset
        className={cn('flex flex-col gap-1', flagged('result_visibility') && 'text-destructive')}
        aria-invalid={flagged('result_visibility') || undefined}
        aria-describedby={describedBy('result_visibility')}
      >
        <legend className="mb-1 text-sm font-medium">Result Visibility</legend>
        {RESULT_VISIBILITIES.map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              name="motion-result-visibility"
              className="size-4"
              value={value}
              checked={values.resultVisibility === value}
              onChange={() => set('resultVisibility', value)}
            />
            {RESULT_VISIBILITY_OPTION_LABELS[value]}
          </label>
        ))}
        {hint('result_visibility')}
      </fieldset>

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" className="min-h-11">
            Cancel
          </Button>
        </DialogClose>
        <SubmitButton id={SAVE_BUTTON_ID} submitting={submitting} className="min-h-11">
          Save
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}

/** A label, a control and the server's message for it. */
function Field({
  id,
  label,
  labelId,
  children,
}: {
  id: string;
  label: string;
  labelId?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id} id={labelId}>
        {label}
      </Label>
      {children}
    </div>
  );
}
