import { DEFAULT_MEETING_TYPE, MEETING_RULE_ERRORS } from '@gavel/contracts';
import { describe, expect, it } from 'vitest';
import { UNREADABLE_ENTRY } from '@/components/date-time-picker';
import {
  emptyMeetingForm,
  fromLocalInput,
  MEETING_FORM_MESSAGES,
  meetingFormValues,
  toLocalInput,
  toMeetingBody,
  validateMeetingForm,
  windowToSend,
} from '@/features/meetings/meeting-form';
import { makeMeeting } from '@/features/meetings/test-fixtures';

const filled = {
  ...emptyMeetingForm(),
  code: 'M1',
  name: 'November',
  start: '2026-11-24T09:00',
  end: '2026-11-24T11:00',
};

describe('meeting form', () => {
  it('accepts a complete form and sends ISO instants', () => {
    expect(validateMeetingForm(filled, 'FIN')).toEqual({});
    const body = toMeetingBody(filled);
    expect(body.start).toBe(new Date(2026, 10, 24, 9, 0).toISOString());
    expect(toLocalInput(body.start)).toBe('2026-11-24T09:00');
  });
  it('flags missing fields with the contract messages', () => {
    const errors = validateMeetingForm(emptyMeetingForm(), 'FIN');
    expect(errors.name).toBe('The name field is required.');
    expect(errors.code).toBe('The code field is required.');
    expect(errors.start).toBe(MEETING_FORM_MESSAGES.startRequired);
    expect(errors.end).toBe(MEETING_FORM_MESSAGES.endRequired);
  });
  it('needs the end after the start and at least one way to attend', () => {
    const errors = validateMeetingForm(
      { ...filled, end: '2026-11-24T08:00', allow_in_person: false, allow_remote: false },
      'FIN',
    );
    expect(errors.end).toBe(MEETING_FORM_MESSAGES.endAfterStart);
    expect(errors.allow_in_person).toBe(MEETING_FORM_MESSAGES.modeRequired);
  });
  it("keys, words and defaults as the service does (the contract's values)", () => {
    expect(emptyMeetingForm().type).toBe(DEFAULT_MEETING_TYPE);
    const errors = validateMeetingForm(
      { ...filled, end: '2026-11-24T08:00', allow_in_person: false, allow_remote: false },
      'FIN',
    );
    expect(errors).toMatchObject({
      [MEETING_RULE_ERRORS.endAfterStart.field]: MEETING_RULE_ERRORS.endAfterStart.message,
      [MEETING_RULE_ERRORS.modeRequired.field]: MEETING_RULE_ERRORS.modeRequired.message,
    });
    // One field for the attendance-mode message: a server refusal lands where the form puts its own.
    expect(errors.allow_remote).toBeUndefined();
    const after = new Date(2026, 10, 24, 12, 0).getTime();
    expect(validateMeetingForm(filled, 'FIN', { mode: 'create', now: after }).end).toBe(
      MEETING_RULE_ERRORS.newEndInPast.message,
    );
  });
  it('refuses a new meeting that is already over; an edit of one may keep its past window', () => {
    const after = new Date(2026, 10, 24, 12, 0).getTime();
    expect(validateMeetingForm(filled, 'FIN', { mode: 'create', now: after }).end).toBe(
      MEETING_FORM_MESSAGES.endInPast,
    );
    expect(
      validateMeetingForm(filled, 'FIN', { mode: 'create', now: new Date(2026, 10, 24, 10, 0).getTime() }),
    ).toEqual({});
    expect(validateMeetingForm(filled, 'FIN', { mode: 'edit', now: after })).toEqual({});
  });
  it("refuses an edit that moves a planned meeting's window into the past, not one that leaves it", () => {
    // November 24, 9:00 to 11:00 (local), checked at noon that day: already over, never started.
    const meeting = makeMeeting({ status: 'planned' });
    const now = new Date(2026, 10, 24, 12, 0).getTime();
    const loaded = meetingFormValues(meeting);
    const check = (values: typeof loaded, original = meeting) =>
      validateMeetingForm(values, 'FIN', { original, now });
    expect(check({ ...loaded, name: 'Renamed' })).toEqual({});
    expect(check({ ...loaded, end: '2026-11-24T11:30' }).end).toBe(MEETING_FORM_MESSAGES.plannedEndInPast);
    expect(check({ ...loaded, start: '2026-11-24T08:00' }).end).toBe(
      MEETING_RULE_ERRORS.plannedEndInPast.message,
    );
    expect(check({ ...loaded, end: '2026-11-24T12:30' })).toEqual({});
    // Only a planned meeting: one in progress is ended by its runner, whatever its window says.
    expect(check({ ...loaded, end: '2026-11-24T11:30' }, { ...meeting, status: 'in_progress' })).toEqual({});
  });
  it("sends a time left alone on edit as the meeting's own instant, seconds too", () => {
    // Set by the API or the seed, with seconds the minute pickers do not show.
    const meeting = makeMeeting({
      start: new Date(2026, 11, 1, 9, 0, 30, 250).toISOString(),
      end: new Date(2026, 11, 1, 11, 15, 45).toISOString(),
    });
    const loaded = meetingFormValues(meeting);
    expect(loaded.start).toBe('2026-12-01T09:00');
    const renamed = toMeetingBody({ ...loaded, name: 'Renamed' }, meeting);
    expect([renamed.start, renamed.end]).toEqual([meeting.start, meeting.end]);
    // A time changed on the form sends what it says; the other keeps its own instant.
    const later = toMeetingBody({ ...loaded, end: '2026-12-01T12:00' }, meeting);
    expect([later.start, later.end]).toEqual([meeting.start, new Date(2026, 11, 1, 12, 0).toISOString()]);
    // Its seconds do not make an untouched window "moved" (a planned meeting already over stays savable).
    const now = new Date(2026, 11, 2).getTime();
    expect(validateMeetingForm({ ...loaded, name: 'Renamed' }, 'FIN', { original: meeting, now })).toEqual(
      {},
    );
    // A new meeting has no instants of its own to keep.
    expect(windowToSend(loaded)).toEqual({
      start: fromLocalInput(loaded.start),
      end: fromLocalInput(loaded.end),
    });
  });
  it('drops video settings when remote is off and asks for the link of the chosen provider', () => {
    expect(toMeetingBody({ ...filled, video_provider: 'zoom', zoom_id: '123' }).zoom_id).toBeNull();
    expect(
      validateMeetingForm({ ...filled, allow_remote: true, video_provider: 'static' }, 'FIN').video_url,
    ).toBe(MEETING_FORM_MESSAGES.videoUrlRequired);
    expect(fromLocalInput('nonsense')).toBe('');
  });
  it('takes a Zoom meeting without an ID (one is created on the first join), but not one that is no number', () => {
    const zoom = { ...filled, allow_remote: true, video_provider: 'zoom' as const };
    expect(validateMeetingForm(zoom, 'FIN')).toEqual({});
    expect(validateMeetingForm({ ...zoom, zoom_id: '123 4567 8901' }, 'FIN')).toEqual({});
    expect(validateMeetingForm({ ...zoom, zoom_id: 'abc' }, 'FIN').zoom_id).toBe(
      'The Zoom meeting ID must be a number.',
    );
  });
  it('says how to write an unreadable date instead of calling it missing', () => {
    const errors = validateMeetingForm({ ...filled, start: UNREADABLE_ENTRY, end: UNREADABLE_ENTRY }, 'FIN');
    expect(errors.start).toBe('Enter it as MM/DD/YYYY h:mm AM.');
    expect(errors.end).toBe('Enter it as MM/DD/YYYY h:mm AM.');
    expect(toMeetingBody({ ...filled, start: UNREADABLE_ENTRY }).start).toBe('');
  });
  it('says a name or code is too long rather than cutting it', () => {
    const errors = validateMeetingForm({ ...filled, name: 'n'.repeat(256), code: 'C'.repeat(21) }, 'FIN');
    expect(errors.name).toBe('The name may not be greater than 255 characters.');
    expect(errors.code).toBe('The code may not be greater than 20 characters.');
  });
  it('needs a meeting type: a cleared one is not silently kept', () => {
    expect(validateMeetingForm({ ...filled, type: '  ' }, 'FIN').type).toBe(
      MEETING_FORM_MESSAGES.typeRequired,
    );
    expect(validateMeetingForm({ ...filled, type: 'Special' }, 'FIN').type).toBeUndefined();
  });
});
