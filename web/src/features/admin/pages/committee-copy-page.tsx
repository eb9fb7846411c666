import {
  COMMITTEE_CODE_MAX_LENGTH,
  can,
  type TCommittee,
  type TCommitteeCopyInput,
  ZCommitteeCopyInput,
} from '@gavel/contracts';
import { useQueries } from '@tanstack/react-query';
import * as React from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ErrorDialog } from '@/components/error-dialog';
import { FormField } from '@/components/form-field';
import { ErrorState, LoadingState } from '@/components/page-status';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { type CopyFormAction, copyFormReducer, initialCopyForm } from '@/features/admin/copy-form';
import { useCurrentUser } from '@/features/auth/queries';
import { pathAfterCreate } from '@/features/committees/after-create';
import { fetchCommittees } from '@/features/committees/api';
import { useCopyCommittee } from '@/features/committees/queries';
import { useYears } from '@/features/years/queries';
import { errorText, fieldErrorsOf } from '@/lib/api-client';
import { withoutChangedErrors, zodFieldErrors } from '@/lib/form-errors';
import { FALLBACK } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { usePreventDuplicateSubmit } from '@/lib/use-prevent-duplicate-submit';
import { UnsavedChangesDialog, useUnsavedChanges } from '@/lib/use-unsaved-changes';

export const COPY_FORBIDDEN = 'You do not have permission to copy committees.';
export const NOTHING_TO_COPY = 'There are no committees to copy yet.';

/** The copy form: a committee of any year is copied into a new year or term. */
export function CommitteeCopyPage() {
  const { principal } = useCurrentUser();
  if (!can(principal, 'create committees'))
    return <ErrorState heading="Copy Committees" message={COPY_FORBIDDEN} />;
  return <CommitteeCopy />;
}

/** The years whose lists to load: all of them; without years, the calendar year's (term-based ones). */
function listedYears(years: { year: number }[] | undefined): number[] {
  if (!years) return [];
  return years.length ? years.map((y) => y.year) : [new Date().getFullYear()];
}

/** Every committee of every year, newest year first; term-based ones once, at the end. */
function useAllCommittees() {
  const years = useYears();
  const lists = useQueries({
    queries: listedYears(years.data).map((year) => ({
      queryKey: queryKeys.committees.list(year),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchCommittees(year, signal),
    })),
  });
  const failed = years.error ?? lists.find((l) => l.isError)?.error ?? null;
  const pending = years.isPending || lists.some((l) => l.isPending);
  const byId = new Map<string, TCommittee>();
  for (const list of lists) for (const c of list.data ?? []) byId.set(c.id, c);
  const committees = [...byId.values()].sort(
    (a, b) => (b.year ?? -1) - (a.year ?? -1) || a.name.localeCompare(b.name),
  );
  // Copies go to the year after the current one: a year created ahead (or by mistake) does not move it.
  const currentYear =
    years.data?.find((y) => y.is_current)?.year ?? years.data?.[0]?.year ?? new Date().getFullYear();
  // Try again asks for whatever failed: the years, or the committee lists that did not load.
  const retry = () => {
    if (years.isError) void years.refetch();
    for (const list of lists) if (list.isError) void list.refetch();
  };
  return { committees, failed, pending, currentYear, retry };
}

function CommitteeCopy() {
  const all = useAllCommittees();
  // The title stands from the start: it does not appear (and push the page down) once the lists are in.
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">Copy Committees</h1>
      {all.pending ? (
        <LoadingState />
      ) : all.failed ? (
        <ErrorState message={errorText(all.failed, FALLBACK.retrieve)} onRetry={all.retry} />
      ) : all.committees.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
          <p>{NOTHING_TO_COPY}</p>
          <Button asChild size="sm">
            <Link to={paths.committeeCreate(new Date().getFullYear())}>Add Committee</Link>
          </Button>
        </div>
      ) : (
        <CopyForm committees={all.committees} targetYear={all.currentYear + 1} />
      )}
    </div>
  );
}

/** The form's field behind each error key the server or the schema may name. */
const ERROR_FIELD_STATE: Record<string, string> = {
  term_based: 'termBased',
  copy_resources: 'copyResources',
};

function groupByYear(committees: TCommittee[]): [string, TCommittee[]][] {
  const groups = new Map<string, TCommittee[]>();
  for (const c of committees) {
    const label = c.year === null ? 'Term Based Committees' : String(c.year);
    groups.set(label, [...(groups.get(label) ?? []), c]);
  }
  return [...groups.entries()];
}

