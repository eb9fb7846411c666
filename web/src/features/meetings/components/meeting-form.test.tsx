import { MEETING_RULE_ERRORS } from '@gavel/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MeetingForm, type MeetingFormProps } from '@/features/meetings/components/meeting-form';
import { emptyMeetingForm, MEETING_FORM_MESSAGES } from '@/features/meetings/meeting-form';
import { makeMeeting } from '@/features/meetings/test-fixtures';
import { ApiError } from '@/lib/api-client';
import { describedText } from '@/test/described';
import { renderApp } from '@/test/render';

const filled = {
  ...emptyMeetingForm(),
  code: 'M1',
  name: 'November',
  type: 'Regular',
  start: '2031-11-24T09:00',
  end: '2031-11-24T11:00',
};

function open(
  initial = filled,
  onSave = vi.fn(async (): Promise<unknown> => undefined),
  props: Partial<MeetingFormProps> = {},
) {
  const view = renderApp('/', {
    routes: [
      {
        path: '/',
        element: (
          <MeetingForm
            committeeCode="FIN"
            initial={initial}
            submitLabel="Save Meeting"
            errorTitle="Error Saving Meeting"
            onSave={onSave}
            {...props}
          />
        ),
      },
    ],
  });
  return { ...view, onSave };
}

describe('MeetingForm', () => {
  it('says only how to write a mistyped start, not that it is required', async () => {
    const { user, onSave } = open();
    const start = await screen.findByRole('textbox', { name: 'Start' });
    await user.clear(start);
    await user.type(start, '11/31/2026 9:00 AM');
    await user.click(screen.getByRole('button', { name: 'Save Meeting' }));
    expect(describedText(start)).toBe('Enter it as MM/DD/YYYY h:mm AM.');
    expect(screen.queryByText(MEETING_FORM_MESSAGES.startRequired)).toBeNull();
    expect(document.activeElement).toBe(start);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('asks for a meeting type instead of keeping a cleared one', async () => {
    const { user, onSave } = open();
    const type = await screen.findByRole('textbox', { name: 'Meeting type' });
    await user.clear(type);
    await user.click(screen.getByRole('button', { name: 'Save Meeting' }));
    expect(describedText(type)).toBe(MEETING_FORM_MESSAGES.typeRequired);
    expect(document.activeElement).toBe(type);
    expect(onSave).not.toHaveBeenCalled();
    await user.type(type, 'Special');
    await user.click(screen.getByRole('button', { name: 'Save Meeting' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ type: 'Special' }));
  });

  it('takes a message away as soon as its field is changed, not at the next save', async () => {
    const { user } = open();
    const type = await screen.findByRole('textbox', { name: 'Meeting type' });
    await user.clear(type);
    await user.click(screen.getByRole('button', { name: 'Save Meeting' }));
    expect(describedText(type)).toBe(MEETING_FORM_MESSAGES.typeRequired);
    await user.type(type, 'S');
    expect(screen.queryByText(MEETING_FORM_MESSAGES.typeRequired)).toBeNull();
    expect(type.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('shows a refusal about a field it does not show in the dialog, keeping what was typed', async () => {
    const refusal = 'The year must be at least 1900.';
    const onSave = vi.fn(async () => {
      throw new ApiError(400, refusal, { year: [refusal] });
    });
    const { user } = open(filled, onSave);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'December');
    await user.click(screen.getByRole('button', { name: 'Save Meeting' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Error Saving Meeting' });
    expect(within(dialog).getByText(refusal)).toBeTruthy();
    expect((name as HTMLInputElement).value).toBe('December');
  });

  it("shows the server's message for a shown field under it, without the dialog", async () => {
    const taken = 'That code is already used by another meeting.';
    const onSave = vi.fn(async () => {
      throw new ApiError(409, taken, { code: [taken] });
    });
    const { user } = open(filled, onSave);
    await user.click(await screen.findByRole('button', { name: 'Save Meeting' }));
    const code = screen.getByRole('textbox', { name: 'Code' });
    expect(describedText(code)).toContain(taken);
    expect(document.activeElement).toBe(code);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows the attendance-mode message under Allow in person, where a refusal of the service puts it too', async () => {
    const { field, message } = MEETING_RULE_ERRORS.modeRequired;
    const onSave = vi.fn(async () => {
      throw new ApiError(400, message, { [field]: [message] });
    });
    const { user } = open({ ...filled, allow_in_person: false, allow_remote: false }, onSave);
    const inPerson = await screen.findByRole('switch', { name: 'Allow in person' });
    const remote = screen.getByRole('switch', { name: 'Allow remote' });
    await user.click(screen.getByRole('button', { name: 'Save Meeting' }));
    expect(describedText(inPerson)).toBe(message);
    expect(describedText(remote)).toBe('');
    expect(document.activeElement).toBe(inPerson);
    expect(onSave).not.toHaveBeenCalled();
    // Past the form's check (a form that had not caught it): the service's refusal lands in the same place.
    await user.click(inPerson);
    await user.click(screen.getByRole('button', { name: 'Save Meeting' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(describedText(inPerson)).toBe(message);
    expect(describedText(remote)).toBe('');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("shows the service's refusal of a Zoom meeting it cannot create under Zoom meeting ID", async () => {
    const { field, message } = MEETING_RULE_ERRORS.zoomNotConfigured;
    expect(message).toBe(MEETING_FORM_MESSAGES.zoomNotConfigured);
    const onSave = vi.fn(async () => {
      throw new ApiError(400, message, { [field]: [message] });
    });
    const { user } = open({ ...filled, allow_remote: true, video_provider: 'zoom' }, onSave);
    await user.click(await screen.findByRole('button', { name: 'Save Meeting' }));
    const zoomId = screen.getByRole('textbox', { name: 'Zoom meeting ID' });
    expect(describedText(zoomId)).toContain(message);
    expect(document.activeElement).toBe(zoomId);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('warns under Code, while an edit changes it, that links already sent will stop working', async () => {
    const warning = MEETING_FORM_MESSAGES.codeChangeBreaksLinks;
    const { user, onSave } = open(filled, undefined, { mode: 'edit', original: makeMeeting({ code: 'M1' }) });
    const code = await screen.findByRole('textbox', { name: 'Code' });
    expect(screen.queryByText(warning)).toBeNull();
    await user.type(code, '-NEW');
    expect(describedText(code)).toContain(warning);
    // A warning, not a refusal: the rename may be saved.
    await user.click(screen.getByRole('button', { name: 'Save Meeting' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ code: 'M1-NEW' }));
    // The saved code again, or in another case (addresses find it either way): no warning.
    await user.clear(code);
    await user.type(code, 'm1');
    expect(screen.queryByText(warning)).toBeNull();
    expect(code.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('gives a new meeting no such warning', async () => {
    const { user } = open({ ...filled, code: '' }, undefined, { mode: 'create' });
    await user.type(await screen.findByRole('textbox', { name: 'Code' }), 'M2');
    expect(screen.queryByText(MEETING_FORM_MESSAGES.codeChangeBreaksLinks)).toBeNull();
  });

  describe('the time zone the times are in', () => {
    /** The browser in `zone`, as Intl tells the pickers' code. */
    function browserIn(zone: string) {
      const real = Intl.DateTimeFormat.prototype.resolvedOptions;
      vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
        this: Intl.DateTimeFormat,
      ) {
        return { ...real.call(this), timeZone: zone };
      });
    }

    it("names the browser's zone under Start and End, and the association's when it is another", async () => {
      browserIn('Europe/Paris');
      open(filled, undefined, { associationTimeZone: 'America/Chicago' });
      await screen.findByRole('textbox', { name: 'End' });
      expect(
        screen.getByText(
          "Times are in your time zone (Europe/Paris). The association's time zone is America/Chicago.",
        ),
      ).toBeTruthy();
    });

    it("names only the browser's zone when the association's is the same, or not its own", async () => {
      browserIn('America/Chicago');
      const { unmount } = open(filled, undefined, { associationTimeZone: 'America/Chicago' });
      expect(await screen.findByText('Times are in your time zone (America/Chicago).')).toBeTruthy();
      unmount();
      open(filled, undefined, { associationTimeZone: null });
      expect(await screen.findByText('Times are in your time zone (America/Chicago).')).toBeTruthy();
      expect(screen.queryByText(/association's time zone/)).toBeNull();
    });
  });
});
