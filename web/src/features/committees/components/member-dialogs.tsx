import {
  can,
  DECISION_STATUS,
  type TAppointmentDecision,
  type TAppointmentStatus,
  type TCommittee,
  type TMembership,
  type TUserSearchResult,
  ZAppointmentStatus,
  ZMemberCreateInput,
} from '@gavel/contracts';
import * as React from 'react';
import { toast } from 'sonner';
import { ChoiceSelect } from '@/components/choice-select';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorDialog } from '@/components/error-dialog';
import { FormField } from '@/components/form-field';
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
import { confirmQuestion } from '@/features/appointments/components/appointment-decision';
import { useCurrentUser } from '@/features/auth/queries';
import type { MemberUpdateBody } from '@/features/committees/api';
import { useAddMember, useUpdateMember } from '@/features/committees/queries';
import { UserTypeahead } from '@/features/users/components/user-typeahead';
import { errorText, fieldErrorsOf } from '@/lib/api-client';
import { withoutChangedErrors, withoutError, zodFieldErrors } from '@/lib/form-errors';
import { FALLBACK } from '@/lib/messages';
import { usePreventDuplicateSubmit } from '@/lib/use-prevent-duplicate-submit';
import { useFocusWhenReady, useRestoreFocus } from '@/lib/use-restore-focus';

export const MEMBER_ERROR_TITLE = 'Error Saving Member';
/** Shown instead of an empty Position list: a member needs one of the committee positions. */
export const NO_POSITIONS_HINT = 'This committee has no positions yet. Add a position in the settings first.';
const STATUS_OPTIONS = ZAppointmentStatus.options.map((status) => ({ value: status, label: status }));

/** The year that names the committee in member calls (a term-based committee has none). */
function yearOf(committee: TCommittee): { year?: number } {
  return committee.year === null ? {} : { year: committee.year };
}

export const STATUS_LOCKED_HINT = 'Only those who may accept or decline appointments can change this.';

interface MemberChoices {
  position: string;
  demographic: string;
  appointment_status: TAppointmentStatus;
}

/** Position, demographic (when the committee has one) and appointment status selects. */
function MemberChoiceFields({
  committee,
  idPrefix,
  values,
  errors,
  onChange,
}: {
  committee: TCommittee;
  idPrefix: string;
  values: MemberChoices;
  errors: Record<string, string>;
  onChange: (values: MemberChoices) => void;
}) {
  const mayDecide = can(useCurrentUser().principal, 'modify appointment acceptances');
  const positions = committee.positions.map((position) => ({ value: position, label: position }));
  // A member may hold a position the committee has since dropped: keep it visible.
  if (values.position !== '' && !committee.positions.includes(values.position)) {
    positions.push({ value: values.position, label: `${values.position} (not a position)` });
  }
  const noPositions = positions.length === 0;
  return (
    <>
      <FormField
        id={`${idPrefix}-position`}
        label="Position"
        error={errors.position}
        hint={noPositions ? NO_POSITIONS_HINT : undefined}
      >
        <ChoiceSelect
          value={values.position}
          placeholder={noPositions ? 'No positions' : 'Select a position'}
          disabled={noPositions}
          options={positions}
          onChange={(position) => onChange({ ...values, position })}
        />
      </FormField>
      {committee.has_demographic && (
        <FormField
          id={`${idPrefix}-demographic`}
          label={committee.demographic_name ?? 'Demographic'}
          error={errors.demographic}
        >
          <ChoiceSelect
            value={values.demographic}
            noneLabel="None"
            options={committee.demographics.map((value) => ({ value, label: value }))}
            onChange={(demographic) => onChange({ ...values, demographic })}
          />
        </FormField>
      )}
      <FormField
        id={`${idPrefix}-status`}
        label="Appointment status"
        error={errors.appointment_status}
        hint={mayDecide ? undefined : STATUS_LOCKED_HINT}
      >
        <ChoiceSelect
          value={values.appointment_status}
          // The server refuses a change too: accepting and declining are the deciders' (spec section 6).
          disabled={!mayDecide}
          options={STATUS_OPTIONS}
          onChange={(status) => onChange({ ...values, appointment_status: ZAppointmentStatus.parse(status) })}
        />
      </FormField>
    </>
  );
}

/** The member's demographic to send: none unless the committee has a demographic (its field is hidden). */
function demographicOf(committee: TCommittee, choices: MemberChoices): string | null {
  return committee.has_demographic && choices.demographic !== '' ? choices.demographic : null;
}

/** The choice fields a member dialog shows for the committee. */
function choiceFields(committee: TCommittee): string[] {
  return ['position', ...(committee.has_demographic ? ['demographic'] : []), 'appointment_status'];
}

/**
 * Where a failed save's messages go: a field's under it when the dialog shows that field (`shown`), and
 * the rest (a hidden demographic's, the committee's year) in the error dialog, where they are seen.
 */
