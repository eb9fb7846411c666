import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENTS } from '@gavel/contracts';
import { streamName } from '@gavel/service-kit';
import * as kitTesting from '@gavel/service-kit/testing';
import { eventually, freePort, ServiceProcess } from '@gavel/test-kit';
import { DiscardPolicy, type JetStreamManager, jetstreamManager } from '@nats-io/jetstream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './helpers.js';
import { type Harness, newWorld, outboxDrained, startHarness } from './support.js';

/**
 * The voting service as its own process, killed with SIGKILL between committing a change and publishing
 * its event: once it runs again the event arrives, exactly once.
 */

const entry = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'main.js');

let h: Harness;
let jsm: JetStreamManager;
let db: pg.Client;
beforeAll(async () => {
  h = await startHarness();
  jsm = await jetstreamManager(h.nc);
  db = new pg.Client({ connectionString: h.vars.DATABASE_URL });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await h?.stop();
});

/** The stream refuses new messages (as when JetStream is unavailable), or accepts them again. */
async function refusePublishing(refuse: boolean): Promise<void> {
  const name = streamName(h.env.prefix);
  const { config, state } = await jsm.streams.info(name);
  await jsm.streams.update(name, {
    ...config,
    max_msgs: refuse ? state.messages : -1,
    discard: refuse ? DiscardPolicy.New : DiscardPolicy.Old,
  });
}

const pendingOutbox = async (motionId: string) =>
  (
    await db.query(
      `SELECT id FROM voting.gavel_outbox WHERE published_at IS NULL AND subject = $1 AND payload->'motion'->>'id' = $2`,
      [EVENTS.voting.motionCreated, motionId],
    )
  ).rowCount;

const createdEvents = async (motionId: string) =>
  (
    await kitTesting.streamEvents<{ motion: { id: string } }>(
      { prefix: h.env.prefix, jsm },
      EVENTS.voting.motionCreated,
    )
  ).filter((e) => e.payload.motion.id === motionId);

/** Runs `during` with the voting service as its own process instead of in this one; the process is killed. */
async function asKilledProcess(during: (voting: ServiceProcess) => Promise<void>): Promise<void> {
  await h.restart(async () => {
    const voting = new ServiceProcess('voting', entry, h.vars, await freePort());
    await voting.start();
    try {
      await during(voting);
    } finally {
      await voting.kill();
    }
  });
}

describe('a voting service killed between commit and publish', () => {
  it('publishes the committed change once it runs again', async () => {
    const w = await newWorld(h);
    let motionId = '';
    await asKilledProcess(async (voting) => {
      await refusePublishing(true);
      const { motion } = await api(h, w).create(w.runner, { name: 'Committed, then killed' });
      motionId = motion.id;
      // Committed with its outbox row; the publisher keeps failing until the process dies.
      expect(await pendingOutbox(motionId)).toBe(1);
      await voting.kill();
      await refusePublishing(false);
      expect(await createdEvents(motionId)).toHaveLength(0);
    });
    await outboxDrained(h);
    expect(await pendingOutbox(motionId)).toBe(0);
    await eventually(async () => (await createdEvents(motionId)).length === 1, 5000);
  });

  it('publishes an event sent but not yet marked only once', async () => {
    const w = await newWorld(h);
    let motionId = '';
    const locker = new pg.Client({ connectionString: h.vars.DATABASE_URL });
    await locker.connect();
    try {
      await asKilledProcess(async (voting) => {
        await refusePublishing(true);
        const { motion } = await api(h, w).create(w.runner, { name: 'Sent, then killed' });
        motionId = motion.id;
        // SHARE blocks the publisher's UPDATE that marks rows sent, not its SELECT ... FOR UPDATE.
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE voting.gavel_outbox IN SHARE MODE');
        await refusePublishing(false);
        // The publisher sends the event, then waits to mark it: the moment to die.
        await eventually(async () => (await createdEvents(motionId)).length === 1, 10_000);
        await voting.kill();
        await locker.query('COMMIT');
        expect(await pendingOutbox(motionId)).toBe(1);
      });
    } finally {
      await locker.end();
    }
    // Started again, it sends the row once more under the same message id; JetStream keeps one.
    await outboxDrained(h);
    expect(await pendingOutbox(motionId)).toBe(0);
    expect(await createdEvents(motionId)).toHaveLength(1);
  });
});
