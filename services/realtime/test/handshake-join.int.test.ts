import { SUBJECTS } from '@gavel/contracts';
import { newToken } from '@gavel/service-kit';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSALS } from '../src/auth.js';
import { JOIN_LIMIT, JOIN_MESSAGES } from '../src/join.js';
import type { RunningRealtime } from '../src/start.js';
import {
  BETA,
  type ConnectOptions,
  connectClient,
  MEETING_JOIN,
  type RealtimeTestBed,
  realtimeTestBed,
  SECOND_MEETING_JOIN,
  VOTE_JOIN,
} from './support.js';

let bed: RealtimeTestBed;
let rt: RunningRealtime;

const client = (opts: ConnectOptions) => bed.connect(rt.port, opts);

beforeAll(async () => {
  bed = await realtimeTestBed();
  rt = await bed.start();
});

afterAll(() => bed?.close());

describe('handshake', () => {
  it('refuses a connection without a session, saying why', async () => {
    const err = await connectClient(rt.port, { token: null }).catch((e: Error & { data?: unknown }) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe(REFUSALS.unauthenticated);
    expect((err as { data?: unknown }).data).toEqual({
      code: 'unauthenticated',
      message: REFUSALS.unauthenticated,
    });
  });

  it('refuses an unknown or expired session token', async () => {
    const err = await connectClient(rt.port, { token: 'A'.repeat(43) }).catch((e: Error) => e);
    expect((err as Error).message).toBe(REFUSALS.unauthenticated);
  });

  it('refuses a session past its absolute end however recently used, and deletes it', async () => {
    const iso = (agoMs: number) => new Date(Date.now() - agoMs).toISOString();
    const hour = 3600_000;
    // Ended a second ago (the gateway's SESSION_MAX_AGE_SECONDS), or signed in 8 days ago before sessions
    // had an end (the default maximum age, 7 days): both still in Redis, as after a recent use.
    for (const ended of [
      { createdAt: iso(2 * hour), expiresAt: iso(1000) },
      { createdAt: iso(8 * 24 * hour) },
    ]) {
      const token = newToken();
      const key = bed.sessions.key(token);
      await bed.redis.set(
        key,
        JSON.stringify({ userId: 'u-member', tenantId: 'ten-alpha', ...ended }),
        'EX',
        600,
      );
      const err = await connectClient(rt.port, { token }).catch((e: Error) => e);
      expect((err as Error).message).toBe(REFUSALS.unauthenticated);
      expect(await bed.redis.exists(key)).toBe(0);
    }
  });

  it("refuses a session of another tenant (its cookie sent to the other association's host)", async () => {
    const token = await bed.sessions.create('u-member', 'ten-alpha');
    const err = await connectClient(rt.port, { token, host: 'beta.test' }).catch((e: Error) => e);
    expect((err as Error).message).toBe(REFUSALS.unauthenticated);
  });

  it('refuses an unknown host and a cross-site origin', async () => {
    const token = await bed.sessions.create('u-member', 'ten-alpha');
    const unknown = await connectClient(rt.port, { token, host: 'nowhere.test' }).catch((e: Error) => e);
    expect((unknown as Error).message).toBe(REFUSALS.unknownHost);
    const cross = await connectClient(rt.port, { token, origin: 'https://evil.test' }).catch((e: Error) => e);
    expect((cross as Error).message).toBe(REFUSALS.crossSite);
  });

  it('accepts a live session on its own host (same-origin Origin allowed)', async () => {
    const token = await bed.sessions.create('u-member', 'ten-alpha');
    const c = await client({ token, origin: 'http://alpha.test:8080' });
    expect(c.socket.connected).toBe(true);
  });
});

describe('join', () => {
  it('joins a meeting channel the meetings service allows, with the caller context, then asks for a refresh', async () => {
    const token = await bed.sessions.create('u-staff', 'ten-alpha');
    const c = await client({ token });
    const ack = await c.join(MEETING_JOIN);
    expect(ack).toEqual({ ok: true, channel: 'meeting.ten-alpha-m1' });
    const call = bed.fakes.callsTo(SUBJECTS.meetings.channelAccess).at(-1);
    expect(call?.input).toEqual({ committee_code: 'FIN', meeting_code: 'M1' });
    expect(call?.ctx).toMatchObject({ tenantId: 'ten-alpha', userId: 'u-staff' });
    await eventually(async () => c.messages.length > 0);
    expect(c.messages[0]).toEqual({
      channel: 'meeting.ten-alpha-m1',
      kind: 'refresh',
      payload: { target: 'all' },
    });
    const sockets = await rt.io.in('ten-alpha:meeting.ten-alpha-m1:staff').fetchSockets();
    expect(sockets.map((s) => s.id)).toContain(c.socket.id);
  });

  it('joins a vote channel through the voting service', async () => {
    const token = await bed.sessions.create('u-member', 'ten-alpha');
    const c = await client({ token });
    expect(await c.join(VOTE_JOIN)).toEqual({ ok: true, channel: 'vote.ten-alpha-v1' });
    expect(bed.fakes.callsTo(SUBJECTS.voting.channelAccess).at(-1)?.input).toEqual({
      committee_code: 'FIN',
      vote_code: 'V1',
    });
  });

  it("refuses a join the owning service refuses, with the service's message, and joins no room", async () => {
    const token = await bed.sessions.create('u-outsider', 'ten-alpha');
    const c = await client({ token });
    expect(await c.join(MEETING_JOIN)).toEqual({ ok: false, message: 'You may not follow this meeting.' });
    expect(await c.join({ ...MEETING_JOIN, meeting_code: 'NOPE' })).toEqual({
      ok: false,
      message: 'No such meeting.',
    });
    const sockets = await rt.io.in('ten-alpha:meeting.ten-alpha-m1').fetchSockets();
    expect(sockets.map((s) => s.id)).not.toContain(c.socket.id);
  });

  it('refuses a malformed join request', async () => {
    const token = await bed.sessions.create('u-member', 'ten-alpha');
    const c = await client({ token });
    expect(await c.join({ type: 'meeting' } as never)).toEqual({
      ok: false,
      message: 'Invalid join request.',
    });
  });

  it('refuses codes no committee, meeting or vote can have (a NUL, too long) without asking any service', async () => {
    const token = await bed.sessions.create('u-member', 'ten-alpha');
    const c = await client({ token });
    const asked = () =>
      bed.fakes.callsTo(SUBJECTS.meetings.channelAccess).length +
      bed.fakes.callsTo(SUBJECTS.voting.channelAccess).length;
    const before = asked();
    const refused = { ok: false, message: JOIN_MESSAGES.invalid };
    expect(await c.join({ ...MEETING_JOIN, meeting_code: 'M1\u0000' })).toEqual(refused);
    expect(await c.join({ ...MEETING_JOIN, committee_code: 'FIN\u0000' })).toEqual(refused);
    expect(await c.join({ ...VOTE_JOIN, vote_code: 'V1\u0000' })).toEqual(refused);
    expect(await c.join({ ...MEETING_JOIN, meeting_code: 'M'.repeat(21) })).toEqual(refused);
    expect(await c.join({ ...VOTE_JOIN, committee_code: 'F'.repeat(10_000) })).toEqual(refused);
    expect(await c.join({ ...MEETING_JOIN, meeting_code: 'M1/../M2' })).toEqual(refused);
    expect(asked()).toBe(before);
    expect(c.socket.connected).toBe(true);
  });

  it('answers a join or leave sent without a payload (or with a bad one) with an error ack', async () => {
    const token = await bed.sessions.create('u-member', 'ten-alpha');
    const c = await client({ token });
    const ask = (event: string, ...args: unknown[]) => c.socket.timeout(2_000).emitWithAck(event, ...args);
    expect(await ask('join')).toEqual({ ok: false, message: JOIN_MESSAGES.invalid });
    expect(await ask('join', 'meeting.x')).toEqual({ ok: false, message: JOIN_MESSAGES.invalid });
    expect(await ask('leave')).toEqual({ ok: false, message: JOIN_MESSAGES.invalidLeave });
    expect(await ask('leave', { channel: 'not a channel' })).toEqual({
      ok: false,
      message: JOIN_MESSAGES.invalidLeave,
    });
    expect(c.socket.connected).toBe(true);
  });

  it("keeps tenants apart: a beta session joins beta's channel, never alpha's", async () => {
    const token = await bed.sessions.create('u-beta', BETA.id);
    const c = await client({ token, host: 'beta.test' });
    const ack = await c.join(MEETING_JOIN);
    expect(ack).toEqual({ ok: true, channel: `meeting.${BETA.id}-m1` });
    expect(bed.fakes.callsTo(SUBJECTS.meetings.channelAccess).at(-1)?.ctx.tenantId).toBe(BETA.id);
    const rooms = [...((await rt.io.in(c.socket.id as string).fetchSockets())[0]?.rooms ?? [])];
    expect(rooms.filter((r) => r.includes('alpha'))).toEqual([]);
    expect(rooms.every((r) => r === c.socket.id || r.startsWith(`${BETA.id}:`))).toBe(true);
  });

  it('stops joining once the session is signed out', async () => {
    const token = await bed.sessions.create('u-member', 'ten-alpha');
    const c = await client({ token });
    await bed.sessions.destroy(token);
    expect(await c.join(MEETING_JOIN)).toEqual({ ok: false, message: REFUSALS.unauthenticated });
  });

  it('limits how often one socket may ask to join', async () => {
    const token = await bed.sessions.create('u-member', 'ten-alpha');
    const c = await client({ token });
    const acks = await Promise.all(Array.from({ length: JOIN_LIMIT.max + 3 }, () => c.join(MEETING_JOIN)));
    expect(acks.filter((a) => a.ok)).toHaveLength(JOIN_LIMIT.max);
    expect(acks.filter((a) => !a.ok)).toEqual(
      Array.from({ length: 3 }, () => ({ ok: false, message: JOIN_MESSAGES.tooOften })),
    );
  });

  it('keeps to the channel limit when joins for different channels arrive at once', async () => {
    const capped = await bed.start({ extra: { MAX_CHANNELS_PER_SOCKET: '5' } });
    const token = await bed.sessions.create('u-member', 'ten-alpha');
    const c = await bed.connect(capped.port, { token });
    // JOIN_LIMIT.max joins, all sent before the first is answered.
    const acks = await Promise.all(
      Array.from({ length: JOIN_LIMIT.max }, (_, i) =>
        c.join({ ...MEETING_JOIN, meeting_code: `M${i + 1}` }),
      ),
    );
    expect(acks.filter((a) => a.ok)).toHaveLength(5);
    expect(acks.filter((a) => !a.ok)).toEqual(
      Array.from({ length: JOIN_LIMIT.max - 5 }, () => ({ ok: false, message: JOIN_MESSAGES.tooMany })),
    );
    const rooms = (await capped.io.in(c.socket.id as string).fetchSockets())[0]?.rooms ?? [];
    const channels = [...rooms].filter((r) => /^ten-alpha:meeting\.[^:]+$/.test(r));
    expect(channels).toHaveLength(5);
    // A refused join took no place: the socket follows exactly the channels its accepted joins named.
    expect(channels.sort()).toEqual(acks.flatMap((a) => (a.ok ? [`ten-alpha:${a.channel}`] : [])).sort());
  });

  it('refuses a join beyond the channels one connection may follow, and keeps the ones it follows', async () => {
    const capped = await bed.start({ extra: { MAX_CHANNELS_PER_SOCKET: '2' } });
    const token = await bed.sessions.create('u-member', 'ten-alpha');
    const c = await bed.connect(capped.port, { token });
    expect(await c.join(MEETING_JOIN)).toEqual({ ok: true, channel: 'meeting.ten-alpha-m1' });
    expect(await c.join(VOTE_JOIN)).toEqual({ ok: true, channel: 'vote.ten-alpha-v1' });
    expect(await c.join(SECOND_MEETING_JOIN)).toEqual({ ok: false, message: JOIN_MESSAGES.tooMany });
    // Joining again a channel it follows takes no further place.
    expect(await c.join(VOTE_JOIN)).toEqual({ ok: true, channel: 'vote.ten-alpha-v1' });
    const rooms = async () => [
      ...((await capped.io.in(c.socket.id as string).fetchSockets())[0]?.rooms ?? []),
    ];
    expect(await rooms()).toEqual(
      expect.arrayContaining(['ten-alpha:meeting.ten-alpha-m1', 'ten-alpha:vote.ten-alpha-v1']),
    );
    expect(await rooms()).not.toContain('ten-alpha:meeting.ten-alpha-m2');

    // A channel left makes room for another.
    expect(await c.socket.timeout(5000).emitWithAck('leave', { channel: 'vote.ten-alpha-v1' })).toEqual({
      ok: true,
    });
    expect(await c.join(SECOND_MEETING_JOIN)).toEqual({ ok: true, channel: 'meeting.ten-alpha-m2' });
    expect(await rooms()).toContain('ten-alpha:meeting.ten-alpha-m2');
  });

  it('leaves a channel', async () => {
    const token = await bed.sessions.create('u-member', 'ten-alpha');
    const c = await client({ token });
    await c.join(MEETING_JOIN);
    expect(await c.socket.timeout(5000).emitWithAck('leave', { channel: 'meeting.ten-alpha-m1' })).toEqual({
      ok: true,
    });
    const sockets = await rt.io.in('ten-alpha:meeting.ten-alpha-m1').fetchSockets();
    expect(sockets.map((s) => s.id)).not.toContain(c.socket.id);
  });
});

describe('health', () => {
  it('is ready when NATS and Redis answer, and serves metrics', async () => {
    const ready = await fetch(`http://127.0.0.1:${rt.health.port}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ checks: { nats: 'ok', redis: 'ok' } });
    const metrics = await (await fetch(`http://127.0.0.1:${rt.health.port}/metrics`)).text();
    expect(metrics).toMatch(/gavel_realtime_connected_sockets \d+/);
    expect(metrics).toContain('gavel_realtime_joins_total');
  });
});
