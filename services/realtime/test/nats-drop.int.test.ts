import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningRealtime } from '../src/start.js';
import { MEETING_JOIN, type RealtimeTestBed, realtimeTestBed, sleep } from './support.js';

/**
 * A NATS server of this file's own (the shared one must not be restarted under other tests): started,
 * stopped and started again on the same port and store, as a NATS restart or failover does.
 */
const NATS_BIN = process.env.NATS_SERVER_BIN || 'nats-server';
let natsProcess: ChildProcess | null = null;
let natsPort = 0;
let storeDir = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startNats(): Promise<void> {
  const child = spawn(NATS_BIN, ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', storeDir], {
    stdio: 'ignore',
  });
  natsProcess = child;
  await eventually(
    () =>
      new Promise<boolean>((resolve) => {
        const probe = createServer();
        probe.once('error', () => resolve(true)); // the port is taken: the server listens
        probe.listen(natsPort, '127.0.0.1', () => probe.close(() => resolve(false)));
      }),
    10_000,
  );
}

async function stopNats(): Promise<void> {
  const child = natsProcess;
  natsProcess = null;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

let bed: RealtimeTestBed;
let rt: RunningRealtime;
const CHANNEL = 'meeting.ten-alpha-m1' as const;

beforeAll(async () => {
  natsPort = await freePort();
  storeDir = mkdtempSync(join(tmpdir(), 'gavel-rt-nats-'));
  await startNats();
  // The fakes and the instance on this file's NATS; everything else (Redis, sessions) as usual.
  const natsUrl = `nats://127.0.0.1:${natsPort}`;
  bed = await realtimeTestBed({ natsUrl });
  rt = await bed.start({ extra: { NATS_URL: natsUrl } });
});

afterAll(async () => {
  await bed?.close();
  await stopNats();
  if (storeDir) rmSync(storeDir, { recursive: true, force: true });
});

describe('NATS drops', () => {
  it("tells the instance's clients to refetch once it is back on NATS (what came meanwhile may be lost)", async () => {
    const member = await bed.joined(rt, 'u-member', MEETING_JOIN, CHANNEL);
    await eventually(async () => member.messages.length === 1); // the join's refresh
    member.messages.length = 0;

    await stopNats();
    await sleep(300);
    expect(member.socket.connected).toBe(true); // the socket itself never noticed
    await startNats();

    await eventually(async () => member.messages.length > 0, 15_000);
    await sleep(200);
    expect(member.messages).toEqual([{ channel: CHANNEL, kind: 'refresh', payload: { target: 'all' } }]);
  });
});
