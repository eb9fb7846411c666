import { SERVER_TIME_HEADER } from '@gavel/contracts';
import { findActiveVote } from '@gavel/voting-rules';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteServerTime, resetServerClock } from '@/lib/server-clock';
import { useClock } from '@/lib/use-clock';

afterEach(() => {
  resetServerClock();
});

const SERVER_NOW = Date.parse('2026-11-23T15:00:00.000Z');
/** A vote that started 10 s ago on the server's clock and runs 50 s more. */
const VOTE = {
  id: 'v-1',
  started_at: new Date(SERVER_NOW - 10_000).toISOString(),
  ended_at: new Date(SERVER_NOW + 50_000).toISOString(),
};

function ActiveVote() {
  const { now, tick } = useClock();
  const active = findActiveVote([VOTE], now, tick);
  return (
    <output>
      {active ? `active, ${Math.round((Date.parse(VOTE.ended_at) - now) / 1000)} s left` : 'none'}
    </output>
  );
}

describe('useClock', () => {
  it.each([
    ['90 s fast', 90_000],
    ['30 s slow', -30_000],
  ])('tells the server time on a device clock %s, so the running vote is active', async (_, skew) => {
    vi.spyOn(Date, 'now').mockReturnValue(SERVER_NOW + skew);
    // An API answer that took 200 ms, stamped by the server at its midpoint.
    const sentAt = SERVER_NOW + skew - 100;
    noteServerTime(new Headers({ [SERVER_TIME_HEADER]: String(SERVER_NOW) }), sentAt, sentAt + 200);
    render(<ActiveVote />);
    expect((await screen.findByText(/active/)).textContent).toBe('active, 50 s left');
  });
});
