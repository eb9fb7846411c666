import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VoteFooter } from '@/features/email-votes/components/vote-footer';

const local = (d: number, h: number) => new Date(2026, 10, d, h, 0);
const vote = { start: local(24, 14).toISOString(), end: local(26, 17).toISOString() };

describe('VoteFooter', () => {
  it.each([
    [local(20, 9), 'Vote Opens on Tuesday, November 24, 2026 at 2:00 PM'],
    [local(24, 9), 'Vote Opens at 2:00 PM'],
    [local(25, 9), 'Vote Active'],
    [local(27, 9), 'Vote Concluded'],
  ])('at %s shows %s', (now, text) => {
    render(<VoteFooter vote={vote} now={now.getTime()} />);
    expect(screen.getByRole('status').textContent).toBe(text);
  });
});
