import { screen, within } from '@testing-library/react';
import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  DateTimeRangeFields,
  type DateTimeRangeFieldsProps,
  UNREADABLE_ENTRY,
} from '@/components/date-time-picker';
import { renderApp } from '@/test/render';

type Extra = Partial<Pick<DateTimeRangeFieldsProps, 'disabled' | 'hints' | 'errors'>>;

function Range({
  initial,
  onRange,
  extra,
}: {
  initial: { start: string; end: string };
  onRange: (r: unknown) => void;
  extra: Extra;
}) {
  const [values, setValues] = React.useState(initial);
  return (
    <DateTimeRangeFields
      ids={{ start: 'start', end: 'end' }}
      labels={{ start: 'Start', end: 'End' }}
      values={values}
      errors={{}}
      {...extra}
      onChange={(range) => {
        setValues(range);
        onRange(range);
      }}
    />
  );
}

function open(initial: { start: string; end: string }, extra: Extra = {}) {
  const onRange = vi.fn();
  const view = renderApp('/', {
    routes: [{ path: '/', element: <Range initial={initial} onRange={onRange} extra={extra} /> }],
  });
  return { ...view, onRange };
}

describe('DateTimeRangeFields', () => {
  it('shows both ends as MM/DD/YYYY h:mm A', async () => {
    open({ start: '2026-11-23T09:00', end: '2026-11-23T17:30' });
    expect((await screen.findByLabelText('Start')).getAttribute('value')).toBe('11/23/2026 9:00 AM');
    expect(screen.getByLabelText('End').getAttribute('value')).toBe('11/23/2026 5:30 PM');
    expect(screen.getByLabelText('Start').getAttribute('placeholder')).toBe('MM/DD/YYYY h:mm AM');
  });

  it("lets a phone's keyboard type the AM/PM: no number-only keyboard", async () => {
    open({ start: '', end: '' });
    expect((await screen.findByLabelText('Start')).getAttribute('inputmode')).not.toBe('numeric');
    expect(screen.getByLabelText('End').getAttribute('inputmode')).not.toBe('numeric');
  });

  it("names each calendar button after its field, so a screen reader tells Start's from End's", async () => {
    open({ start: '', end: '' });
    expect(await screen.findByRole('button', { name: 'Choose Start date' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose End date' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choose date' })).toBeNull();
  });

  it('moves the end with a typed start, keeping the length of the window', async () => {
    const { user, onRange } = open({ start: '2026-11-23T09:00', end: '2026-11-23T11:00' });
    const start = await screen.findByLabelText('Start');
    await user.clear(start);
    await user.type(start, '11/24/2026 1:15 PM');
    expect(onRange).toHaveBeenLastCalledWith({ start: '2026-11-24T13:15', end: '2026-11-24T15:15' });
    expect((screen.getByLabelText('End') as HTMLInputElement).value).toBe('11/24/2026 3:15 PM');
  });

  it('keeps text that is not a date, says how to write it once left, and tells the form it is unreadable', async () => {
    const { user, onRange } = open({ start: '', end: '' });
    const start = await screen.findByLabelText('Start');
    await user.type(start, '31/12/2026 9:00 AM');
    expect(screen.queryByText('Enter it as MM/DD/YYYY h:mm AM.')).toBeNull();
    await user.tab();
    expect(screen.getByText('Enter it as MM/DD/YYYY h:mm AM.')).toBeTruthy();
    expect((start as HTMLInputElement).value).toBe('31/12/2026 9:00 AM');
    expect(start.getAttribute('aria-invalid')).toBe('true');
    // Not '' (nothing entered): the form says how to write it, not that the field is required.
    expect(onRange).toHaveBeenLastCalledWith({ start: UNREADABLE_ENTRY, end: '' });
    await user.clear(start);
    expect(onRange).toHaveBeenLastCalledWith({ start: '', end: '' });
  });

  it("leaves its own format line to the form's message once the form shows one", async () => {
    const { user } = open({ start: '', end: '' }, { errors: { start: 'Enter it as MM/DD/YYYY h:mm AM.' } });
    const start = await screen.findByLabelText('Start');
    await user.type(start, '11/31/2026 9:00 AM');
    await user.tab();
    expect(screen.getAllByText('Enter it as MM/DD/YYYY h:mm AM.')).toHaveLength(1);
  });

  it('does not move the end from an unreadable start, and moves it from the last readable one', async () => {
    const { user, onRange } = open({ start: '2026-11-23T09:00', end: '2026-11-23T11:00' });
    const start = await screen.findByLabelText('Start');
    await user.clear(start);
    await user.type(start, '11/31/2026 9:00 AM');
    expect(onRange).toHaveBeenLastCalledWith({ start: UNREADABLE_ENTRY, end: '2026-11-23T11:00' });
    await user.clear(start);
    await user.type(start, '11/24/2026 9:00 AM');
    expect(onRange).toHaveBeenLastCalledWith({ start: '2026-11-24T09:00', end: '2026-11-24T11:00' });
  });

  it('rewrites a valid entry in the full format when the field is left', async () => {
    const { user } = open({ start: '', end: '' });
    const start = await screen.findByLabelText('Start');
    await user.type(start, '1/2/2027 9:05 pm');
    await user.tab();
    expect((start as HTMLInputElement).value).toBe('01/02/2027 9:05 PM');
  });

  it('picks a day from the calendar, keeping the time; the end calendar offers no day before the start', async () => {
    const { user, onRange } = open({ start: '2026-11-23T09:30', end: '2026-11-23T11:00' });
    const startButton = await screen.findByRole('button', { name: 'Choose Start date' });
    const endButton = screen.getByRole('button', { name: 'Choose End date' });
    await user.click(startButton);
    // The calendar is named for its field, and each day's name holds the number it shows.
    const calendar = await screen.findByRole('dialog', { name: 'Start date' });
    expect(
      within(calendar).getByRole('button', { name: /^(Today, )?Wednesday, November 25, 2026$/ }).textContent,
    ).toBe('25');
    await user.click(within(calendar).getByRole('button', { name: /November 25, 2026/ }));
    expect(onRange).toHaveBeenLastCalledWith({ start: '2026-11-25T09:30', end: '2026-11-25T11:00' });
    await user.click(endButton);
    expect((await screen.findByRole('button', { name: /November 24, 2026/ })).hasAttribute('disabled')).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: /November 26, 2026/ }).hasAttribute('disabled')).toBe(false);
  });

  it("gives a day picked for an empty end the start's time, or an hour after the start on the start's day", async () => {
    const { user, onRange } = open({ start: '2026-11-23T09:00', end: '' });
    const endButton = await screen.findByRole('button', { name: 'Choose End date' });
    await user.click(endButton);
    await user.click(await screen.findByRole('button', { name: /November 23, 2026/ }));
    expect(onRange).toHaveBeenLastCalledWith({ start: '2026-11-23T09:00', end: '2026-11-23T10:00' });
    const end = screen.getByLabelText('End') as HTMLInputElement;
    await user.clear(end);
    await user.click(endButton);
    await user.click(await screen.findByRole('button', { name: /November 25, 2026/ }));
    expect(onRange).toHaveBeenLastCalledWith({ start: '2026-11-23T09:00', end: '2026-11-25T09:00' });
  });

  it("keeps the end's own time on the day picked, unless that would not be after the start", async () => {
    const { user, onRange } = open({ start: '2026-11-23T09:00', end: '2026-11-24T08:00' });
    const endButton = await screen.findByRole('button', { name: 'Choose End date' });
    await user.click(endButton);
    await user.click(await screen.findByRole('button', { name: /November 26, 2026/ }));
    expect(onRange).toHaveBeenLastCalledWith({ start: '2026-11-23T09:00', end: '2026-11-26T08:00' });
    await user.click(endButton);
    await user.click(await screen.findByRole('button', { name: /November 23, 2026/ }));
    expect(onRange).toHaveBeenLastCalledWith({ start: '2026-11-23T09:00', end: '2026-11-23T10:00' });
  });

  it('disables a start that may not move (typing and calendar), with its hint, while the end stays open', async () => {
    open(
      { start: '2026-11-23T09:00', end: '2026-11-23T11:00' },
      { disabled: { start: true }, hints: { start: 'Responses are in.' } },
    );
    const start = (await screen.findByLabelText('Start')) as HTMLInputElement;
    const startButton = screen.getByRole('button', { name: 'Choose Start date' });
    const endButton = screen.getByRole('button', { name: 'Choose End date' });
    expect(start.disabled).toBe(true);
    expect((startButton as HTMLButtonElement).disabled).toBe(true);
    expect(document.getElementById(start.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Responses are in.',
    );
    expect((screen.getByLabelText('End') as HTMLInputElement).disabled).toBe(false);
    expect((endButton as HTMLButtonElement).disabled).toBe(false);
  });
});
