import { COMMITTEE_CODE_MAX_LENGTH, QUORUM_MAX } from '@gavel/contracts';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import * as React from 'react';
import { ChoiceSelect } from '@/components/choice-select';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DescribedTooltip } from '@/components/described-tooltip';
import { ErrorDialog } from '@/components/error-dialog';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import {
  type CommitteeFormValues,
  type FormErrors,
  namedPositions,
  newRowKey,
  validateCommitteeForm,
} from '@/features/committees/committee-form';
import { errorText, fieldErrorsOf } from '@/lib/api-client';
import { FALLBACK } from '@/lib/messages';
import { useFormFields } from '@/lib/use-form-fields';
import { usePreventDuplicateSubmit } from '@/lib/use-prevent-duplicate-submit';
import { useFocusWhenReady } from '@/lib/use-restore-focus';
import { useShownWhileClosing } from '@/lib/use-shown-while-closing';
import { UnsavedChangesDialog, useUnsavedChanges } from '@/lib/use-unsaved-changes';

export interface CommitteeSettingsFormProps {
  initial: CommitteeFormValues;
  /** On edit the year (and being term based) is fixed: it names the committee. */
  mode: 'create' | 'edit';
  submitLabel: string;
  errorTitle: string;
  /** Saves valid values; throws the API error on failure (shown inline or in the error dialog). */
  onSave: (values: CommitteeFormValues) => Promise<void>;
  /** E.g. a Cancel link, shown before the submit button. */
  secondaryAction?: React.ReactNode;
  /** A question asked before saving valid values, for a save that costs something; null saves at once. */
  confirmSave?: (values: CommitteeFormValues) => SaveQuestion | null;
  /**
   * On edit, the committee's positions that members hold (declined appointments too), by their loaded
   * names: their rows cannot be removed, only renamed. Undefined while the members are not known (the
   * service still refuses the save).
   */
  heldPositions?: ReadonlySet<string>;
}

export const POSITION_HELD = 'A position members hold cannot be removed.';

export interface SaveQuestion {
  title: string;
  message: string;
  confirmLabel: string;
}

/** Keys shown next to their own controls; anything else is listed above the buttons. */
function isPlacedError(key: string): boolean {
  return (
    [
      'name',
      'code',
      'year',
      'quorum',
      'voting_rights',
      'chair_position',
      'vchair_position',
      'demographic_name',
      'demographics',
    ].includes(key) || /^(voting_rights\.\d+\.position|demographics\.\d+)$/.test(key)
  );
}

/** Server messages: a rename's code error arrives as `new_code`; row errors may name the row only. */
function normalizeServerErrors(errors: FormErrors): FormErrors {
  const out: FormErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const mapped =
      key === 'new_code' ? 'code' : key.replace(/^voting_rights\.(\d+)$/, 'voting_rights.$1.position');
    out[mapped] ??= message;
  }
  return out;
}

/**
 * A committee's settings, shared by the create page and the admin page: name, code, year or term,
 * quorum, two-thirds vote, positions with voting rights, chair and vice-chair, and the demographic.
 */
