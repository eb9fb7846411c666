import type { TBroadcast } from '@gavel/contracts';
import { describe, expect, it } from 'vitest';
import { channelOfRoom, fanOut, fanOutBatch, roomsFor, userRoom } from './rooms.js';

/** A fake io recording which rooms (minus exceptions) each emit targets. */
function recorder() {
  const emits: { to: string; except: string[]; payload: unknown }[] = [];
  const operator = (to: string, except: string[]) => ({
    except: (rooms: string | string[]) => operator(to, [...except, ...([] as string[]).concat(rooms)]),
    emit: (_event: string, message: { payload: unknown } | { payload: unknown }[]) => {
      const payload = Array.isArray(message) ? message.map((m) => m.payload) : message.payload;
      emits.push({ to, except, payload });
      return true;
    },
  });
  // biome-ignore lint/suspicious/noExplicitAny: a structural stand-in for socket.io's BroadcastOperator
  const io = { to: (room: string) => operator(room, []) } as any;
  return { io, emits };
}

/** Which payload a socket in `rooms` receives, given the recorded emits. */
function received(emits: ReturnType<typeof recorder>['emits'], rooms: string[]): unknown[] {
  return emits
    .filter((e) => rooms.includes(e.to) && !e.except.some((r) => rooms.includes(r)))
    .map((e) => e.payload);
}

const base: TBroadcast = {
  tenantId: 't1',
  channel: 'meeting.m1',
  kind: 'attendee.updated',
  payload: { id: 'a', email: 'leak@x.test' },
};

describe('roomsFor', () => {
  it('puts staff, runners and both in their rooms, tenant first', () => {
    expect(roomsFor('t1', { channel: 'vote.v', staff: false, runner: false })).toEqual(['t1:vote.v']);
    expect(roomsFor('t1', { channel: 'vote.v', staff: true, runner: true })).toEqual([
      't1:vote.v',
      't1:vote.v:staff',
      't1:vote.v:runners',
      't1:vote.v:runners:staff',
    ]);
  });
});

describe('fanOut', () => {
  const member = roomsFor('t1', { channel: 'meeting.m1', staff: false, runner: false });
  const staff = roomsFor('t1', { channel: 'meeting.m1', staff: true, runner: false });
  const runner = roomsFor('t1', { channel: 'meeting.m1', staff: false, runner: true });
  const both = roomsFor('t1', { channel: 'meeting.m1', staff: true, runner: true });

  it('gives each audience exactly one message, the most complete it may see', () => {
    const { io, emits } = recorder();
    fanOut(io, {
      ...base,
      staff_payload: { id: 'a', email: 'a@x.test', who: 'staff' },
      runner_payload: { id: 'a', email: 'a@x.test', who: 'runner' },
    });
    expect(received(emits, member)).toEqual([{ id: 'a' }]);
    expect(received(emits, staff)).toEqual([{ id: 'a', email: 'a@x.test', who: 'staff' }]);
    expect(received(emits, runner)).toEqual([{ id: 'a', who: 'runner' }]);
    expect(received(emits, both)).toEqual([{ id: 'a', email: 'a@x.test', who: 'runner' }]);
  });

  it('sends the staff payload to staff runners when there is no runner payload', () => {
    const { io, emits } = recorder();
    fanOut(io, { ...base, staff_payload: { id: 'a', email: 'a@x.test' } });
    expect(received(emits, both)).toEqual([{ id: 'a', email: 'a@x.test' }]);
    expect(received(emits, runner)).toEqual([{ id: 'a' }]);
    expect(received(emits, member)).toEqual([{ id: 'a' }]);
  });

  it('sends the payload to everyone when there is nothing else', () => {
    const { io, emits } = recorder();
    fanOut(io, { ...base, payload: { n: 1 } });
    for (const rooms of [member, staff, runner, both]) expect(received(emits, rooms)).toEqual([{ n: 1 }]);
  });

  it("sends a user's own message to that user's sockets only", () => {
    const { io, emits } = recorder();
    fanOut(io, { ...base, kind: 'response', payload: { response: 'in_favor' }, user_id: 'u1' });
    expect(received(emits, [...member, userRoom('t1', 'u1')])).toEqual([{ response: 'in_favor' }]);
    for (const rooms of [member, staff, runner, both, [userRoom('t1', 'u2')], [userRoom('t2', 'u1')]]) {
      expect(received(emits, rooms)).toEqual([]);
    }
  });
});

describe('fanOutBatch', () => {
  const member = roomsFor('t1', { channel: 'meeting.m1', staff: false, runner: false });
  const staff = roomsFor('t1', { channel: 'meeting.m1', staff: true, runner: false });
  const runner = roomsFor('t1', { channel: 'meeting.m1', staff: false, runner: true });

  it('sends each audience one array, in order: staff payloads to staff, redacted ones to the rest', () => {
    const { io, emits } = recorder();
    fanOutBatch(io, [
      { ...base, staff_payload: { id: 'a', email: 'a@x.test' } },
      { ...base, kind: 'rsvp.deleted', payload: { id: 'b', nrds: '123' } },
    ]);
    expect(received(emits, staff)).toEqual([[{ id: 'a', email: 'a@x.test' }, { id: 'b' }]]);
    expect(received(emits, member)).toEqual([[{ id: 'a' }, { id: 'b' }]]);
    expect(received(emits, runner)).toEqual([[{ id: 'a' }, { id: 'b' }]]);
  });

  it('sends one array to everyone when no message has a staff payload', () => {
    const { io, emits } = recorder();
    fanOutBatch(io, [base, { ...base, payload: { id: 'b' } }]);
    expect(emits).toHaveLength(1);
    for (const rooms of [member, staff, runner])
      expect(received(emits, rooms)).toEqual([[{ id: 'a' }, { id: 'b' }]]);
  });
});

describe('channelOfRoom', () => {
  it("names the channel of a base room only (not staff, runner, user or a socket's own room)", () => {
    expect(channelOfRoom('t1:meeting.m1')).toBe('meeting.m1');
    expect(channelOfRoom('t1:vote.v1')).toBe('vote.v1');
    for (const room of [
      't1:meeting.m1:staff',
      't1:vote.v1:runners:staff',
      't1:user:u1',
      'AbC-dEf_123',
      ':meeting.m1',
    ]) {
      expect(channelOfRoom(room)).toBeNull();
    }
  });
});
