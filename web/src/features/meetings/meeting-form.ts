import {
  DEFAULT_MEETING_TYPE,
  MEETING_RULE_ERRORS,
  type TMeeting,
  type TMeetingVisibility,
  type TVideoProvider,
  ZMeetingCreateInput,
} from '@gavel/contracts';
import { isUnreadableEntry, pickerFormatMessage } from '@/components/date-time-picker';
import type { MeetingCreateBody } from '@/features/meetings/api';
import { dateToPickerValue, toDate } from '@/lib/date-time';
import { zodFieldErrors } from '@/lib/form-errors';
import { serverNow } from '@/lib/server-clock';

/** The meeting form's values: text as typed, date-times as `datetime-local` values (local time). */
export interface MeetingFormValues {
  code: string;
  name: string;
  description: string;
  start: string;
  end: string;
  type: string;
  show_motions: boolean;
  allow_in_person: boolean;
  allow_remote: boolean;
  location_name: string;
  location_address: string;
  visibility: TMeetingVisibility;
  in_meeting_voting: boolean;
  video_provider: TVideoProvider;
  zoom_id: string;
  zoom_registration_url: string;
  video_url: string;
}

/** An ISO instant as a `datetime-local` value; '' when missing. */
export function toLocalInput(iso: string | null | undefined): string {
  const date = toDate(iso);
  return date ? dateToPickerValue(date, 'datetime') : '';
}

/** A `datetime-local` value as an ISO instant; '' when it is not a date. */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** A start and end: as ISO instants (a record, a request) or as `datetime-local` values (a form). */
interface TimeWindow {
  start: string;
  end: string;
}

/**
 * The ISO window to send for a form's start and end. A field left as it was loaded from `original` sends
 * the record's own instant: the pickers show whole minutes, so reading the field back would drop the
 * seconds of a time set elsewhere (the API, the seed) and move it. Any other field sends its value.
 */
export function windowToSend(values: TimeWindow, original?: TimeWindow | null): TimeWindow {
  const send = (field: keyof TimeWindow) =>
    original && values[field] !== '' && values[field] === toLocalInput(original[field])
      ? original[field]
      : fromLocalInput(values[field]);
  return { start: send('start'), end: send('end') };
}

/** The meeting an edit starts from, as loaded: its own instants (seconds too), its status and its code. */
export type MeetingFormOriginal = Pick<TMeeting, 'start' | 'end' | 'status' | 'code'>;

/**
 * Whether an edit gives the meeting another code, and so another address: links already sent stop working.
 * Codes name meetings whatever their case (the service finds 'm1' for 'M1'), so a change of case does not.
 */
export function changesCode(
  values: Pick<MeetingFormValues, 'code'>,
  original?: Pick<TMeeting, 'code'> | null,
) {
  const code = values.code.trim();
  return !!original && code !== '' && code.toLowerCase() !== original.code.toLowerCase();
}

export function emptyMeetingForm(): MeetingFormValues {
  return {
    code: '',
    name: '',
    description: '',
    start: '',
    end: '',
    type: DEFAULT_MEETING_TYPE,
    show_motions: true,
    allow_in_person: true,
    allow_remote: false,
    location_name: '',
    location_address: '',
    visibility: 'committee',
    in_meeting_voting: true,
    video_provider: 'none',
    zoom_id: '',
    zoom_registration_url: '',
    video_url: '',
  };
}

