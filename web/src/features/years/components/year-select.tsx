import type { TYear } from '@gavel/contracts';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** The selector's id unless one is given. */
export const YEAR_SELECT_ID = 'year-select';

export interface YearSelectProps {
  years: readonly TYear[];
  value: number;
  onChange: (year: number) => void;
  /** Tag the current year '(current)' (appointments and policy dashboards). */
  tagCurrent?: boolean;
  id?: string;
}

/** The year selector of the admin home and the dashboards. */
export function YearSelect({
  years,
  value,
  onChange,
  tagCurrent = false,
  id = YEAR_SELECT_ID,
}: YearSelectProps) {
  return (
    <Select value={String(value)} onValueChange={(next) => onChange(Number(next))}>
      <SelectTrigger id={id} aria-label="Year" className="min-w-36">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {years.map((y) => (
          <SelectItem key={y.year} value={String(y.year)}>
            {y.year}
            {tagCurrent && y.is_current ? ' (current)' : ''}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
