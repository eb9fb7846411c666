import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MeetingForm } from '@/features/meetings/components/meeting-form';
import { emptyMeetingForm, MEETING_FORM_MESSAGES } from '@/features/meetings/meeting-form';
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

function open(initial = filled) {
  const onSave = vi.fn(async () => undefined);
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
});
