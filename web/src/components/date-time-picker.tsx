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

const HOUR_MS = 3_600_000;

/**
 * The value a picker gives its form while its text is not a valid entry (blank text gives ''), so the form can
 * tell "nothing entered" from "entered wrongly". It is never a date: every date helper reads it as none.
 */
export const UNREADABLE_ENTRY = 'unreadable';

/** True when a picker's value stands for text that is not a valid entry. */
export function isUnreadableEntry(value: string): boolean {
  return value === UNREADABLE_ENTRY;
}

/** What the picker says under text that is not a valid entry, e.g. 'Enter it as MM/DD/YYYY h:mm AM.' */
export function pickerFormatMessage(kind: PickerKind = 'datetime', seconds = false): string {
  return `Enter it as ${pickerPlaceholder(kind, seconds)}.`;
}

export interface DateTimePickerProps {
  /** Set by FormField, with the two aria props below. */
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  /** The form value: 'yyyy-MM-ddTHH:mm' (datetime), 'yyyy-MM-dd' (date) or 'HH:mm' (time); '' when empty. */
  value: string;
  /** Called with a valid value, '' while the text is blank, or UNREADABLE_ENTRY while it is not a valid entry. */
  onChange: (value: string) => void;
  kind?: PickerKind;
  seconds?: boolean;
  /** The field's label, so its calendar button says whose date it picks, e.g. 'Choose Start date'. */
  label?: string;
  /** The earliest day the calendar offers (the linked start of an end picker). */
  minDate?: Date | null;
  /** The time a day picked on the calendar gets when the field had none. */
  defaultTime?: { hours: number; minutes: number };
  /**
   * The instant a day picked on the calendar must come after (the linked start of an end picker): when the
   * day at its time would not, the pick becomes one hour after it.
   */
  after?: Date | null;
  disabled?: boolean;
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
  label,
  minDate,
  defaultTime = { hours: 9, minutes: 0 },
  after,
  disabled = false,
  ...aria
}: DateTimePickerProps) {
  const [text, setText] = React.useState(() => toPickerText(value, kind, seconds));
  const [open, setOpen] = React.useState(false);
  const [touched, setTouched] = React.useState(false);
  const parsed = parsePickerText(text, kind, seconds);
  // Once the form shows a message for the field (on submit, the same words for unreadable text), the
  // field's own hint steps aside so the message is not said twice.
  const invalidEntry = touched && parsed === null && !aria['aria-invalid'];
  const hintId = id ? `${id}-format` : undefined;

  // A value set from outside (a linked start moved this end) replaces what is shown.
  React.useEffect(() => {
    setText((current) => {
      const shown = parsePickerText(current, kind, seconds);
      // Text that is not (yet) an entry is the user's own, and stands for '' or UNREADABLE_ENTRY.
      const agrees = shown === value || (shown === null && (value === '' || isUnreadableEntry(value)));
      return agrees ? current : toPickerText(value, kind, seconds);
    });
  }, [value, kind, seconds]);

  function onType(next: string) {
    setText(next);
    onChange(parsePickerText(next, kind, seconds) ?? UNREADABLE_ENTRY);
  }

  function onPick(day: Date | undefined) {
    if (!day) return;
    const current = pickerValueToDate(value, kind, seconds);
    const picked = new Date(day);
    if (current) picked.setHours(current.getHours(), current.getMinutes(), current.getSeconds(), 0);
    else picked.setHours(defaultTime.hours, defaultTime.minutes, 0, 0);
    if (after && picked.getTime() <= after.getTime()) picked.setTime(after.getTime() + HOUR_MS);
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
          // No numeric keyboard: a phone's number pad cannot type the AM/PM the entry needs.
          inputMode="text"
          placeholder={pickerPlaceholder(kind, seconds)}
          autoComplete="off"
          disabled={disabled}
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
                disabled={disabled}
                aria-label={label ? `Choose ${label} date` : 'Choose date'}
              >
                <CalendarIcon aria-hidden="true" />
              </Button>
            </PopoverTrigger>
            <PopoverContent className="w-auto p-0" align="end" aria-label={label ? `${label} date` : 'Date'}>
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
          {pickerFormatMessage(kind, seconds)}
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
  /** A field that may not change (e.g. a start that responses already depend on). */
  disabled?: { start?: boolean; end?: boolean };
  /** A line under a field, e.g. why it cannot change. */
  hints?: { start?: React.ReactNode; end?: React.ReactNode };
}

/**
 * Linked start and end pickers: moving the start keeps the window's length; the end's calendar starts at the
 * start, and a day picked there keeps the end's time (or takes the start's), becoming one hour after the start
 * when that time would not be after it.
 */
export function DateTimeRangeFields({
  ids,
  labels,
  values,
  errors,
  onChange,
  disabled = {},
  hints = {},
}: DateTimeRangeFieldsProps) {
  // The last valid start: while a start is retyped it is briefly no date, and the end moves from this.
  const anchor = React.useRef(values.start);
  const start = pickerValueToDate(values.start, 'datetime');
  function onStart(next: string) {
    // A start that may not move never carries the end along.
    if (disabled.start) return;
    const nextDate = pickerValueToDate(next, 'datetime');
    const end = nextDate ? shiftLinkedEnd(anchor.current, next, values.end) : values.end;
    if (nextDate) anchor.current = next;
    onChange({ start: next, end });
  }
  return (
    <>
      <FormField id={ids.start} label={labels.start} error={errors.start} hint={hints.start}>
        <DateTimePicker
          label={labels.start}
          value={values.start}
          onChange={onStart}
          disabled={disabled.start}
        />
      </FormField>
      <FormField id={ids.end} label={labels.end} error={errors.end} hint={hints.end}>
        <DateTimePicker
          label={labels.end}
          value={values.end}
          minDate={start}
          after={start}
          defaultTime={start ? { hours: start.getHours(), minutes: start.getMinutes() } : undefined}
          disabled={disabled.end}
          onChange={(end) => onChange({ start: values.start, end })}
        />
      </FormField>
    </>
  );
}
