import { COMMITTEE_LIST_PERMISSIONS, can, canAny, type Principal, type TCommittee } from '@gavel/contracts';
import { CopyIcon, PlusIcon, UsersIcon } from 'lucide-react';
import * as React from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorDialog } from '@/components/error-dialog';
import { EmptyText, ErrorState, LoadingState, QueryResult } from '@/components/page-status';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  ADMIN_FORBIDDEN,
  COMMITTEES_CARD_PERMISSIONS,
  mayOpenAppointments,
  maySeeAdminArea,
} from '@/features/admin/admin-access';
import { useCurrentUser } from '@/features/auth/queries';
import { useCommittees } from '@/features/committees/queries';
import { YEAR_SELECT_ID, YearSelect } from '@/features/years/components/year-select';
import { useSetCurrentYear } from '@/features/years/queries';
import { useSelectedYear } from '@/features/years/use-selected-year';
import { errorText } from '@/lib/api-client';
import { FALLBACK } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { useFocusWhenReady } from '@/lib/use-restore-focus';

export const NO_COMMITTEES = 'No committees found, try selecting a different year';
/**
 * An association without years (none yet, or term-based committees only) has no year to select: the
 * spec's empty text would send the user looking.
 */
export const NO_YEARS = 'No committees yet: a year starts with its first committee.';

/**
 * /admin: the year selector, 'Set as current', and the committees of the selected year; the Appointments
 * link alone for someone who may only open the appointments dashboard; a permission message for
 * someone with no admin permission at all.
 */
export function AdminHomePage() {
  const { principal } = useCurrentUser();
  return (
    <section aria-labelledby="admin-home-title" className="mx-auto flex max-w-5xl flex-col gap-4">
      {maySeeAdminArea(principal) ? (
        <AdminHome principal={principal} />
      ) : (
        <>
          <AdminTitle />
          <ErrorState message={ADMIN_FORBIDDEN} />
        </>
      )}
    </section>
  );
}

function AdminTitle() {
  return (
    <h1 id="admin-home-title" className="text-2xl font-semibold tracking-tight">
      Admin
    </h1>
  );
}

function AdminHome({ principal }: { principal: Principal }) {
  const { years, year, selectYear } = useSelectedYear();
  // Without years (term-based committees only, or none yet) the calendar year's list shows the
  // term-based committees, which serve in every year.
  const shownYear = years.data ? (year ?? new Date().getFullYear()) : null;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <AdminTitle />
        {years.data && year !== null && (
          <YearControls principal={principal} years={years.data} year={year} onSelect={selectYear} />
        )}
      </div>
      {years.isPending && <LoadingState />}
      {years.isError && (
        <ErrorState
          message={errorText(years.error, FALLBACK.retrieve)}
          onRetry={() => void years.refetch()}
        />
      )}
      {shownYear !== null &&
        (canAny(principal, ...COMMITTEES_CARD_PERMISSIONS) ? (
          <CommitteesCard principal={principal} year={shownYear} noYears={year === null} />
        ) : (
          // maySeeAdminArea without the committees card: the appointments permission alone.
          <AppointmentsCard year={shownYear} />
        ))}
    </>
  );
}

function YearControls({
  principal,
  years,
  year,
  onSelect,
}: {
  principal: Principal;
  years: Parameters<typeof YearSelect>[0]['years'];
  year: number;
  onSelect: (year: number) => void;
}) {
  const setCurrent = useSetCurrentYear();
  const [error, setError] = React.useState<string | null>(null);
  const [confirming, setConfirming] = React.useState(false);
  const isCurrent = years.some((y) => y.year === year && y.is_current);
  const setCurrentButton = React.useRef<HTMLButtonElement>(null);
  const afterSet = useFocusWhenReady();

  function makeCurrent() {
    setConfirming(false);
    setCurrent.mutate(year, {
      onSuccess: () => {
        // 'Set as current' gives way to the 'Current year' badge: focus, lost with it, goes to the year.
        afterSet.request(() => (setCurrentButton.current ? null : document.getElementById(YEAR_SELECT_ID)));
        toast.success('Saved');
      },
      onError: (err) => setError(errorText(err, FALLBACK.save)),
    });
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <YearSelect years={years} value={year} onChange={onSelect} />
      {isCurrent ? (
        <Badge variant="secondary">Current year</Badge>
      ) : (
        can(principal, 'create committees') && (
          <Button
            ref={setCurrentButton}
            variant="outline"
            onClick={() => setConfirming(true)}
            disabled={setCurrent.isPending}
          >
            Set as current
          </Button>
        )
      )}
      {/* The current year is the whole association's default: asked once more before it moves. */}
      <ConfirmDialog
        title="Set the current year"
        message={confirming ? currentYearQuestion(year) : null}
        confirmLabel={`Make ${year} current`}
        onConfirm={makeCurrent}
        onCancel={() => setConfirming(false)}
      />
      <ErrorDialog title="Error" message={error} onClose={() => setError(null)} />
    </div>
  );
}