export function meetingFormValues(meeting: TMeeting): MeetingFormValues {
  return {
    code: meeting.code,
    name: meeting.name,
    description: meeting.description ?? '',
    start: toLocalInput(meeting.start),
    end: toLocalInput(meeting.end),
    type: meeting.type,
    show_motions: meeting.show_motions,
    allow_in_person: meeting.allow_in_person,
    allow_remote: meeting.allow_remote,
    location_name: meeting.location_name ?? '',
    location_address: meeting.location_address ?? '',
    visibility: meeting.visibility,
    in_meeting_voting: meeting.in_meeting_voting,
    video_provider: meeting.video_provider,
    zoom_id: meeting.zoom_id ?? '',
    zoom_registration_url: meeting.zoom_registration_url ?? '',
    video_url: meeting.video_url ?? '',
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * The request body of the form (create and edit send the same fields); on edit, with the meeting as it was
 * loaded, a start or end left alone is sent as the meeting's own instant (see windowToSend).
 */
export function toMeetingBody(
  values: MeetingFormValues,
  original?: MeetingFormOriginal | null,
): MeetingCreateBody {
  const remote = values.allow_remote;
  const { start, end } = windowToSend(values, original);
  return {
    code: values.code.trim(),
    name: values.name.trim(),
    description: orNull(values.description),
    start,
    end,
    // Never empty once validated: a meeting always has a type (the server keeps the old one for none).
    type: values.type.trim() === '' ? undefined : values.type.trim(),
    show_motions: values.show_motions,
    allow_in_person: values.allow_in_person,
    allow_remote: remote,
    location_name: values.allow_in_person ? orNull(values.location_name) : null,
    location_address: values.allow_in_person ? orNull(values.location_address) : null,
    visibility: values.visibility,
    in_meeting_voting: values.in_meeting_voting,
    video_provider: remote ? values.video_provider : 'none',
    zoom_id: remote && values.video_provider === 'zoom' ? orNull(values.zoom_id) : null,
    zoom_registration_url:
      remote && values.video_provider === 'zoom' ? orNull(values.zoom_registration_url) : null,
    video_url: remote && values.video_provider === 'static' ? orNull(values.video_url) : null,
  };
}

/** The browser's time zone, the one the date-time pickers read and show times in. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The line under the Start/End pair: the zone the times are entered in (the browser's) and, when it is
 * another, the association's (/api/me's tenant.time_zone), whose days decide when a meeting may start.
 * An association without a zone of its own uses the deployment's, which the web is not told: not named.
 */
export function timeZoneNote(browserZone: string, associationZone: string | null | undefined): string {
  const yours = `Times are in your time zone (${browserZone}).`;
  return associationZone && associationZone !== browserZone
    ? `${yours} The association's time zone is ${associationZone}.`
    : yours;
}

/** The form's messages; those of the rules the service checks again are the contract's (MEETING_RULE_ERRORS). */
export const MEETING_FORM_MESSAGES = {
  startRequired: 'The start field is required.',
  endRequired: 'The end field is required.',
  endAfterStart: MEETING_RULE_ERRORS.endAfterStart.message,
  endInPast: MEETING_RULE_ERRORS.newEndInPast.message,
  plannedEndInPast: MEETING_RULE_ERRORS.plannedEndInPast.message,
  typeRequired: 'The meeting type field is required.',
  modeRequired: MEETING_RULE_ERRORS.modeRequired.message,
  videoUrlRequired: MEETING_RULE_ERRORS.videoUrlRequired.message,
  /** The service's alone: only it knows whether Zoom is set up (under Zoom meeting ID). */
  zoomNotConfigured: MEETING_RULE_ERRORS.zoomNotConfigured.message,
  /** A warning, not a refusal: under Code while an edit changes it (changesCode). */
  codeChangeBreaksLinks: 'Links to this meeting already sent (emails, calendar files) will stop working.',
} as const;

export interface MeetingFormCheck {
  /** A new meeting (which must end in the future), or an edit (the default). */
  mode?: 'create' | 'edit';
  /** On edit, the meeting as loaded: a planned one whose window is moved must still end in the future. */
  original?: MeetingFormOriginal | null;
  /** The time to check against (the server's clock). */
  now?: number;
}

/** Client-side checks: the contract's rules plus the form's own; field name → first message. */
export function validateMeetingForm(
  values: MeetingFormValues,
  committeeCode: string,
  { mode = 'edit', original = null, now = serverNow() }: MeetingFormCheck = {},
): Record<string, string> {
  const body = toMeetingBody(values, mode === 'edit' ? original : null);
  const errors: Record<string, string> = {};
  const broken = (rule: { field: string; message: string }) => {
    errors[rule.field] = rule.message;
  };
  const parsed = ZMeetingCreateInput.safeParse({ ...body, committeeCode });
  if (!parsed.success) Object.assign(errors, zodFieldErrors(parsed.error));
  // Text that is not a date says how to write it; only an empty field says it is required.
  if (isUnreadableEntry(values.start)) errors.start = pickerFormatMessage();
  else if (!values.start) errors.start = MEETING_FORM_MESSAGES.startRequired;
  if (isUnreadableEntry(values.end)) errors.end = pickerFormatMessage();
  else if (!values.end) errors.end = MEETING_FORM_MESSAGES.endRequired;
  const over = body.end !== '' && Date.parse(body.end) <= now;
  if (body.start && body.end && Date.parse(body.end) <= Date.parse(body.start)) {
    broken(MEETING_RULE_ERRORS.endAfterStart);
  } else if (mode === 'create' && over) {
    // Already over: it could never be started (only on its day), so it would never end either.
    broken(MEETING_RULE_ERRORS.newEndInPast);
  } else if (mode === 'edit' && original?.status === 'planned' && over && movesWindow(body, original)) {
    // Moved wholly into the past, a planned meeting could never start; left where it was, it may be saved.
    broken(MEETING_RULE_ERRORS.plannedEndInPast);
  }
  if (values.type.trim() === '') errors.type = MEETING_FORM_MESSAGES.typeRequired;
  if (!values.allow_in_person && !values.allow_remote) broken(MEETING_RULE_ERRORS.modeRequired);
  if (values.allow_remote && values.video_provider === 'static' && !values.video_url.trim()) {
    errors.video_url = MEETING_FORM_MESSAGES.videoUrlRequired;
  }
  return errors;
}

/** Whether the window to send differs from the meeting's own (as the service compares them). */
function movesWindow(sent: TimeWindow, original: TimeWindow): boolean {
  return (
    Date.parse(sent.start) !== Date.parse(original.start) || Date.parse(sent.end) !== Date.parse(original.end)
  );
}