function placeFailure(
  err: unknown,
  shown: readonly string[],
): { errors: Record<string, string>; failure: string | null } {
  const errors: Record<string, string> = {};
  const unseen: string[] = [];
  for (const [field, message] of Object.entries(fieldErrorsOf(err))) {
    if (shown.includes(field)) errors[field] = message;
    else unseen.push(message);
  }
  if (unseen.length > 0) return { errors, failure: unseen.join(' ') };
  return { errors, failure: Object.keys(errors).length === 0 ? errorText(err, FALLBACK.save) : null };
}

/**
 * Whether `target` is a combobox whose popup shows: its list of matches, or a status such as "No
 * results found" without any (aria-expanded is true only with matches, but the popup it controls is on
 * the page either way). The dialog hears Escape before the combobox does, so it asks the page.
 */
function searchPopupOpen(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement) || target.getAttribute('role') !== 'combobox') return false;
  const popupId = target.getAttribute('aria-controls');
  return !!popupId && target.ownerDocument.getElementById(popupId) !== null;
}

/** After a refused save: focus the first control marked invalid, so that a screen reader reads its message. */
function focusFirstInvalid(form: React.RefObject<HTMLFormElement | null>): void {
  setTimeout(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

const EMPTY_CHOICES: MemberChoices = { position: '', demographic: '', appointment_status: 'Tentative' };

/** The Add Member dialog's user search box, and the chosen user's Change button that replaces it. */
const USER_FIELD_ID = 'add-member-user';
const CHANGE_USER_ID = 'add-member-change-user';
/** The prefix of the dialog's choice fields' ids, and its Position select's (MemberChoiceFields). */
const CHOICES_PREFIX = 'add-member';
const POSITION_ID = `${CHOICES_PREFIX}-position`;

/** 'Add Member': a user from the typeahead (members excluded), a position, demographic and status. */
export function AddMemberDialog({
  committee,
  members,
  open,
  onOpenChange,
}: {
  committee: TCommittee;
  members: readonly TMembership[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const add = useAddMember(committee.code);
  const [user, setUser] = React.useState<TUserSearchResult | null>(null);
  const [choices, setChoices] = React.useState<MemberChoices>(EMPTY_CHOICES);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [failure, setFailure] = React.useState<string | null>(null);
  const memberIds = members.map((member) => member.user.id);
  const formRef = React.useRef<HTMLFormElement>(null);

  function reset() {
    setUser(null);
    setChoices(EMPTY_CHOICES);
    setErrors({});
  }

  // A field's message goes as soon as its value changes. The control used goes with it (the search box
  // for the chosen user's card, the card's Change for the search box): focus moves on, to the Position
  // select once a user is chosen (the next field to fill; the card's Change when there is no position to
  // choose), back to the search box on Change.
  const focusLater = useFocusWhenReady();
  function changeUser(next: TUserSearchResult | null) {
    setUser(next);
    setErrors((current) => withoutError(current, 'user_id'));
    const target =
      next === null ? USER_FIELD_ID : committee.positions.length > 0 ? POSITION_ID : CHANGE_USER_ID;
    focusLater.request(() => document.getElementById(target), { move: true });
  }

  function changeChoices(next: MemberChoices) {
    setErrors((current) => withoutChangedErrors(current, choices, next));
    setChoices(next);
  }

  // Opened from state, not a trigger: focus goes back to Add Member on close.
  const restoreFocus = useRestoreFocus(open);

  const { onSubmit, submitting } = usePreventDuplicateSubmit(async () => {
    const body = {
      ...yearOf(committee),
      user_id: user?.id ?? '',
      position: choices.position,
      demographic: demographicOf(committee, choices),
      appointment_status: choices.appointment_status,
    };
    const parsed = ZMemberCreateInput.safeParse({ code: committee.code, ...body });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      focusFirstInvalid(formRef);
      return;
    }
    setErrors({});
    try {
      await add.mutateAsync(body);
      toast.success('Saved');
      reset();
      onOpenChange(false);
    } catch (err) {
      const placed = placeFailure(err, ['user_id', ...choiceFields(committee)]);
      setErrors(placed.errors);
      if (placed.failure !== null) setFailure(placed.failure);
      else focusFirstInvalid(formRef);
    }
  });

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!next) reset();
          onOpenChange(next);
        }}
      >
        <DialogContent
          {...restoreFocus}
          // Escape closes the search's popup first (matches, "No results found", "Type at least…"),
          // and only then the whole dialog.
          onEscapeKeyDown={(event) => {
            if (searchPopupOpen(event.target)) event.preventDefault();
          }}
        >
          <DialogHeader>
            <DialogTitle>Add Member</DialogTitle>
            <DialogDescription>Appoint a user to {committee.name}.</DialogDescription>
          </DialogHeader>
          <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            {user ? (
              <div className="flex flex-col gap-2">
                <p className="text-sm font-medium">User</p>
                <div className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
                  <div className="flex min-w-0 flex-col">
                    <span className="truncate text-sm font-medium">{user.name}</span>
                    <span className="truncate text-xs text-muted-foreground">{user.email}</span>
                  </div>
                  <Button id={CHANGE_USER_ID} variant="outline" size="sm" onClick={() => changeUser(null)}>
                    Change
                  </Button>
                </div>
                {errors.user_id && <p className="text-sm text-destructive">{errors.user_id}</p>}
              </div>
            ) : (
              <FormField id={USER_FIELD_ID} label="User" error={errors.user_id}>
                <UserTypeahead excludeIds={memberIds} onSelect={changeUser} />
              </FormField>
            )}
            <MemberChoiceFields
              committee={committee}
              idPrefix={CHOICES_PREFIX}
              values={choices}
              errors={errors}
              onChange={changeChoices}
            />
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              {/* Without positions nobody can be added: the Position field says why. */}
              <SubmitButton submitting={submitting} disabled={committee.positions.length === 0}>
                Add Member
              </SubmitButton>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      <ErrorDialog title={MEMBER_ERROR_TITLE} message={failure} onClose={() => setFailure(null)} />
    </>
  );
}