export function currentYearQuestion(year: number): string {
  return `Make ${year} the current year? Members' home pages and the admin pages open on the current year.`;
}

/**
 * The year's committees (for the six list permissions) with the actions the user holds: a user who may
 * only create committees gets 'Add Committee' and 'Copy Committees' without the list.
 */
function CommitteesCard({
  principal,
  year,
  noYears,
}: {
  principal: Principal;
  year: number;
  /** The association has no years: the list holds only term-based committees, if any. */
  noYears: boolean;
}) {
  const mayList = canAny(principal, ...COMMITTEE_LIST_PERMISSIONS);
  const mayCreate = can(principal, 'create committees');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Committees</CardTitle>
        <CardAction className="flex flex-wrap gap-2">
          {mayOpenAppointments(principal) && <AppointmentsLink year={year} />}
          {mayCreate && (
            <Button asChild variant="outline" size="sm">
              <Link to={paths.committeesCopy}>
                <CopyIcon aria-hidden="true" />
                Copy Committees
              </Link>
            </Button>
          )}
          {mayCreate && (
            <Button asChild size="sm">
              <Link to={paths.committeeCreate(year)}>
                <PlusIcon aria-hidden="true" />
                Add Committee
              </Link>
            </Button>
          )}
        </CardAction>
      </CardHeader>
      {mayList ? (
        <YearCommittees year={year} emptyText={noYears ? NO_YEARS : NO_COMMITTEES} />
      ) : (
        noYears && (
          <CardContent>
            <EmptyText>{NO_YEARS}</EmptyText>
          </CardContent>
        )
      )}
    </Card>
  );
}

/** For someone who may open the appointments dashboard but not the committees card. */
function AppointmentsCard({ year }: { year: number }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Appointments</CardTitle>
        <CardDescription>Review and record the committee appointment acceptances of {year}.</CardDescription>
        <CardAction>
          <AppointmentsLink year={year} />
        </CardAction>
      </CardHeader>
    </Card>
  );
}

function AppointmentsLink({ year }: { year: number }) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={paths.appointments(year)}>
        <UsersIcon aria-hidden="true" />
        Appointments
      </Link>
    </Button>
  );
}

function YearCommittees({ year, emptyText }: { year: number; emptyText: string }) {
  const committees = useCommittees(year);
  return (
    <CardContent>
      <QueryResult query={committees}>
        {(data) => <CommitteeList committees={data} emptyText={emptyText} />}
      </QueryResult>
    </CardContent>
  );
}

function CommitteeList({ committees, emptyText }: { committees: TCommittee[]; emptyText: string }) {
  if (committees.length === 0) return <EmptyText>{emptyText}</EmptyText>;
  return (
    <ul className="divide-y" aria-label="Committees">
      {committees.map((committee) => (
        <li key={committee.id}>
          <Link
            to={paths.committeeAdmin(committee)}
            // Wraps on a narrow screen: the code and member count go under the name.
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-md px-2 py-3 hover:bg-accent focus-visible:outline-2"
          >
            <span className="min-w-0 break-words font-medium">{committee.name}</span>
            <span className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              {committee.year === null && <Badge variant="outline">Term based</Badge>}
              <span>{committee.code}</span>
              <span>
                {committee.members_count} {committee.members_count === 1 ? 'member' : 'members'}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
