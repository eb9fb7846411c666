import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/cn';

/** Radix selects cannot hold '' as an item value: this stands for "none chosen". */
const NONE = '__none__';

export interface ChoiceOption {
  value: string;
  label: string;
}

export interface ChoiceSelectProps {
  value: string;
  onChange: (value: string) => void;
  options: readonly ChoiceOption[];
  /** When set, a first option with this label stands for '' (nothing chosen). */
  noneLabel?: string;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  /** Set by FormField: they land on the trigger, the focusable control. */
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
}

/** A select whose props FormField can wire (id, aria-invalid, aria-describedby go to the trigger). */
export function ChoiceSelect({
  value,
  onChange,
  options,
  noneLabel,
  placeholder,
  disabled,
  className,
  ...trigger
}: ChoiceSelectProps) {
  const selected = value === '' && noneLabel !== undefined ? NONE : value;
  return (
    <Select
      // '' (nothing chosen) shows the placeholder while the select stays controlled.
      value={selected}
      onValueChange={(next) => onChange(next === NONE ? '' : next)}
      disabled={disabled}
    >
      <SelectTrigger className={cn('w-full', className)} {...trigger}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {noneLabel !== undefined && <SelectItem value={NONE}>{noneLabel}</SelectItem>}
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