/** Changes a member's position, demographic and appointment status. */
export function EditMemberDialog({
  committee,
  member,
  onClose,
}: {
  committee: TCommittee;
  /** The dialog shows while a member is set. */
  member: TMembership | null;
  onClose: () => void;
}) {
  // Opened from a row's Edit button, not a trigger: focus goes back to it on close.
  const restoreFocus = useRestoreFocus(member !== null);
  return (
    <Dialog open={member !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent {...restoreFocus}>
        {member && <EditMemberForm key={member.id} committee={committee} member={member} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function EditMemberForm({
  committee,
  member,
  onDone,
}: {
  committee: TCommittee;
  member: TMembership;
  onDone: () => void;
}) {
  const update = useUpdateMember(committee.code);
  const [choices, setChoices] = React.useState<MemberChoices>({
    position: member.position,
    demographic: member.demographic ?? '',
    appointment_status: member.appointment_status,
  });
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [failure, setFailure] = React.useState<string | null>(null);
  const formRef = React.useRef<HTMLFormElement>(null);
  const decisionAsked = useDecisionQuestion();

  const { onSubmit, submitting } = usePreventDuplicateSubmit(async () => {
    setErrors({});
    // Only what the dialog changed is sent: a status the member answered themselves meanwhile (or a
    // demographic changed elsewhere) is not written back as it was when the dialog opened.
    const changes: Omit<MemberUpdateBody, 'year'> = {};
    if (choices.position !== member.position) changes.position = choices.position;
    // Hidden without a demographic: a value the member still holds would only be refused, so it is cleared.
    const demographic = demographicOf(committee, choices);
    if (demographic !== member.demographic) changes.demographic = demographic;
    if (choices.appointment_status !== member.appointment_status) {
      // Accepting, resetting or declining on the member's behalf is confirmed first (spec section 4).
      if (!(await decisionAsked.confirm(decisionFor(choices.appointment_status)))) return;
      changes.appointment_status = choices.appointment_status;
    }
    if (Object.keys(changes).length === 0) {
      onDone(); // nothing to save
      return;
    }
    const body = { ...yearOf(committee), ...changes };
    try {
      await update.mutateAsync({ id: member.id, body });
      toast.success('Saved');
      onDone();
    } catch (err) {
      const placed = placeFailure(err, choiceFields(committee));
      setErrors(placed.errors);
      if (placed.failure !== null) setFailure(placed.failure);
      else focusFirstInvalid(formRef);
    }
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>Edit Member</DialogTitle>
        <DialogDescription>
          {member.user.name} ({member.user.email})
        </DialogDescription>
      </DialogHeader>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <MemberChoiceFields
          committee={committee}
          idPrefix="edit-member"
          values={choices}
          errors={errors}
          onChange={(next) => {
            setErrors((current) => withoutChangedErrors(current, choices, next));
            setChoices(next);
          }}
        />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <SubmitButton submitting={submitting}>Save</SubmitButton>
        </DialogFooter>
      </form>
      <ErrorDialog title={MEMBER_ERROR_TITLE} message={failure} onClose={() => setFailure(null)} />
      {decisionAsked.dialog}
    </>
  );
}

/** The decision that sets `status` (Tentative is the API's 'Reset'). */
function decisionFor(status: TAppointmentStatus): TAppointmentDecision {
  const found = Object.entries(DECISION_STATUS).find(([, to]) => to === status);
  return (found?.[0] ?? 'Reset') as TAppointmentDecision;
}

/** The appointments dashboard's confirmation, asked from a form: `confirm` resolves with the answer. */
function useDecisionQuestion() {
  const [asking, setAsking] = React.useState<TAppointmentDecision | null>(null);
  const answer = React.useRef<(yes: boolean) => void>(() => {});
  const reply = (yes: boolean) => {
    setAsking(null);
    answer.current(yes);
  };
  return {
    confirm: (decision: TAppointmentDecision) =>
      new Promise<boolean>((resolve) => {
        answer.current = resolve;
        setAsking(decision);
      }),
    dialog: (
      <ConfirmDialog
        title="Confirm Action"
        message={asking === null ? null : confirmQuestion(asking)}
        onConfirm={() => reply(true)}
        onCancel={() => reply(false)}
      />
    ),
  };
}
