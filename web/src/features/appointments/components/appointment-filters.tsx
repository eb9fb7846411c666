import type { TAppointmentStatus } from '@gavel/contracts';
import { ChoiceSelect } from '@/components/choice-select';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  APPOINTMENT_STATUSES,
  type AppointmentFilters,
  type FilterOption,
} from '@/features/appointments/dashboard-rows';

export interface AppointmentFiltersProps {
  filters: AppointmentFilters;
  onChange: (filters: AppointmentFilters) => void;
  committees: readonly FilterOption[];
  positions: readonly FilterOption[];
}

/** Committee, position and status selects and NRDS, first and last name texts; stacked on a phone. */
export function AppointmentFiltersPanel({
  filters,
  onChange,
  committees,
  positions,
}: AppointmentFiltersProps) {
  const set = <K extends keyof AppointmentFilters>(key: K, value: AppointmentFilters[K]) =>
    onChange({ ...filters, [key]: value });

  return (
    <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <legend className="sr-only">Filters</legend>
      <SelectFilter
        id="appointments-filter-committee"
        label="Committee"
        value={filters.committee}
        options={committees}
        onChange={(value) => set('committee', value)}
      />
      <SelectFilter
        id="appointments-filter-position"
        label="Position"
        value={filters.position}
        options={positions}
        onChange={(value) => set('position', value)}
      />
      <SelectFilter
        id="appointments-filter-status"
        label="Status"
        value={filters.status}
        options={APPOINTMENT_STATUSES.map((status) => ({ value: status, label: status }))}
        onChange={(value) => set('status', value as TAppointmentStatus | null)}
      />
      <TextFilter
        id="appointments-filter-nrds"
        label="NRDS"
        value={filters.nrds}
        onChange={(value) => set('nrds', value)}
      />
      <TextFilter
        id="appointments-filter-first-name"
        label="First name"
        value={filters.firstName}
        onChange={(value) => set('firstName', value)}
      />
      <TextFilter
        id="appointments-filter-last-name"
        label="Last name"
        value={filters.lastName}
        onChange={(value) => set('lastName', value)}
      />
    </fieldset>
  );
}

function SelectFilter({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string | null;
  options: readonly FilterOption[];
  onChange: (value: string | null) => void;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <ChoiceSelect
        id={id}
        value={value ?? ''}
        noneLabel="All"
        options={options}
        onChange={(next) => onChange(next === '' ? null : next)}
      />
    </div>
  );
}

function TextFilter({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="search"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
