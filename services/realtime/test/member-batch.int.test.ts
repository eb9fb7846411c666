import type { TBroadcast } from '@gavel/contracts';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningRealtime } from '../src/start.js';
import { MEETING_JOIN, news, type RealtimeTestBed, realtimeTestBed, sleep } from './support.js';

let bed: RealtimeTestBed;
let instance: RunningRealtime;
const CHANNEL = 'meeting.ten-alpha-m1' as const;

beforeAll(async () => {
  bed = await realtimeTestBed();
  // A budget of one write a second: the two sockets below make the channel's window 2 s.
  instance = await bed.start({ extra: { TALLY_WRITES_PER_SECOND: '1', TALLY_MAX_INTERVAL_MS: '5000' } });
});

afterAll(() => bed?.close());

const checkIn = (id: string): TBroadcast => ({
  tenantId: 'ten-alpha',
  channel: CHANNEL,
  kind: 'attendee.updated',
  payload: { member: { id } },
  staff_payload: { member: { id, email: `${id}@alpha.test` } },
});

describe("a hall's check-ins", () => {
  it('reach a busy channel as the first message, then one batch per window, each audience its own payloads', async () => {
    const member = await bed.joined(instance, 'u-member', MEETING_JOIN, CHANNEL);
    const staff = await bed.joined(instance, 'u-staff', MEETING_JOIN, CHANNEL);
    for (const id of ['a', 'b', 'c']) await bed.fakes.publishBroadcast(checkIn(id));
    await eventually(async () => news(member).length === 1 && news(staff).length === 1);
    await sleep(500);
    // b and c wait for the window's end.
    expect(news(member)).toEqual([
      { channel: CHANNEL, kind: 'attendee.updated', payload: { member: { id: 'a' } } },
    ]);
    await eventually(async () => news(member).length === 2 && news(staff).length === 2, 5_000);
    const batchOf = (messages: unknown[]) => messages[1] as { payload: { member: unknown } }[];
    expect(batchOf(news(member)).map((m) => m.payload.member)).toEqual([{ id: 'b' }, { id: 'c' }]);
    expect(batchOf(news(staff)).map((m) => m.payload.member)).toEqual([
      { id: 'b', email: 'b@alpha.test' },
      { id: 'c', email: 'c@alpha.test' },
    ]);
  });

  it('sends a waiting batch before any other message of the channel', async () => {
    const member = await bed.joined(instance, 'u-member', MEETING_JOIN, CHANNEL);
    await sleep(2_500); // the earlier test's windows have closed
    await bed.fakes.publishBroadcast(checkIn('d'));
    await bed.fakes.publishBroadcast(checkIn('e'));
    await bed.fakes.publishBroadcast({
      tenantId: 'ten-alpha',
      channel: CHANNEL,
      kind: 'meeting.state',
      payload: { n: 1 },
    });
    await eventually(async () => news(member).length === 3, 5_000);
    expect(news(member).map((m) => m.kind)).toEqual([
      'attendee.updated',
      'attendee.updated',
      'meeting.state',
    ]);
  });
});