function CopyForm({ committees, targetYear }: { committees: TCommittee[]; targetYear: number }) {
  const navigate = useNavigate();
  const { principal } = useCurrentUser();
  const copy = useCopyCommittee();
  const [state, setState] = React.useState(() => initialCopyForm(targetYear));
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [failure, setFailure] = React.useState<string | null>(null);
  const committee = committees.find((c) => c.guid === state.guid);
  const unsaved = useUnsavedChanges(state);
  // A field whose value changes (typed, or filled in from the committee picked) loses its error message.
  const dispatch = (action: CopyFormAction) => {
    const next = copyFormReducer(state, action);
    setState(next);
    setErrors((current) => withoutChangedErrors(current, state, next, ERROR_FIELD_STATE));
  };
  const formRef = React.useRef<HTMLFormElement>(null);

  /** Errors are shown next to their fields; focus goes to the first, so that a screen reader reads it. */
  function showErrors(found: Record<string, string>) {
    setErrors(found);
    setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  const { onSubmit, submitting } = usePreventDuplicateSubmit(async () => {
    const parsed = ZCommitteeCopyInput.safeParse({
      guid: state.guid,
      code: state.code,
      name: state.name,
      term_based: state.termBased,
      copy_resources: state.copyResources,
      // A blank year is a missing one ('The year field is required…'), not year 0 (Number('') is 0).
      year: state.termBased || state.year.trim() === '' ? null : Number(state.year),
    } satisfies Record<keyof TCommitteeCopyInput, unknown>);
    if (!parsed.success) {
      showErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      await unsaved.saving(
        async () => {
          const created = await copy.mutateAsync(parsed.data);
          toast.success('Saved');
          await navigate(pathAfterCreate(principal, created));
        },
        () => state,
      );
    } catch (err) {
      const fields = fieldErrorsOf(err);
      showErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(errorText(err, FALLBACK.save));
    }
  });

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Copy a committee to a new year or term</CardTitle>
          <CardDescription>
            Positions, voting rights, demographics and members are copied; members start as Tentative.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form ref={formRef} className="flex flex-col gap-4" noValidate onSubmit={onSubmit}>
            <div className="flex flex-col gap-2">
              <Label htmlFor="copy-committee">Committee</Label>
              <Select value={state.guid} onValueChange={(guid) => pick(guid)}>
                <SelectTrigger
                  id="copy-committee"
                  className="w-full"
                  aria-invalid={errors.guid ? true : undefined}
                  aria-describedby={errors.guid ? 'copy-committee-error' : undefined}
                >
                  <SelectValue placeholder="Select a committee" />
                </SelectTrigger>
                <SelectContent>
                  {groupByYear(committees).map(([label, group]) => (
                    <SelectGroup key={label}>
                      <SelectLabel>{label}</SelectLabel>
                      {group.map((c) => (
                        <SelectItem key={c.id} value={c.guid}>
                          {c.name} ({c.code})
                        </SelectItem>
                      ))}
                    </SelectGroup>
                  ))}
                </SelectContent>
              </Select>
              {errors.guid && (
                <p id="copy-committee-error" className="text-sm text-destructive">
                  {errors.guid}
                </p>
              )}
            </div>
            <div className="flex items-center gap-3">
              <Switch
                id="copy-term-based"
                checked={state.termBased}
                onCheckedChange={(value) => dispatch({ type: 'termBased', value, committee })}
              />
              <Label htmlFor="copy-term-based">Term based</Label>
            </div>
            {!state.termBased && (
              <FormField id="copy-year" label="Year" error={errors.year}>
                <Input
                  type="number"
                  inputMode="numeric"
                  value={state.year}
                  onChange={(e) => dispatch({ type: 'year', value: e.target.value, committee })}
                />
              </FormField>
            )}
            <FormField
              id="copy-code"
              label="Code"
              error={errors.code}
              hint={`At most ${COMMITTEE_CODE_MAX_LENGTH} letters, digits or dashes.`}
            >
              {/* No maxLength: a longer code is refused with a message, not cut silently. */}
              <Input
                value={state.code}
                autoComplete="off"
                onChange={(e) => dispatch({ type: 'code', value: e.target.value })}
              />
            </FormField>
            <FormField id="copy-name" label="Name" error={errors.name}>
              <Input value={state.name} onChange={(e) => dispatch({ type: 'name', value: e.target.value })} />
            </FormField>
            <div className="flex items-center gap-3">
              <Switch
                id="copy-resources"
                checked={state.copyResources}
                onCheckedChange={(value) => dispatch({ type: 'copyResources', value })}
              />
              <Label htmlFor="copy-resources">Copy resources</Label>
            </div>
            <div className="flex justify-end gap-2">
              <Button asChild variant="outline">
                <Link to="/admin">Cancel</Link>
              </Button>
              <SubmitButton submitting={submitting}>Create</SubmitButton>
            </div>
          </form>
        </CardContent>
      </Card>
      <ErrorDialog title="Error" message={failure} onClose={() => setFailure(null)} />
      <UnsavedChangesDialog blocker={unsaved.blocker} />
    </>
  );

  function pick(guid: string) {
    const chosen = committees.find((c) => c.guid === guid);
    if (chosen) dispatch({ type: 'committee', committee: chosen });
  }
}