export function CommitteeSettingsForm({
  initial,
  mode,
  submitLabel,
  errorTitle,
  onSave,
  secondaryAction,
  confirmSave,
  heldPositions,
}: CommitteeSettingsFormProps) {
  const { values, setValues, errors, setErrors, set } = useFormFields(initial);
  const [failure, setFailure] = React.useState<string | null>(null);
  const [question, setQuestion] = React.useState<SaveQuestion | null>(null);
  // Set by the question's confirm button: the submit it makes goes past the question.
  const confirmed = React.useRef(false);
  // Its words stay as they were while it fades out.
  const asked = useShownWhileClosing(question !== null, question);
  const unsaved = useUnsavedChanges(values);
  const formRef = React.useRef<HTMLFormElement>(null);
  const prefix = mode === 'create' ? 'committee-create' : 'committee-edit';
  const ids = {
    position: (key: string) => `${prefix}-position-${key}`,
    addPosition: `${prefix}-add-position`,
    value: (key: string) => `${prefix}-demographic-${key}`,
    addValue: `${prefix}-add-value`,
  };

  // A row added or removed moves focus: into the new row, or from the removed row's button (gone with it)
  // to the next row, else the previous one, else the list's Add button.
  const focusLater = useFocusWhenReady();
  const focusNewRow = (id: string) => focusLater.request(() => document.getElementById(id), { move: true });
  function focusAfterRemoving<T extends { key: string }>(
    rows: readonly T[],
    key: string,
    idOf: (key: string) => string,
    addId: string,
  ) {
    const index = rows.findIndex((row) => row.key === key);
    const next = rows[index + 1] ?? rows[index - 1];
    const id = next ? idOf(next.key) : addId;
    focusLater.request(() => document.getElementById(id));
  }

  /** The first error in the form: an invalid control, or a message about a whole list (out of sight above Save). */
  function focusFirstError() {
    setTimeout(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-list-error]')?.focus(),
    );
  }

  const { onSubmit, submitting } = usePreventDuplicateSubmit(async () => {
    const found = validateCommitteeForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError();
      return;
    }
    const ask = confirmed.current ? null : (confirmSave?.(values) ?? null);
    confirmed.current = false;
    if (ask) {
      setQuestion(ask);
      return;
    }
    try {
      // The names just saved are the committee's positions now: a later rename starts from them.
      const savedNames = new Map(values.positions.map((row) => [row.key, row.position.trim()]));
      const settled = (v: CommitteeFormValues): CommitteeFormValues => ({
        ...v,
        positions: v.positions.map((row) =>
          savedNames.has(row.key) ? { ...row, original: savedNames.get(row.key) } : row,
        ),
      });
      await unsaved.saving(
        () => onSave(values),
        () => settled(values),
      );
      setValues(settled);
    } catch (err) {
      const perField = normalizeServerErrors(fieldErrorsOf(err));
      setErrors(perField);
      if (Object.keys(perField).length === 0) setFailure(errorText(err, FALLBACK.save));
      else focusFirstError();
    }
  });

  function renamePosition(key: string, position: string) {
    setValues((current) => {
      const before = current.positions.find((row) => row.key === key)?.position.trim() ?? '';
      const unique = current.positions.filter((row) => row.position.trim() === before).length === 1;
      // The chair and vice-chair follow a renamed position.
      const follow = (chosen: string) =>
        unique && before !== '' && chosen === before ? position.trim() : chosen;
      return {
        ...current,
        positions: current.positions.map((row) => (row.key === key ? { ...row, position } : row)),
        chair_position: follow(current.chair_position),
        vchair_position: follow(current.vchair_position),
      };
    });
  }

  function removePosition(key: string) {
    focusAfterRemoving(values.positions, key, ids.position, ids.addPosition);
    setValues((current) => {
      const positions = current.positions.filter((row) => row.key !== key);
      const names = namedPositions({ positions });
      const keep = (chosen: string) => (names.includes(chosen) ? chosen : '');
      return {
        ...current,
        positions,
        chair_position: keep(current.chair_position),
        vchair_position: keep(current.vchair_position),
      };
    });
  }

  const positions = [...new Set(namedPositions(values))];
  const unplaced = Object.entries(errors).filter(([key]) => !isPlacedError(key));

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${prefix}-name`} label="Name" error={errors.name}>
          <Input
            value={values.name}
            autoComplete="off"
            onChange={(event) => set('name', event.target.value)}
          />
        </FormField>
        <FormField
          id={`${prefix}-code`}
          label="Code"
          error={errors.code}
          hint={`At most ${COMMITTEE_CODE_MAX_LENGTH} letters, digits or dashes.`}
        >
          <Input
            value={values.code}
            autoComplete="off"
            onChange={(event) => set('code', event.target.value)}
          />
        </FormField>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-3">
          <div className="flex items-center gap-3">
            <Switch
              id={`${prefix}-term-based`}
              checked={values.termBased}
              disabled={mode === 'edit'}
              // The year is kept while hidden: switching back restores it (a term-based body sends none).
              onCheckedChange={(on) => set('termBased', on)}
            />
            <Label htmlFor={`${prefix}-term-based`}>Term based</Label>
          </div>
          {!values.termBased && (
            <FormField
              id={`${prefix}-year`}
              label="Year"
              error={errors.year}
              hint={mode === 'edit' ? 'The year is set when the committee is created.' : undefined}
            >
              <Input
                type="number"
                inputMode="numeric"
                min={1900}
                max={9999}
                value={values.year}
                readOnly={mode === 'edit'}
                // Read-only looks it: not a field that merely ignores typing.
                className={mode === 'edit' ? 'bg-muted text-muted-foreground' : undefined}
                onChange={(event) => set('year', event.target.value)}
              />
            </FormField>
          )}
        </div>
        <div className="flex flex-col gap-3">
          <FormField
            id={`${prefix}-quorum`}
            label="Quorum"
            error={errors.quorum}
            hint="Members needed for a quorum; leave empty for none."
          >
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={QUORUM_MAX}
              step={1}
              value={values.quorum}
              onChange={(event) => set('quorum', event.target.value)}
            />
          </FormField>
          <div className="flex items-center gap-3">
            <Switch
              id={`${prefix}-two-thirds`}
              checked={values.two_thirds_vote}
              onCheckedChange={(on) => set('two_thirds_vote', on)}
            />
            <Label htmlFor={`${prefix}-two-thirds`}>Two-thirds vote</Label>
          </div>
        </div>
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">Positions with voting rights</legend>
        {mode === 'edit' && (
          <p className="text-sm text-muted-foreground">
            Members move with a renamed position. {POSITION_HELD}
          </p>
        )}
        {values.positions.length === 0 && (
          <p className="text-sm text-muted-foreground">No positions yet. Members need a position.</p>
        )}
        <ul className="flex flex-col gap-3">
          {values.positions.map((row, index) => {
            const inputId = ids.position(row.key);
            const label = `Position ${index + 1}`;
            // A renamed row is still the position its members hold: removing it would remove that.
            const held = row.original !== undefined && (heldPositions?.has(row.original) ?? false);
            return (
              <ListRow
                key={row.key}
                inputId={inputId}
                label={label}
                error={errors[`voting_rights.${index}.position`]}
                value={row.position}
                onChange={(position) => renamePosition(row.key, position)}
                className="flex flex-wrap items-center gap-x-3 gap-y-2"
                inputClassName="min-w-0 flex-1 basis-40"
              >
                {/* The switch and the remove button wrap together: a bin alone on a line reads as the next row's. */}
                <div className="ml-auto flex items-center gap-3">
                  <div className="flex items-center gap-2">
                    <Switch
                      id={`${inputId}-voting`}
                      aria-label={`${label} is voting`}
                      checked={row.is_voting}
                      onCheckedChange={(on) =>
                        set(
                          'positions',
                          values.positions.map((r) => (r.key === row.key ? { ...r, is_voting: on } : r)),
                        )
                      }
                    />
                    <span aria-hidden="true" className="text-sm">
                      Is voting
                    </span>
                  </div>
                  <RemoveRowButton
                    label={`Remove position ${index + 1}`}
                    refusal={held ? POSITION_HELD : undefined}
                    onClick={() => removePosition(row.key)}
                  />
                </div>
              </ListRow>
            );
          })}
        </ul>
        {errors.voting_rights && <ListError message={errors.voting_rights} />}
        <AddRowButton
          id={ids.addPosition}
          label="Add Position"
          onClick={() => {
            const key = newRowKey();
            focusNewRow(ids.position(key));
            set('positions', [...values.positions, { key, position: '', is_voting: true }]);
          }}
        />
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <PositionSelect
          id={`${prefix}-chair`}
          label="Chair position"
          value={values.chair_position}
          positions={positions}
          error={errors.chair_position}
          onChange={(position) => set('chair_position', position)}
        />
        <PositionSelect
          id={`${prefix}-vchair`}
          label="Vice-chair position"
          value={values.vchair_position}
          positions={positions}
          error={errors.vchair_position}
          onChange={(position) => set('vchair_position', position)}
        />
      </div>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-sm font-medium">Demographic</legend>
        <div className="flex items-center gap-3">
          <Switch
            id={`${prefix}-has-demographic`}
            checked={values.has_demographic}
            onCheckedChange={(on) => set('has_demographic', on)}
          />
          <Label htmlFor={`${prefix}-has-demographic`}>Has demographic</Label>
        </div>
        {values.has_demographic && (
          <>
            <FormField
              id={`${prefix}-demographic-name`}
              label="Demographic name"
              error={errors.demographic_name}
              hint="E.g. Region."
            >
              <Input
                value={values.demographic_name}
                autoComplete="off"
                onChange={(event) => set('demographic_name', event.target.value)}
              />
            </FormField>
            <div className="flex flex-col gap-3">
              <p className="text-sm font-medium">Demographic values</p>
              {values.demographics.length === 0 && (
                <p className="text-sm text-muted-foreground">No values yet.</p>
              )}
              <ul className="flex flex-col gap-3">
                {values.demographics.map((row, index) => (
                  <ListRow
                    key={row.key}
                    inputId={ids.value(row.key)}
                    label={`Value ${index + 1}`}
                    error={errors[`demographics.${index}`]}
                    value={row.value}
                    onChange={(value) =>
                      set(
                        'demographics',
                        values.demographics.map((r) => (r.key === row.key ? { ...r, value } : r)),
                      )
                    }
                    className="flex items-center gap-3"
                    inputClassName="min-w-0 flex-1"
                  >
                    <RemoveRowButton
                      label={`Remove value ${index + 1}`}
                      onClick={() => {
                        focusAfterRemoving(values.demographics, row.key, ids.value, ids.addValue);
                        set(
                          'demographics',
                          values.demographics.filter((r) => r.key !== row.key),
                        );
                      }}
                    />
                  </ListRow>
                ))}
              </ul>
              {errors.demographics && <ListError message={errors.demographics} />}
              <AddRowButton
                id={ids.addValue}
                label="Add Value"
                onClick={() => {
                  const key = newRowKey();
                  focusNewRow(ids.value(key));
                  set('demographics', [...values.demographics, { key, value: '' }]);
                }}
              />
            </div>
            <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-6">
              {(
                [
                  ['demographic_is_displayed', 'Displayed'],
                  ['demographic_motion_filterable', 'Motion filterable'],
                  ['demographic_display_prepend', 'Display prepend'],
                ] as const
              ).map(([key, label]) => (
                <div key={key} className="flex items-center gap-3">
                  <Switch
                    id={`${prefix}-${key}`}
                    checked={values[key]}
                    onCheckedChange={(on) => set(key, on)}
                  />
                  <Label htmlFor={`${prefix}-${key}`}>{label}</Label>
                </div>
              ))}
            </div>
          </>
        )}
      </fieldset>

      {unplaced.length > 0 && (
        <ul role="alert" className="list-disc pl-5 text-sm text-destructive">
          {unplaced.map(([key, message]) => (
            <li key={key}>{message}</li>
          ))}
        </ul>
      )}

      <div className="flex flex-wrap justify-end gap-2">
        {secondaryAction}
        <SubmitButton submitting={submitting}>{submitLabel}</SubmitButton>
      </div>

      <ConfirmDialog
        title={asked?.title ?? ''}
        message={question?.message ?? null}
        confirmLabel={asked?.confirmLabel}
        destructive
        onConfirm={() => {
          setQuestion(null);
          confirmed.current = true;
          void onSubmit();
        }}
        onCancel={() => setQuestion(null)}
      />
      <ErrorDialog title={errorTitle} message={failure} onClose={() => setFailure(null)} />
      <UnsavedChangesDialog blocker={unsaved.blocker} />
    </form>
  );
}

/**
 * A row of an editable list (the positions, the demographic values): its input, named by `label` alone, the
 * row's own controls after it, and the input's message under the row.
 */
function ListRow({
  inputId,
  label,
  error,
  value,
  onChange,
  className,
  inputClassName,
  children,
}: {
  inputId: string;
  label: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  /** The line of the input and the controls. */
  className: string;
  inputClassName: string;
  children: React.ReactNode;
}) {
  return (
    <li className="flex flex-col gap-1">
      <div className={className}>
        <Input
          id={inputId}
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className={inputClassName}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        {children}
      </div>
      {error && (
        <p id={`${inputId}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </li>
  );
}

