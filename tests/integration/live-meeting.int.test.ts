import { join } from 'node:path';
import { SOCKET_EVENT, SOCKET_JOIN, type TJoinAck, type TSocketMessage } from '@gavel/contracts';
import { IDENTITY_SCHEMA, PrismaClient } from '@gavel/identity/db';
import { createIdentityServices } from '@gavel/identity/services';
import { createPrismaClient, directOutbox } from '@gavel/service-kit';
import { eventually, freePort, ServiceProcess, type TestEnvironment, testEnvironment } from '@gavel/test-kit';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, root, run } from './support.js';

/**
 * A live meeting across the real processes, as `npm run up` runs them: identity, committees, meetings,
 * voting, realtime and the gateway from their builds, on this file's own database, subject prefix and
 * Redis prefix. The services' own suites stand in for their neighbours; here each asks the real one:
 * realtime asks meetings who may join a room, voting learns check-ins from meetings' events, meetings asks
 * voting who has voted, and every call goes through the gateway as a browser's would.
 */

interface Member {
  user_id: string;
  is_voting: boolean;
  voting_status?: string | null;
}
interface AttendanceUser {
  id: string;
  email?: string;
  username?: string | null;
  nrds?: string | null;
}

const MEETING = `LIVE${Date.now().toString(36).toUpperCase()}`;
const BASE = `/api/meeting/FIN/${MEETING}`;
const ADMIN_BASE = `/api/admin/committee/FIN/meeting/${MEETING}`;
const OUTSIDER = { email: 'outsider@demo.gavel.test', password: 'outsider-password' };

/** One socket.io client through the gateway, with the messages it received (batches flattened). */
class Listener {
  readonly messages: TSocketMessage[] = [];
  private constructor(readonly socket: Socket) {
    socket.on(SOCKET_EVENT, (message: TSocketMessage | TSocketMessage[]) => {
      this.messages.push(...(Array.isArray(message) ? message : [message]));
    });
  }

  static async open(browser: Browser, port: number): Promise<Listener> {
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const socket = io(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie, host: browser.host },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return new Listener(socket);
  }

  join(): Promise<TJoinAck> {
    return this.socket
      .timeout(10_000)
      .emitWithAck(SOCKET_JOIN, { type: 'meeting', committee_code: 'FIN', meeting_code: MEETING });
  }

  of(kind: TSocketMessage['kind']): TSocketMessage[] {
    return this.messages.filter((m) => m.kind === kind);
  }
}

