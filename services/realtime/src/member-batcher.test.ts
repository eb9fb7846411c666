import type { TBroadcast } from '@gavel/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemberBatcher } from './member-batcher.js';

const checkIn = (id: string, channel = 'meeting.m1'): TBroadcast => ({
  tenantId: 't1',
  channel,
  kind: 'attendee.updated',
  payload: { id },
});

/** A batcher with a fixed window, recording what it sends: an id, or the ids of a batch. */
function batcher(windowMs = 1000) {
  const sent: (string | string[])[] = [];
  const id = (b: TBroadcast) => (b.payload as { id: string }).id;
  const members = createMemberBatcher({
    windowMs: () => windowMs,
    fanOut: (b) => sent.push(id(b)),
    fanOutBatch: (bs) => sent.push(bs.map(id)),
  });
  return { members, sent };
}

describe('createMemberBatcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the first member message at once and the next ones together at the end of the window', async () => {
    const { members, sent } = batcher();
    await members.handle(checkIn('a'));
    const later = [members.handle(checkIn('b')), members.handle(checkIn('c'))];
    expect(sent).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(1000);
    await Promise.all(later);
    expect(sent).toEqual(['a', ['b', 'c']]);
  });

  it('sends a lone message of a window as itself, and after a quiet window sends at once again', async () => {
    const { members, sent } = batcher();
    await members.handle(checkIn('a'));
    const b = members.handle(checkIn('b'));
    await vi.advanceTimersByTimeAsync(1000);
    await b;
    expect(sent).toEqual(['a', 'b']);
    await vi.advanceTimersByTimeAsync(1000); // a window without messages closes the channel's window
    await members.handle(checkIn('c'));
    expect(sent).toEqual(['a', 'b', 'c']);
  });

  it('sends the waiting batch before any other message of the channel, keeping their order', async () => {
    const { members, sent } = batcher();
    await members.handle(checkIn('a'));
    const b = members.handle(checkIn('b'));
    await members.handle({ ...checkIn('state'), kind: 'meeting.state' });
    await b;
    expect(sent).toEqual(['a', 'b', 'state']);
  });

  it('keeps channels apart, never batches a runner or a single-user message, and sends every message at once with no window', async () => {
    const { members, sent } = batcher();
    await members.handle(checkIn('a'));
    await members.handle(checkIn('other', 'meeting.m2'));
    await members.handle({ ...checkIn('runner'), runner_payload: { id: 'runner' } });
    await members.handle({ ...checkIn('own'), user_id: 'u1' });
    expect(sent).toEqual(['a', 'other', 'runner', 'own']);
    const small = batcher(0);
    for (const id of ['x', 'y']) await small.members.handle(checkIn(id));
    expect(small.sent).toEqual(['x', 'y']);
  });

  it('sends what waits on flushAll, and fails the waiting messages when the fan-out fails', async () => {
    const { members, sent } = batcher();
    await members.handle(checkIn('a'));
    const b = members.handle(checkIn('b'));
    members.flushAll();
    await b;
    expect(sent).toEqual(['a', 'b']);

    const failing = createMemberBatcher({
      windowMs: () => 1000,
      fanOut: (broadcast) => {
        if ((broadcast.payload as { id: string }).id !== 'a') throw new Error('redis away');
      },
      fanOutBatch: () => undefined,
    });
    await failing.handle(checkIn('a'));
    const refused = failing.handle(checkIn('b'));
    const settled = expect(refused).rejects.toThrow('redis away');
    await vi.advanceTimersByTimeAsync(1000);
    await settled;
  });
});
