import {
  DECISION_STATUS,
  type TAppointment,
  type TAppointmentDecision,
  type TAppointmentStatus,
} from '@gavel/contracts';
import { CheckIcon } from 'lucide-react';
import * as React from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorDialog } from '@/components/error-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useDecideAppointment } from '@/features/appointments/queries';
import { errorText } from '@/lib/api-client';
import { FALLBACK } from '@/lib/messages';
import { useRestoreFocus } from '@/lib/use-restore-focus';

/** The three buttons, in order; Tentative sends 'Reset' (spec section 4). */
const CHOICES: readonly { label: string; decision: TAppointmentDecision }[] = [
  { label: 'Accept', decision: 'Accept' },
  { label: 'Tentative', decision: 'Reset' },
  { label: 'Decline', decision: 'Decline' },
];

/** The confirmation's question: Reset is the API's word, the user chose 'Tentative'. */
export function confirmQuestion(decision: TAppointmentDecision): string {
  if (decision === 'Reset') {
    return "Are you sure you want to set this appointment back to Tentative on the user's behalf?";
  }
  return `Are you sure you want to ${decision} this appointment on the user's behalf?`;
}

const BADGE_VARIANT = {
  Accepted: 'default',
  Tentative: 'secondary',
  Declined: 'destructive',
} as const satisfies Record<TAppointmentStatus, 'default' | 'secondary' | 'destructive'>;

/** The read-only status. */
export function AppointmentStatusBadge({ status }: { status: TAppointmentStatus }) {
  return <Badge variant={BADGE_VARIANT[status]}>{status}</Badge>;
}

export const DECISION_ERROR_TITLE = 'Error Saving Appointment';

const ReportDecisionError = React.createContext<((message: string) => void) | null>(null);

/**
 * Shows the error of a failed decision made in `children`. It lives above the rows: the dashboard reloads
 * after a failure, and the row (gone from the server meanwhile) may go, the error staying in view. Focus
 * then goes back to `focusFallback` instead of the button that went with the row.
 */
export function DecisionErrors({
  children,
  focusFallback,
}: {
  children: React.ReactNode;
  focusFallback: () => HTMLElement | null;
}) {
  const [error, setError] = React.useState<string | null>(null);
  const restoreFocus = useRestoreFocus(error !== null, focusFallback);
  return (
    <ReportDecisionError.Provider value={setError}>
      {children}
      <ErrorDialog
        title={DECISION_ERROR_TITLE}
        message={error}
        onClose={() => setError(null)}
        onCloseAutoFocus={restoreFocus.onCloseAutoFocus}
      />
    </ReportDecisionError.Provider>
  );
}

function useReportDecisionError(): (message: string) => void {
  const report = React.useContext(ReportDecisionError);
  // Without DecisionErrors a failure would go unseen.
  if (!report) throw new Error('The decision buttons must be inside DecisionErrors.');
  return report;
}

/**
 * Accept, Tentative and Decline for an administrator, each behind a confirmation. The button of the
 * current status is pressed (selected, with a check mark) and choosing it again asks nothing. After a
 * change the dashboard reloads and 'Saved' shows; a failure shows in the DecisionErrors around them.
 */
export function AppointmentDecisionButtons({
  appointment,
  label,
}: {
  appointment: TAppointment;
  label: string;
}) {
  const decide = useDecideAppointment();
  const [asking, setAsking] = React.useState<TAppointmentDecision | null>(null);
  const reportError = useReportDecisionError();

  function confirm() {
    const decision = asking;
    setAsking(null);
    if (decision === null) return;
    decide.mutate(
      { id: appointment.id, decision },
      {
        onSuccess: () => toast.success('Saved'),
        onError: (err) => reportError(errorText(err, FALLBACK.save)),
      },
    );
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form section (fieldset)
    <div role="group" aria-label={label} aria-busy={decide.isPending} className="flex flex-wrap gap-2">
      {CHOICES.map(({ label: buttonLabel, decision }) => {
        const current = appointment.appointment_status === DECISION_STATUS[decision];
        return (
          // The current decision is selected, not disabled: it stays fully visible and focusable, and
          // choosing it again asks nothing. aria-disabled (not disabled) while saving: the button keeps
          // focus when the dialogs hand it back.
          <Button
            key={decision}
            size="sm"
            variant={current ? 'default' : 'outline'}
            aria-pressed={current}
            aria-disabled={decide.isPending}
            onClick={() => !current && !decide.isPending && setAsking(decision)}
            className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          >
            {current && <CheckIcon aria-hidden="true" />}
            {buttonLabel}
          </Button>
        );
      })}
      <ConfirmDialog
        title="Confirm Action"
        message={asking === null ? null : confirmQuestion(asking)}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
