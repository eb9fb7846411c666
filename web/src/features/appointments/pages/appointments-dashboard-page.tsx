import { can, canViewCommittee, type TAppointmentGroup, type TYear } from '@gavel/contracts';
import { DownloadIcon } from 'lucide-react';
import * as React from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ErrorState, LoadingState } from '@/components/page-status';
import { ShowMore, usePaged } from '@/components/show-more';
import { Button } from '@/components/ui/button';
import { useAvatarLinks } from '@/components/user-avatar';
import { mayOpenAppointments } from '@/features/admin/admin-access';
import { appointmentsCsvFileName, buildAppointmentsCsv } from '@/features/appointments/appointments-csv';
import { DecisionErrors } from '@/features/appointments/components/appointment-decision';
import { AppointmentFiltersPanel } from '@/features/appointments/components/appointment-filters';
import { AppointmentGroupCard } from '@/features/appointments/components/appointment-group-card';
import { EmailAllButton } from '@/features/appointments/components/email-all-button';
import {
  type AppointmentFilters,
  countAppointments,
  filterGroups,
  filterOptions,
  filtersFromParams,
  filtersToParams,
  isFiltering,
  NO_FILTERS,
  sortGroups,
  tentativeEmails,
} from '@/features/appointments/dashboard-rows';
import { useAppointmentsDashboard } from '@/features/appointments/queries';
import { useCurrentUser } from '@/features/auth/queries';
import { YearSelect } from '@/features/years/components/year-select';
import { defaultYear } from '@/features/years/default-year';
import { useYears } from '@/features/years/queries';
import { yearNotFoundNotice } from '@/features/years/use-selected-year';
import { ApiError, errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { downloadCsv } from '@/lib/csv';
import { FALLBACK } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { useFocusWhenReady, useRefocusWhenRemoved } from '@/lib/use-restore-focus';

export const NO_APPOINTMENTS = 'No users are required to accept a committee appointments at this time.';
export const NO_MATCHES = 'No appointments match the filters.';
export const APPOINTMENTS_FORBIDDEN = 'You do not have permission to view committee appointments.';

/** What is shown (the count, else the empty text): where focus goes when what it was on goes (a row, a Clear Filter). */
const SUMMARY_ID = 'appointments-summary';

/** A refusal (403) does not change by asking again: no 'Try again' then. */
function retryUnlessForbidden(error: unknown, retry: () => void): (() => void) | undefined {
  return error instanceof ApiError && error.status === 403 ? undefined : retry;
}

/**
 * /admin/appointments/:year: the year's committee appointments per user, with filters, a CSV export and,
 * for those who may modify appointment acceptances, Email All (the tentative appointees shown, in BCC)
 * and Accept / Tentative / Decline on the member's behalf.
 * Without a year (or with one that is not a year of the list) it moves to the default year.
 */
export function AppointmentsDashboardPage() {
  const { principal } = useCurrentUser();
  if (!mayOpenAppointments(principal)) {
    return (
      <DashboardFrame>
        <ErrorState message={APPOINTMENTS_FORBIDDEN} />
      </DashboardFrame>
    );
  }
  return <YearDashboard />;
}

function YearDashboard() {
  const { year: yearParam } = useParams();
  const years = useYears();

  // Under the page's title, as every other state: the title does not appear (and push the page down)
  // only once the years are in.
  if (years.isPending) {
    return (
      <DashboardFrame>
        <LoadingState />
      </DashboardFrame>
    );
  }
  if (years.isError) {
    return (
      <DashboardFrame>
        <ErrorState
          message={errorText(years.error, FALLBACK.retrieve)}
          onRetry={retryUnlessForbidden(years.error, () => void years.refetch())}
        />
      </DashboardFrame>
    );
  }

  // The spec's default year rule, with the path's year in the place of the query string's. Without years
  // (term-based committees only, which serve in every year) the calendar year's list shows their
  // appointments, as the admin home shows their committees.
  const year = defaultYear(years.data, yearParam ?? null) ?? new Date().getFullYear();
  if (yearParam !== String(year)) return <YearRedirect asked={yearParam} year={year} />;

  // Keyed by year: the filters (whose committees and positions belong to a year) start afresh.
  return <Dashboard key={year} year={year} years={years.data} />;
}

/** To the year shown, saying so when the address asked for a year the association does not have. */
function YearRedirect({ asked, year }: { asked: string | undefined; year: number }) {
  React.useEffect(() => {
    if (asked) toast.info(yearNotFoundNotice(asked, year), { id: 'year-not-found' });
  }, [asked, year]);
  return <Navigate to={paths.appointments(year)} replace />;
}

function DashboardFrame({ children, actions }: { children: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <section aria-labelledby="appointments-title" className="mx-auto flex max-w-5xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="appointments-title" className="text-2xl font-semibold tracking-tight">
          Appointments
        </h1>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

function Dashboard({ year, years }: { year: number; years: TYear[] }) {
  const { me, principal } = useCurrentUser();
  const navigate = useNavigate();
  const dashboard = useAppointmentsDashboard(year);
  const mayDecide = can(principal, 'modify appointment acceptances');
  const mayOpenCommittee = canViewCommittee(principal);
  // The avatar's edit page is for admins only (as in the top bar).
  const mayEditUsers = useAvatarLinks();
  // Here rather than in Results: Email All writes to the tentative appointees the filters leave shown.
  const [searchParams, setSearchParams] = useSearchParams();
  const [filters, setFilters] = React.useState<AppointmentFilters>(() => filtersFromParams(searchParams));
  // The address keeps the filters (replacing its entry, not adding one): coming back to the dashboard, from
  // a committee opened in the list, finds them again.
  React.useEffect(() => {
    const wanted = filtersToParams(filters);
    if (wanted.toString() !== searchParams.toString()) setSearchParams(wanted, { replace: true });
  }, [filters, searchParams, setSearchParams]);
  const shown = React.useMemo(
    () => filterGroups(sortGroups(dashboard.data ?? []), filters),
    [dashboard.data, filters],
  );

  const actions = (
    <>
      {years.length > 0 && (
        <YearSelect
          years={years}
          value={year}
          onChange={(next) => navigate(paths.appointments(next))}
          tagCurrent
        />
      )}
      {/* Until the appointments are known, Email All knows nobody to write to, nor that there is nobody. */}
      {mayDecide && <EmailAllButton emails={dashboard.data ? tentativeEmails(shown) : undefined} />}
    </>
  );

  return (
    <DashboardFrame actions={actions}>
      {/* Above the list: the reload after a failed decision may empty it. */}
      <DecisionErrors focusFallback={() => document.getElementById(SUMMARY_ID)}>
        {dashboard.isPending && <LoadingState />}
        {dashboard.isError && (
          <ErrorState
            message={errorText(dashboard.error, FALLBACK.retrieve)}
            onRetry={retryUnlessForbidden(dashboard.error, () => void dashboard.refetch())}
          />
        )}
        {dashboard.data &&
          (dashboard.data.length === 0 ? (
            <p
              id={SUMMARY_ID}
              tabIndex={-1}
              className="py-8 text-center text-sm text-muted-foreground outline-none"
            >
              {NO_APPOINTMENTS}
            </p>
          ) : (
            <Results
              year={year}
              groups={dashboard.data}
              shown={shown}
              filters={filters}
              onFiltersChange={setFilters}
              mayDecide={mayDecide}
              mayOpenCommittee={mayOpenCommittee}
              mayEditUsers={mayEditUsers}
              usesNicknames={me.tenant.uses_nicknames}
            />
          ))}
      </DecisionErrors>
    </DashboardFrame>
  );
}

function Results({
  year,
  groups,
  shown,
  filters,
  onFiltersChange: setFilters,
  mayDecide,
  mayOpenCommittee,
  mayEditUsers,
  usesNicknames,
}: {
  year: number;
  /** Everything loaded (the filter options come from it). */
  groups: TAppointmentGroup[];
  /** The groups the filters leave, sorted. */
  shown: TAppointmentGroup[];
  filters: AppointmentFilters;
  onFiltersChange: (filters: AppointmentFilters) => void;
  mayDecide: boolean;
  mayOpenCommittee: boolean;
  mayEditUsers: boolean;
  usesNicknames: boolean;
}) {
  const options = React.useMemo(() => filterOptions(groups), [groups]);
  const shownCount = countAppointments(shown);
  // A convention's year: a page of users at a time; a change of filters starts again from the first page.
  const paged = usePaged(shown, JSON.stringify(filters));
  const summary = React.useRef<HTMLParagraphElement>(null);
  // A decision can take its appointment out of the filtered list, and focus (on its buttons or their
  // confirmation) goes with it: focus then moves to the count of what is shown.
  const keepFocus = useRefocusWhenRemoved(() => summary.current);
  const focusAfterClear = useFocusWhenReady();
  const empty = shown.length === 0;

  function exportCsv() {
    downloadCsv(buildAppointmentsCsv(shown, { usesNicknames }), appointmentsCsvFileName());
  }

  function clearFilters() {
    // The button pressed goes with the filters (disabled, or gone with the empty state): focus moves to
    // the count of what is now shown, as when a decision takes a row out of the list.
    focusAfterClear.request(() => summary.current);
    setFilters(NO_FILTERS);
  }

  const clear = (
    <Button variant="outline" onClick={clearFilters} disabled={!isFiltering(filters)}>
      Clear Filter
    </Button>
  );

  return (
    <>
      <div className="flex flex-col gap-3 rounded-lg border p-3 sm:p-4">
        <AppointmentFiltersPanel
          filters={filters}
          onChange={setFilters}
          committees={options.committees}
          positions={options.positions}
        />
        <div className="flex flex-wrap items-center justify-end gap-2">
          {clear}
          <Button variant="outline" onClick={exportCsv} disabled={shownCount === 0}>
            <DownloadIcon aria-hidden="true" />
            CSV Export
          </Button>
        </div>
      </div>
      {/* One line, kept (a live region, and where focus goes): the count, or when nothing matches the
          empty text instead of '0 appointments of 0 users'. */}
      <p
        id={SUMMARY_ID}
        ref={summary}
        role="status"
        tabIndex={-1}
        className={cn('text-sm text-muted-foreground outline-none', empty && 'pt-8 text-center')}
      >
        {empty ? (
          NO_MATCHES
        ) : (
          <>
            {shownCount === 1 ? '1 appointment' : `${shownCount} appointments`}
            {shown.length === 1 ? ' of 1 user' : ` of ${shown.length} users`}
          </>
        )}
      </p>
      {empty ? (
        <div className="flex justify-center pb-8">{clear}</div>
      ) : (
        <ul aria-label="Appointments by user" className="flex flex-col gap-3" {...keepFocus}>
          {paged.shown.map((group) => (
            <AppointmentGroupCard
              key={group.user.id}
              group={group}
              year={year}
              mayDecide={mayDecide}
              mayOpenCommittee={mayOpenCommittee}
              mayEditUsers={mayEditUsers}
            />
          ))}
        </ul>
      )}
      <ShowMore shown={paged.shown.length} total={paged.total} noun="users" onShowMore={paged.showMore} />
    </>
  );
}
