import { can } from '@gavel/contracts';
import * as React from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ErrorState, LoadingState } from '@/components/page-status';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentUser } from '@/features/auth/queries';
import { pathAfterCreate } from '@/features/committees/after-create';
import {
  type CommitteeFormValues,
  emptyCommitteeForm,
  toCreateBody,
} from '@/features/committees/committee-form';
import { CommitteeSettingsForm } from '@/features/committees/components/committee-settings-form';
import { useCreateCommittee } from '@/features/committees/queries';
import { yearParam } from '@/features/committees/year-param';
import { defaultYear } from '@/features/years/default-year';
import { useYears } from '@/features/years/queries';
import { yearNotFoundNotice } from '@/features/years/use-selected-year';
import { errorText } from '@/lib/api-client';
import { FALLBACK } from '@/lib/messages';
import { paths } from '@/lib/paths';

export const CREATE_FORBIDDEN = 'You do not have permission to create committees.';
export const CREATE_ERROR_TITLE = 'Error Saving Committee';

/** /admin/committee/create?year={year}: a new committee ('create committees'). */
export function CommitteeCreatePage() {
  const { principal } = useCurrentUser();
  if (!can(principal, 'create committees'))
    return <ErrorState heading="Add Committee" message={CREATE_FORBIDDEN} />;
  return <CommitteeCreate />;
}

function CommitteeCreate() {
  const [searchParams, setSearchParams] = useSearchParams();
  // An empty ?year= asks for no year, as on the admin home.
  const raw = searchParams.get('year')?.trim() || null;
  // ?year= may name a year that does not exist yet: the service records it on create.
  const asked = yearParam(raw);
  // Without a year it can take, the form starts in the current year, else the newest, else this calendar
  // year. Not in silence when the address asked for one (1800, abc): the committee would land in a year the
  // admin did not choose. The notice, and the address, say so as on the admin home.
  const years = useYears();
  const fallback = years.data ? (defaultYear(years.data, null) ?? new Date().getFullYear()) : undefined;
  const refused = asked === undefined && raw !== null ? raw : null;
  React.useEffect(() => {
    if (refused === null || fallback === undefined) return;
    toast.info(yearNotFoundNotice(refused, fallback), { id: 'year-not-found' });
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        updated.set('year', String(fallback));
        return updated;
      },
      { replace: true },
    );
  }, [refused, fallback, setSearchParams]);

  const year = asked ?? fallback;
  if (year !== undefined) return <CreateCard year={year} />;
  if (years.isError) {
    return (
      <ErrorState
        heading="Add Committee"
        message={errorText(years.error, FALLBACK.retrieve)}
        onRetry={() => void years.refetch()}
      />
    );
  }
  return <LoadingState />;
}

function CreateCard({ year }: { year: number }) {
  const navigate = useNavigate();
  const { principal } = useCurrentUser();
  const create = useCreateCommittee();
  // Cancel goes back to the admin home of the year, if it exists yet: else the home would say it does not.
  const years = useYears();
  const backYear = years.data?.some((y) => y.year === year) ? year : undefined;

  async function save(values: CommitteeFormValues) {
    const created = await create.mutateAsync(toCreateBody(values));
    toast.success('Saved');
    await navigate(pathAfterCreate(principal, created));
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">Add Committee</h1>
      <Card>
        <CardHeader>
          <CardTitle>Committee settings</CardTitle>
          <CardDescription>Members can be added once the committee exists.</CardDescription>
        </CardHeader>
        <CardContent>
          <CommitteeSettingsForm
            mode="create"
            initial={emptyCommitteeForm(year)}
            submitLabel="Create"
            errorTitle={CREATE_ERROR_TITLE}
            onSave={save}
            secondaryAction={
              <Button asChild variant="outline">
                <Link to={paths.adminHome(backYear)}>Cancel</Link>
              </Button>
            }
          />
        </CardContent>
      </Card>
    </div>
  );
}
