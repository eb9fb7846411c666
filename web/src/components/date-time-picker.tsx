import { startOfDay } from 'date-fns';
import { CalendarIcon } from 'lucide-react';
import * as React from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import {
  dateToPickerValue,
  type PickerKind,
  parsePickerText,
  pickerPlaceholder,
  pickerValueToDate,
  shiftLinkedEnd,
  toPickerText,
} from '@/lib/date-time';

export interface DateTimePickerProps {
  /** Set by FormField, with the two aria props below. */
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  /** The form value: 'yyyy-MM-ddTHH:mm' (datetime), 'yyyy-MM-dd' (date) or 'HH:mm' (time); '' when empty. */
  value: string;
  /** Called with a valid value, or '' while the text is blank or not a valid entry. */
  onChange: (value: string) => void;
  kind?: PickerKind;
  seconds?: boolean;
  /** The earliest day the calendar offers (the linked start of an end picker). */
  minDate?: Date | null;
  /** The time a day picked on the calendar gets when the field had none. */
  defaultTime?: { hours: number; minutes: number };
}

/**
 * A date-time field in the spec's MM/DD/YYYY h:mm A form: typed, or picked from a calendar. Typed text
 * that is not a valid entry says so under the field once the field is left.
 */
export function DateTimePicker({
  id,
  value,
  onChange,
  kind = 'datetime',
  seconds = false,
  minDate,
  defaultTime = { hours: 9, minutes: 0 },
  ...aria
}: DateTimePickerProps) {
  const [text, setText] = React.useState(() => toPickerText(value, kind, seconds));
  const [open, setOpen] = React.useState(false);
  const [touched, setTouched] = React.useState(false);
  const parsed = parsePickerText(text, kind, seconds);
  const invalidEntry = touched && parsed === null;
  const hintId = id ? `${id}-format` : undefined;

  // A value set from outside (a linked start moved this end) replaces what is shown.
  React.useEffect(() => {
    setText((current) => {
      const shown = parsePickerText(current, kind, seconds);
      // Text that is not (yet) an entry is the user's own, and stands for the value ''.
      const agrees = shown === value || (shown === null && value === '');
      return agrees ? current : toPickerText(value, kind, seconds);
    });
  }, [value, kind, seconds]);

  function onType(next: string) {
    setText(next);
    onChange(parsePickerText(next, kind, seconds) ?? '');
  }

  function onPick(day: Date | undefined) {
    if (!day) return;
    const current = pickerValueToDate(value, kind, seconds);
    const picked = new Date(day);
    if (current) picked.setHours(current.getHours(), current.getMinutes(), current.getSeconds(), 0);
    else picked.setHours(defaultTime.hours, defaultTime.minutes, 0, 0);
    const next = dateToPickerValue(picked, kind, seconds);
    setText(toPickerText(next, kind, seconds));
    setTouched(false);
    onChange(next);
    setOpen(false);
  }

  const selected = pickerValueToDate(value, kind, seconds) ?? undefined;
  const describedBy = [aria['aria-describedby'], invalidEntry ? hintId : undefined].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <div className="flex gap-2">
        <Input
          id={id}
          value={text}
          inputMode={kind === 'time' ? 'text' : 'numeric'}
          placeholder={pickerPlaceholder(kind, seconds)}
          autoComplete="off"
          aria-invalid={aria['aria-invalid'] || invalidEntry || undefined}
          aria-describedby={describedBy || undefined}
          onChange={(e) => onType(e.target.value)}
          onBlur={() => {
            setTouched(true);
            if (parsed) setText(toPickerText(parsed, kind, seconds));
          }}
        />
        {kind !== 'time' && (
          <Popover open={open} onOpenChange={setOpen}>
            <PopoverTrigger asChild>
              <Button
                type="button"
                variant="outline"
                size="icon"
                className="size-9 shrink-0"
                aria-label="Choose date"
              >
                <CalendarIcon aria-hidden="true" />
              </Button>
            </PopoverTrigger>
            <PopoverContent className="w-auto p-0" align="end">
              <Calendar
                mode="single"
                selected={selected}
                defaultMonth={selected ?? minDate ?? undefined}
                disabled={minDate ? { before: startOfDay(minDate) } : undefined}
                onSelect={onPick}
                autoFocus
              />
            </PopoverContent>
          </Popover>
        )}
      </div>
      {invalidEntry && (
        <p id={hintId} className="text-sm text-destructive">
          Enter it as {pickerPlaceholder(kind, seconds)}.
        </p>
      )}
    </div>
  );
}

export interface DateTimeRangeFieldsProps {
  ids: { start: string; end: string };
  labels: { start: string; end: string };
  values: { start: string; end: string };
  errors: { start?: string; end?: string };
  onChange: (range: { start: string; end: string }) => void;
}

/** Linked start and end pickers: moving the start keeps the window's length; the end's calendar starts at the start. */
export function DateTimeRangeFields({ ids, labels, values, errors, onChange }: DateTimeRangeFieldsProps) {
  // The last valid start: while a start is retyped it is briefly no date, and the end moves from this.
  const anchor = React.useRef(values.start);
  function onStart(start: string) {
    const end = start ? shiftLinkedEnd(anchor.current, start, values.end) : values.end;
    if (start) anchor.current = start;
    onChange({ start, end });
  }
  return (
    <>
      <FormField id={ids.start} label={labels.start} error={errors.start}>
        <DateTimePicker value={values.start} onChange={onStart} />
      </FormField>
      <FormField id={ids.end} label={labels.end} error={errors.end}>
        <DateTimePicker
          value={values.end}
          minDate={pickerValueToDate(values.start, 'datetime')}
          onChange={(end) => onChange({ start: values.start, end })}
        />
      </FormField>
    </>
  );
}
