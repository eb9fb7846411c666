import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RefreshHints } from './refresh-hints.js';

/** The throttle alone; the meetings service's tests send real hints through JetStream. */
describe('RefreshHints', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function hints() {
    const sent: { subject: string; broadcast: unknown }[] = [];
    const js = {
      publish: async (subject: string, data: string) => {
        sent.push({ subject, broadcast: JSON.parse(data) });
        return {} as never;
      },
    };
    const tenantId = '00000000-0000-4000-8000-000000000001';
    const h = new RefreshHints({
      js,
      prefix: 'p1',
      logger: { debug: () => undefined },
      settleMs: 250,
      intervalMs: 2000,
    });
    return { h, sent, tenantId };
  }

  it('sends one hint per channel after the settle delay, however many changes came meanwhile', async () => {
    const { h, sent, tenantId } = hints();
    for (let i = 0; i < 50; i++) h.request(tenantId, ['meeting.m1', 'meeting.m2'], 'attendance');
    await vi.advanceTimersByTimeAsync(249);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([
      {
        subject: 'p1.evt.realtime.broadcast',
        broadcast: { tenantId, channel: 'meeting.m1', kind: 'refresh', payload: { target: 'attendance' } },
      },
      {
        subject: 'p1.evt.realtime.broadcast',
        broadcast: { tenantId, channel: 'meeting.m2', kind: 'refresh', payload: { target: 'attendance' } },
      },
    ]);
  });

  it('spaces the hints of a channel by the interval, and always sends the last one', async () => {
    const { h, sent, tenantId } = hints();
    h.request(tenantId, ['meeting.m1'], 'attendance');
    await vi.advanceTimersByTimeAsync(250);
    expect(sent).toHaveLength(1);
    h.request(tenantId, ['meeting.m1'], 'attendance');
    await vi.advanceTimersByTimeAsync(1999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    // Another target is its own hint.
    h.request(tenantId, ['meeting.m1'], 'all');
    await vi.advanceTimersByTimeAsync(250);
    expect(sent.map((s) => (s.broadcast as { payload: unknown }).payload)).toEqual([
      { target: 'attendance' },
      { target: 'attendance' },
      { target: 'all' },
    ]);
  });
});