describe('a live meeting across meetings, voting and realtime, as separate processes', () => {
  let env: TestEnvironment;
  const processes: ServiceProcess[] = [];
  let httpPort = 0;
  const listeners: Listener[] = [];
  const admin = () => new Browser(() => httpPort, `localhost:${httpPort}`);

  beforeAll(async () => {
    env = await testEnvironment();
    httpPort = await freePort();
    const socketPort = await freePort();
    const service = async (name: string, extra: Record<string, string> = {}) => {
      const started = new ServiceProcess(
        name,
        join(root, `services/${name}/dist/main.js`),
        env.env(extra),
        await freePort(),
      );
      processes.push(started);
      return started;
    };
    // In `npm run up`'s order: each seed runs once the services it asks are ready.
    await run('services/identity/dist/seed.js', env.env());
    await (await service('identity')).start();
    await run('services/committees/dist/seed.js', env.env());
    await (await service('committees')).start();
    await run('services/meetings/dist/seed.js', env.env());
    await (await service('meetings')).start();
    await (await service('voting')).start();
    await (await service('realtime', { SOCKET_PORT: String(socketPort) })).start();
    await (
      await service('gateway', {
        HTTP_PORT: String(httpPort),
        HOST: '127.0.0.1',
        REALTIME_URLS: `http://127.0.0.1:${socketPort}`,
      })
    ).start();

    // A user of the demo association who is on no committee and holds no permission.
    const prisma = createPrismaClient(PrismaClient, {
      connectionString: env.db.url,
      schema: IDENTITY_SCHEMA,
    });
    try {
      const identity = createIdentityServices(prisma, directOutbox(IDENTITY_SCHEMA));
      const demo = await identity.tenants.resolve('localhost');
      if (!demo) throw new Error('the identity seed made no demo association');
      await identity.users.create(demo.id, { first_name: 'Out', last_name: 'Sider', ...OUTSIDER });
    } finally {
      await prisma.$disconnect();
    }

    const setup = admin();
    expect((await setup.signIn('admin@demo.gavel.test', 'gavel-demo')).status).toBe(200);
    const now = Date.now();
    const created = await setup.call('POST', '/api/admin/committee/FIN/meeting', {
      code: MEETING,
      name: `Live meeting ${MEETING}`,
      start: new Date(now - 60_000).toISOString(),
      end: new Date(now + 3 * 3600_000).toISOString(),
      allow_in_person: true,
      show_motions: true,
      in_meeting_voting: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
  }, 240_000);

  afterAll(async () => {
    for (const listener of listeners) listener.socket.close();
    for (const p of [...processes].reverse()) await p.stop();
    await env?.cleanup();
  });

  it('runs a vote: rooms joined by who may see the meeting, check-ins reach voting, a cast reaches the runner’s list and every socket', async () => {
    const runner = admin();
    expect((await runner.signIn('runner@demo.gavel.test', 'gavel-demo')).status).toBe(200);
    const member = admin();
    expect((await member.signIn('member1@demo.gavel.test', 'gavel-demo')).status).toBe(200);
    const outsider = admin();
    expect((await outsider.signIn(OUTSIDER.email, OUTSIDER.password)).status).toBe(200);

    // Realtime asks meetings: the committee's member and the runner join, a user of no committee does not.
    const runnerSocket = await Listener.open(runner, httpPort);
    const memberSocket = await Listener.open(member, httpPort);
    const outsiderSocket = await Listener.open(outsider, httpPort);
    listeners.push(runnerSocket, memberSocket, outsiderSocket);
    expect(await runnerSocket.join()).toMatchObject({ ok: true });
    expect(await memberSocket.join()).toMatchObject({ ok: true });
    expect(await outsiderSocket.join()).toMatchObject({ ok: false });

    const started = await runner.call('PUT', `${ADMIN_BASE}/start`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);

    // The runner checks the voting members in; the room hears each check-in, with email, username and
    // nrds only on the runner's socket (staff), never on the member's.
    const list = (await runner.call('GET', `${BASE}/retrieve/attendance`)).body as unknown as {
      members: Member[];
    };
    const voters = list.members.filter((m) => m.is_voting);
    expect(voters.length).toBeGreaterThanOrEqual(7);
    for (const m of voters) {
      const checkIn = await runner.call('POST', `${BASE}/user/${m.user_id}/attendance`, {
        attending_via: 'in_person',
      });
      expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(200);
    }
    const usersIn = (listener: Listener) =>
      listener
        .of('attendee.added')
        .concat(listener.of('attendee.updated'))
        .map((m) => (m.payload as { user: AttendanceUser }).user);
    await eventually(async () => usersIn(memberSocket).length >= voters.length, 15_000);
    await eventually(async () => usersIn(runnerSocket).length >= voters.length, 15_000);
    for (const user of usersIn(memberSocket)) {
      expect(user).not.toHaveProperty('email');
      expect(user).not.toHaveProperty('username');
      expect(user).not.toHaveProperty('nrds');
    }
    expect(usersIn(runnerSocket).every((user) => typeof user.email === 'string')).toBe(true);
    expect(outsiderSocket.messages).toEqual([]);

    const motion = await runner.call('POST', `${ADMIN_BASE}/motion`, { name: 'Adopt the budget' });
    expect(motion.status, JSON.stringify(motion.body)).toBe(200);
    const motionId = (motion.body as unknown as { motion: { id: string } }).motion.id;

    // Voting counts the quorum from meetings' check-in events: the start waits until they arrived.
    const voteId = await eventually(async () => {
      const start = await runner.call('PUT', `${ADMIN_BASE}/motion/${motionId}/vote`, {});
      return start.status === 200 ? (start.body as unknown as { vote: { id: string } }).vote.id : null;
    }, 15_000);

    const memberId = (await member.call('GET', '/api/me')).body as unknown as { user: { id: string } };
    const cast = await member.call('POST', `${ADMIN_BASE}/motion/${motionId}/vote/${voteId}/response`, {
      vote: 'in_favor',
    });
    expect(cast.status, JSON.stringify(cast.body)).toBe(200);

    // Meetings asks voting who has voted: the runner's list marks the member who cast, and no one else.
    await eventually(async () => {
      const after = (await runner.call('GET', `${BASE}/retrieve/attendance`)).body as unknown as {
        members: Member[];
      };
      const statuses = new Map(
        after.members.filter((m) => m.is_voting).map((m) => [m.user_id, m.voting_status]),
      );
      if (statuses.get(memberId.user.id) !== 'voted') return false;
      statuses.delete(memberId.user.id);
      return [...statuses.values()].every((s) => s === 'no_vote');
    }, 15_000);

    // Closed, the result reaches the member's socket: the vote no longer active, one vote in favour.
    const closed = await runner.call('PUT', `${ADMIN_BASE}/motion/${motionId}/vote/${voteId}/close`);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const final = await eventually(
      async () =>
        memberSocket
          .of('vote.updated')
          .map((m) => (m.payload as { vote?: { id: string; is_active: boolean; outcome?: unknown } }).vote)
          .find((vote) => vote?.id === voteId && vote.is_active === false && vote.outcome != null) ?? null,
      15_000,
    );
    expect(final?.outcome).toEqual(expect.arrayContaining([expect.objectContaining({ count: 1 })]));
    expect(outsiderSocket.messages).toEqual([]);
  }, 120_000);
});
