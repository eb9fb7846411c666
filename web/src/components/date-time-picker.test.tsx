import { screen } from '@testing-library/react';
import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateTimeRangeFields } from '@/components/date-time-picker';
import { renderApp } from '@/test/render';

function Range({
  initial,
  onRange,
}: {
  initial: { start: string; end: string };
  onRange: (r: unknown) => void;
}) {
  const [values, setValues] = React.useState(initial);
  return (
    <DateTimeRangeFields
      ids={{ start: 'start', end: 'end' }}
      labels={{ start: 'Start', end: 'End' }}
      values={values}
      errors={{}}
      onChange={(range) => {
        setValues(range);
        onRange(range);
      }}
    />
  );
}

function open(initial: { start: string; end: string }) {
  const onRange = vi.fn();
  const view = renderApp('/', {
    routes: [{ path: '/', element: <Range initial={initial} onRange={onRange} /> }],
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

  it('moves the end with a typed start, keeping the length of the window', async () => {
    const { user, onRange } = open({ start: '2026-11-23T09:00', end: '2026-11-23T11:00' });
    const start = await screen.findByLabelText('Start');
    await user.clear(start);
    await user.type(start, '11/24/2026 1:15 PM');
    expect(onRange).toHaveBeenLastCalledWith({ start: '2026-11-24T13:15', end: '2026-11-24T15:15' });
    expect((screen.getByLabelText('End') as HTMLInputElement).value).toBe('11/24/2026 3:15 PM');
  });

  it('keeps text that is not a date, says how to write it once left, and gives the form no value', async () => {
    const { user, onRange } = open({ start: '', end: '' });
    const start = await screen.findByLabelText('Start');
    await user.type(start, '31/12/2026 9:00 AM');
    expect(screen.queryByText('Enter it as MM/DD/YYYY h:mm AM.')).toBeNull();
    await user.tab();
    expect(screen.getByText('Enter it as MM/DD/YYYY h:mm AM.')).toBeTruthy();
    expect((start as HTMLInputElement).value).toBe('31/12/2026 9:00 AM');
    expect(start.getAttribute('aria-invalid')).toBe('true');
    expect(onRange).toHaveBeenLastCalledWith({ start: '', end: '' });
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
    const [startButton, endButton] = await screen.findAllByRole('button', { name: 'Choose date' });
    await user.click(startButton as HTMLElement);
    await user.click(await screen.findByRole('button', { name: /November 25th, 2026/ }));
    expect(onRange).toHaveBeenLastCalledWith({ start: '2026-11-25T09:30', end: '2026-11-25T11:00' });
    await user.click(endButton as HTMLElement);
    expect(
      (await screen.findByRole('button', { name: /November 24th, 2026/ })).hasAttribute('disabled'),
    ).toBe(true);
    expect(screen.getByRole('button', { name: /November 26th, 2026/ }).hasAttribute('disabled')).toBe(false);
  });
});
