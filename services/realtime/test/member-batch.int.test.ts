import type { TBroadcast, TSocketMessage } from '@gavel/contracts';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningRealtime } from '../src/start.js';
import {
  MEETING_JOIN,
  news,
  type RealtimeTestBed,
  realtimeTestBed,
  SECOND_MEETING_JOIN,
  type TestClient,
} from './support.js';

let bed: RealtimeTestBed;
let instance: RunningRealtime;
const HALL = 'meeting.ten-alpha-m1' as const;
const ROOM = 'meeting.ten-alpha-m2' as const;

beforeAll(async () => {
  bed = await realtimeTestBed();
  // A budget of one write a second: a channel's window is a second per socket this instance holds on it.
  instance = await bed.start({ extra: { TALLY_WRITES_PER_SECOND: '1', TALLY_MAX_INTERVAL_MS: '60000' } });
});

afterAll(() => bed?.close());

const checkIn = (channel: typeof HALL | typeof ROOM, id: string): TBroadcast => ({
  tenantId: 'ten-alpha',
  channel,
  kind: 'attendee.updated',
  payload: { member: { id } },
  staff_payload: { member: { id, email: `${id}@alpha.test` } },
});

/** What a client got, one entry per socket write: a message, or the messages of a batch. */
const writes = (client: TestClient) => news(client) as (TSocketMessage | TSocketMessage[])[];

/** The member each write told a client about (staff also see the email), or the members of a batch. */
const membersBy = (client: TestClient) =>
  writes(client).map((w) =>
    Array.isArray(w)
      ? w.map((m) => (m.payload as { member: unknown }).member)
      : (w.payload as { member: unknown }).member,
  );

describe("a hall's check-ins", () => {
  it("hold a busy channel's check-ins after the first for one batch, each audience its own payloads, sent before any other message of the channel", async () => {
    const member = await bed.joined(instance, 'u-member', MEETING_JOIN, HALL);
    const staff = await bed.joined(instance, 'u-staff', MEETING_JOIN, HALL);
    // A hall of 20 sockets on this instance: its window is 20 s, far longer than this test needs.
    for (let i = 0; i < 18; i++) await bed.joined(instance, 'u-member', MEETING_JOIN, HALL);
    const handled = instance.broadcastsHandled;
    for (const id of ['a', 'b', 'c']) await bed.fakes.publishBroadcast(checkIn(HALL, id));
    // The instance has all three: the first went out at once, b and c wait for the window's end.
    await eventually(
      async () =>
        instance.broadcastsHandled - handled === 3 && news(member).length > 0 && news(staff).length > 0,
      5_000,
    );
    expect(membersBy(member)).toEqual([{ id: 'a' }]);
    expect(membersBy(staff)).toEqual([{ id: 'a', email: 'a@alpha.test' }]);

    // Any other message of the channel sends the waiting batch first.
    await bed.fakes.publishBroadcast({
      tenantId: 'ten-alpha',
      channel: HALL,
      kind: 'meeting.state',
      payload: { n: 1 },
    });
    const state = { channel: HALL, kind: 'meeting.state', payload: { n: 1 } };
    const got = (client: TestClient) =>
      writes(client).some((w) => !Array.isArray(w) && w.kind === state.kind);
    await eventually(async () => got(member) && got(staff), 5_000);
    const checkInOf = (payload: unknown) => ({ channel: HALL, kind: 'attendee.updated', payload });
    expect(writes(member)).toEqual([
      checkInOf({ member: { id: 'a' } }),
      [checkInOf({ member: { id: 'b' } }), checkInOf({ member: { id: 'c' } })],
      state,
    ]);
    expect(writes(staff)).toEqual([
      checkInOf({ member: { id: 'a', email: 'a@alpha.test' } }),
      [
        checkInOf({ member: { id: 'b', email: 'b@alpha.test' } }),
        checkInOf({ member: { id: 'c', email: 'c@alpha.test' } }),
      ],
      state,
    ]);
  });

  it('reach a quiet channel in order with nothing else sent, those held for a batch once the window ends', async () => {
    const member = await bed.joined(instance, 'u-member', SECOND_MEETING_JOIN, ROOM);
    const staff = await bed.joined(instance, 'u-staff', SECOND_MEETING_JOIN, ROOM);
    // Two sockets: a 2 s window. However the check-ins fall into windows, each is sent once, in order.
    for (const id of ['d', 'e', 'f']) await bed.fakes.publishBroadcast(checkIn(ROOM, id));
    const flat = (client: TestClient) => membersBy(client).flat();
    await eventually(async () => flat(member).length >= 3 && flat(staff).length >= 3, 10_000);
    expect(flat(member)).toEqual([{ id: 'd' }, { id: 'e' }, { id: 'f' }]);
    expect(flat(staff)).toEqual([
      { id: 'd', email: 'd@alpha.test' },
      { id: 'e', email: 'e@alpha.test' },
      { id: 'f', email: 'f@alpha.test' },
    ]);
  });
});
