import type { TMyAppointment, TOwnAppointmentDecisionInput } from '@gavel/contracts';
import * as React from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorDialog } from '@/components/error-dialog';
import { EmptyText, ErrorState, LoadingState } from '@/components/page-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { maySeeAdminArea } from '@/features/admin/admin-access';
import { AppointmentStatusBadge } from '@/features/appointments/components/appointment-decision';
import { useCurrentUser } from '@/features/auth/queries';
import { OpenVotesCard } from '@/features/home/components/open-votes-card';
import { UpcomingMeetingsCard } from '@/features/home/components/upcoming-meetings-card';
import { useDecideMyAppointment, useMyCommittees } from '@/features/home/queries';
import { errorText } from '@/lib/api-client';
import { FALLBACK } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { useFocusWhenReady } from '@/lib/use-restore-focus';

export const NO_APPOINTMENTS = 'You have no committee appointments this year.';

/**
 * `/`: the signed-in member's committees this year, with answers to their tentative appointments, their
 * upcoming meetings and their open email votes.
 */
export function MemberHomePage() {
  const { me, principal } = useCurrentUser();
  return (
    <section aria-labelledby="home-title" className="mx-auto flex max-w-4xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="home-title" className="text-2xl font-semibold tracking-tight">
          Welcome, {me.user.displayed_first_name || me.user.first_name}
        </h1>
        {maySeeAdminArea(principal) && (
          <Button asChild variant="outline" size="sm">
            <Link to={paths.adminHome()}>Admin</Link>
          </Button>
        )}
      </div>
      <MyCommitteesCard />
      <UpcomingMeetingsCard />
      <OpenVotesCard />
    </section>
  );
}

const QUESTION: Record<TOwnAppointmentDecisionInput['decision'], (a: TMyAppointment) => string> = {
  Accept: (a) => `Accept your appointment as ${a.position} of ${a.committee.name}?`,
  Decline: (a) => `Decline your appointment as ${a.position} of ${a.committee.name}?`,
};

const rowId = (appointmentId: string) => `my-appointment-${appointmentId}`;

function MyCommitteesCard() {
  const mine = useMyCommittees();
  const decide = useDecideMyAppointment();
  const [pending, setPending] = React.useState<TOwnAppointmentDecisionInput | null>(null);
  const [failure, setFailure] = React.useState<string | null>(null);
  const asked = pending && mine.data?.find((a) => a.id === pending.id);
  // Accept and Decline go away once the answer is in: focus goes on to the row, which shows the new
  // status, once the reloaded list has it (rather than falling to the page).
  const afterDecision = useFocusWhenReady();

  function confirm() {
    if (!pending) return;
    const input = pending;
    setPending(null);
    decide.mutate(input, {
      onSuccess: () => {
        afterDecision.request(() => {
          const row = document.getElementById(rowId(input.id));
          return row && row.dataset.status !== 'Tentative' ? row : null;
        });
        toast.success('Saved');
      },
      onError: (err) => setFailure(errorText(err, FALLBACK.save)),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>My Committees</CardTitle>
        <CardDescription>Your committee appointments for the current year.</CardDescription>
      </CardHeader>
      <CardContent>
        {mine.isPending && <LoadingState />}
        {mine.isError && (
          <ErrorState
            message={errorText(mine.error, FALLBACK.retrieve)}
            onRetry={() => void mine.refetch()}
          />
        )}
        {mine.data?.length === 0 && <EmptyText>{NO_APPOINTMENTS}</EmptyText>}
        {mine.data && mine.data.length > 0 && (
          <ul className="divide-y" aria-label="My committees">
            {mine.data.map((appointment) => (
              <li
                key={appointment.id}
                id={rowId(appointment.id)}
                data-status={appointment.appointment_status}
                tabIndex={-1}
                className="flex flex-wrap items-center justify-between gap-3 py-3 focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <div className="flex min-w-0 flex-col">
                  <span className="font-medium">{appointment.committee.name}</span>
                  <span className="text-sm text-muted-foreground">
                    {appointment.position}
                    {appointment.demographic ? ` · ${appointment.demographic}` : ''}
                    {appointment.is_voting ? ' · Voting member' : ' · Non-voting'}
                  </span>
                </div>
                <div className="flex items-center gap-2">
                  <AppointmentStatusBadge status={appointment.appointment_status} />
                  {appointment.appointment_status === 'Tentative' && (
                    <>
                      <Button
                        size="sm"
                        disabled={decide.isPending}
                        aria-label={`Accept ${appointment.committee.name}`}
                        onClick={() => setPending({ id: appointment.id, decision: 'Accept' })}
                      >
                        Accept
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={decide.isPending}
                        aria-label={`Decline ${appointment.committee.name}`}
                        onClick={() => setPending({ id: appointment.id, decision: 'Decline' })}
                      >
                        Decline
                      </Button>
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        title="Confirm Action"
        message={pending && asked ? QUESTION[pending.decision](asked) : null}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
      <ErrorDialog title="Error" message={failure} onClose={() => setFailure(null)} />
    </Card>
  );
}