/**
 * A row's remove button. With a `refusal` it stays in place, disabled, and says why as its description and
 * tooltip (aria-disabled rather than disabled, so that keyboard users reach it and hear why).
 */
function RemoveRowButton({
  label,
  refusal,
  onClick,
}: {
  label: string;
  refusal?: string;
  onClick: () => void;
}) {
  if (refusal !== undefined) {
    return (
      <DescribedTooltip text={refusal}>
        <Button
          variant="ghost"
          size="icon"
          aria-label={label}
          aria-disabled="true"
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      </DescribedTooltip>
    );
  }
  return (
    <Button variant="ghost" size="icon" aria-label={label} onClick={onClick}>
      <Trash2Icon aria-hidden="true" />
    </Button>
  );
}

function AddRowButton({ id, label, onClick }: { id: string; label: string; onClick: () => void }) {
  return (
    <div>
      <Button id={id} variant="outline" size="sm" onClick={onClick}>
        <PlusIcon aria-hidden="true" />
        {label}
      </Button>
    </div>
  );
}

/** A message about a whole list (no one control is wrong): focusable, so that a failed save can lead to it. */
function ListError({ message }: { message: string }) {
  return (
    <p data-list-error tabIndex={-1} className="text-sm text-destructive outline-none">
      {message}
    </p>
  );
}

function PositionSelect({
  id,
  label,
  value,
  positions,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  positions: string[];
  error?: string;
  onChange: (position: string) => void;
}) {
  // A stored choice that is no longer a position stays visible, so its error makes sense.
  const stale = value !== '' && !positions.includes(value);
  const options = positions.map((position) => ({ value: position, label: position }));
  if (stale) options.push({ value, label: `${value} (not a position)` });
  return (
    <FormField id={id} label={label} error={error}>
      <ChoiceSelect value={value} noneLabel="None" options={options} onChange={onChange} />
    </FormField>
  );
}
