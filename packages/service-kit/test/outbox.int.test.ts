import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, type TestEnvironment, testEnvironment } from '@gavel/test-kit';
import { type JetStreamClient, type JetStreamManager, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type ConsumerOptions,
  ensureEventStream,
  type RunningConsumer,
  startConsumer,
} from '../src/events.js';
import { registry } from '../src/metrics.js';
import { migrate } from '../src/migrate.js';
import { enqueueEvent, enqueueEvents, MAX_EVENT_BYTES, OutboxPublisher } from '../src/outbox.js';
import type { RawSql } from '../src/prisma.js';
import { prefixed } from '../src/subjects.js';
import { pgDatabase } from './pg-client.js';

const SCHEMA = 'kit_outbox';
const SUBJECT = 'evt.kit.thing.created';
const ZThing = z.object({ n: z.number() });
const logger = pino({ level: 'silent' });

describe('transactional outbox and idempotent consumer', () => {
  let env: TestEnvironment;
  let pool: pg.Pool;
  let nc: NatsConnection;
  let js: JetStreamClient;
  let jsm: JetStreamManager;
  let stream: string;
  const consumers: RunningConsumer[] = [];

  const publisher = () =>
    new OutboxPublisher({
      connectionString: env.db.url,
      schema: SCHEMA,
      js,
      prefix: env.prefix,
      logger,
      pollMs: 100,
    });

  const enqueue = (n: number) =>
    pgDatabase(pool).$transaction((tx) => enqueueEvent(tx, SCHEMA, SUBJECT, ZThing, { n }));

  /** A durable consumer of `subject` on this file's stream, stopped after the file. */
  const consume = async (
    durable: string,
    subject: string,
    handle: ConsumerOptions<RawSql, typeof ZThing>['handle'],
    options: Pick<ConsumerOptions<RawSql, typeof ZThing>, 'ordered' | 'maxDeliver'> = {},
  ) => {
    consumers.push(
      await startConsumer({
        ...options,
        js,
        jsm,
        prefix: env.prefix,
        durable,
        subjects: [subject],
        payload: ZThing,
        db: pgDatabase(pool),
        schema: SCHEMA,
        logger,
        handle,
      }),
    );
  };

  const unpublished = async () =>
    Number(
      (await pool.query(`SELECT count(*) FROM ${SCHEMA}.gavel_outbox WHERE published_at IS NULL`)).rows[0]
        .count,
    );

  beforeAll(async () => {
    env = await testEnvironment();
    await migrate({
      connectionString: env.db.url,
      schema: SCHEMA,
      migrationsDir: mkdtempSync(join(tmpdir(), 'none-')),
    });
    pool = new pg.Pool({ connectionString: env.db.url });
    nc = await connect({ servers: env.infra.natsUrl });
    js = jetstream(nc);
    jsm = await jetstreamManager(nc);
    stream = await ensureEventStream(jsm, env.prefix);
  });

  afterAll(async () => {
    for (const c of consumers) await c.stop();
    await nc?.close();
    await pool?.end();
    await env?.cleanup();
  });

  it('creates the event stream with the replicas it is given (a single server refuses more than 1)', async () => {
    expect((await jsm.streams.info(stream)).config.num_replicas).toBe(1);
    await expect(ensureEventStream(jsm, `${env.prefix}_r3`, 3)).rejects.toThrow(/replicas/i);
  });

  it('delivers every event exactly once across a crash after publish and a publisher restart', async () => {
    const first = await enqueue(1);
    await enqueue(2);
    await enqueue(3);
    // A publisher that died after publishing row 1 but before marking it published.
    await js.publish(prefixed(env.prefix, SUBJECT), JSON.stringify({ n: 1 }), { msgID: first });

    const a = publisher();
    await a.start();
    await eventually(async () => (await unpublished()) === 0);
    await a.stop();

    // Written while no publisher runs; the restarted one picks them up.
    await enqueue(4);
    await enqueue(5);
    expect(await unpublished()).toBe(2);
    const b = publisher();
    await b.start();
    await eventually(async () => (await unpublished()) === 0);
    await b.stop();

    const info = await jsm.streams.info(stream);
    expect(info.state.messages).toBe(5);

    const seen: number[] = [];
    await consume('kit-test-all', SUBJECT, async ({ payload }) => {
      seen.push(payload.n);
    });
    await eventually(async () => seen.length >= 5);
    await new Promise((r) => setTimeout(r, 300)); // room for a wrong duplicate to show up
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('wakes the publisher when the writing transaction commits, not at its next poll', async () => {
    const slow = new OutboxPublisher({
      connectionString: env.db.url,
      schema: SCHEMA,
      js,
      prefix: env.prefix,
      logger,
      pollMs: 60_000,
    });
    await slow.start();
    await eventually(async () => (await unpublished()) === 0);
    // Let the start-up drain settle into its minute-long wait before the write.
    await new Promise((r) => setTimeout(r, 200));
    await enqueue(6);
    const started = Date.now();
    await eventually(async () => (await unpublished()) === 0);
    expect(Date.now() - started).toBeLessThan(5_000);
    await slow.stop();
  });

  it('writes many events in one statement, published after those before and before those after', async () => {
    const subject = 'evt.kit.batch.created';
    const seen: number[] = [];
    await consume('kit-test-batch', subject, async ({ payload }) => {
      seen.push(payload.n);
    });
    const many = Array.from({ length: 500 }, (_, i) => ({ n: 1000 + i }));
    const ids = await pgDatabase(pool).$transaction(async (tx) => {
      await enqueueEvent(tx, SCHEMA, subject, ZThing, { n: 1 });
      const written = await enqueueEvents(tx, SCHEMA, subject, ZThing, many);
      await enqueueEvent(tx, SCHEMA, subject, ZThing, { n: 2 });
      expect(await enqueueEvents(tx, SCHEMA, subject, ZThing, [])).toEqual([]);
      return written;
    });
    expect(new Set(ids).size).toBe(500);
    // A payload its schema refuses is refused before anything is written.
    await expect(
      pgDatabase(pool).$transaction((tx) =>
        enqueueEvents(tx, SCHEMA, subject, ZThing, [{ n: 3 }, { n: 'x' } as unknown as { n: number }]),
      ),
    ).rejects.toThrow();
    const p = publisher();
    await p.start();
    await eventually(async () => seen.length >= 502, 10_000);
    await p.stop();
    expect(seen[0]).toBe(1);
    expect(seen[501]).toBe(2);
    expect(seen.slice(1, 501).sort((a, b) => a - b)).toEqual(many.map((m) => m.n));
    expect(seen).not.toContain(3);
  });

  it('deletes rows published longer ago than the retention, and only those', async () => {
    const old = await enqueue(100);
    const recent = await enqueue(101);
    const pending = await enqueue(102);
    const publishedAgo = (id: string, days: number) =>
      pool.query(
        `UPDATE ${SCHEMA}.gavel_outbox SET published_at = now() - make_interval(days => $2) WHERE id = $1`,
        [id, days],
      );
    await publishedAgo(old, 8);
    await publishedAgo(recent, 6);
    const p = publisher();
    expect(await p.prune()).toBe(1);
    await p.stop();
    const left = (
      await pool.query(`SELECT id FROM ${SCHEMA}.gavel_outbox WHERE id = ANY($1::uuid[])`, [
        [old, recent, pending],
      ])
    ).rows.map((r) => r.id);
    expect(left.sort()).toEqual([recent, pending].sort());
  });

  it('reports the age of the oldest unpublished event to Prometheus while the publisher runs', async () => {
    const gauge = async () =>
      (await registry.getSingleMetricAsString('gavel_outbox_oldest_pending_seconds'))
        .split('\n')
        .find((line) => line.startsWith(`gavel_outbox_oldest_pending_seconds{schema="${SCHEMA}"}`));
    const healthy = publisher();
    await healthy.start();
    await eventually(async () => (await unpublished()) === 0);
    expect(await gauge()).toMatch(/ 0$/);
    await healthy.stop();

    // A publisher whose events JetStream refuses (no stream takes its subjects), as when NATS is away.
    const failing = new OutboxPublisher({
      connectionString: env.db.url,
      schema: SCHEMA,
      js,
      prefix: `${env.prefix}-nostream`,
      logger,
      pollMs: 100,
    });
    await failing.start();
    const stuck = await enqueue(200);
    await pool.query(
      `UPDATE ${SCHEMA}.gavel_outbox SET created_at = now() - interval '60 seconds' WHERE id = $1`,
      [stuck],
    );
    const seconds = Number((await gauge())?.split(' ')[1]);
    expect(seconds).toBeGreaterThanOrEqual(60);
    expect(seconds).toBeLessThan(120);
    await failing.stop();
    expect(await gauge()).toBeUndefined();
    await pool.query(`DELETE FROM ${SCHEMA}.gavel_outbox WHERE id = $1`, [stuck]);
  });

  it('retries a failed handler and never runs it twice for one message id', async () => {
    const subject = 'evt.kit.retry.created';
    let calls = 0;
    const handled: number[] = [];
    await consume('kit-test-retry', subject, async ({ payload }, tx) => {
      calls++;
      await tx.$executeRawUnsafe(`CREATE TABLE IF NOT EXISTS ${SCHEMA}.handled (n int)`);
      await tx.$executeRawUnsafe(`INSERT INTO ${SCHEMA}.handled (n) VALUES ($1)`, payload.n);
      if (calls === 1) throw new Error('first attempt fails');
      handled.push(payload.n);
    });
    // Marked as handled already: acknowledged without running the handler.
    await pool.query(`INSERT INTO ${SCHEMA}.gavel_processed_events (consumer, message_id) VALUES ($1, $2)`, [
      'kit-test-retry',
      'already-done',
    ]);
    await js.publish(prefixed(env.prefix, subject), JSON.stringify({ n: 7 }), { msgID: 'already-done' });
    await js.publish(prefixed(env.prefix, subject), JSON.stringify({ n: 8 }), { msgID: 'fresh-one' });

    await eventually(async () => handled.length === 1, 10_000);
    expect(handled).toEqual([8]);
    expect(calls).toBe(2);
    // The failed attempt's write was rolled back with it: exactly one row.
    const rows = (await pool.query(`SELECT n FROM ${SCHEMA}.handled`)).rows;
    expect(rows).toEqual([{ n: 8 }]);
  });

  it("keeps one row's events in the order they were written when two publishers run (two replicas)", async () => {
    const subject = 'evt.kit.order.updated';
    const seen: number[] = [];
    await consume('kit-test-publish-order', subject, async ({ payload }) => {
      seen.push(payload.n);
    });
    const pubs = [publisher(), publisher()];
    for (const p of pubs) await p.start();
    // Successive changes of one row, each its own transaction, while both publishers are awake.
    for (let n = 0; n < 300; n++)
      await pgDatabase(pool).$transaction((tx) => enqueueEvent(tx, SCHEMA, subject, ZThing, { n }));
    await eventually(async () => seen.length >= 300, 30_000);
    for (const p of pubs) await p.stop();
    expect(seen).toEqual(Array.from({ length: 300 }, (_, n) => n));
  });

  it('applies events in stream order across two replicas of one durable, a retried one holding back the rest', async () => {
    const subject = 'evt.kit.replicas.updated';
    const applied: number[] = [];
    let failedOnce = false;
    const handle: ConsumerOptions<RawSql, typeof ZThing>['handle'] = async ({ payload }) => {
      // Slow enough that a second replica would take the next message meanwhile if it were allowed to.
      await new Promise((r) => setTimeout(r, 5));
      if (payload.n === 3 && !failedOnce) {
        failedOnce = true;
        throw new Error('a lock wait timed out');
      }
      applied.push(payload.n);
    };
    await consume('kit-test-replicas', subject, handle);
    await consume('kit-test-replicas', subject, handle);
    for (let n = 0; n < 40; n++)
      await js.publish(prefixed(env.prefix, subject), JSON.stringify({ n }), { msgID: `replicas-${n}` });
    await eventually(async () => applied.length >= 40, 20_000);
    expect(failedOnce).toBe(true);
    expect(applied).toEqual(Array.from({ length: 40 }, (_, n) => n));
  });

  it('parks a message that can never be handled, with its payload and error, and goes on with the next', async () => {
    const subject = 'evt.kit.poison.created';
    const handled: number[] = [];
    await consume(
      'kit-test-poison',
      subject,
      async ({ payload }) => {
        if (payload.n === 2) throw new Error('handler bug');
        handled.push(payload.n);
      },
      { maxDeliver: 2 },
    );
    await js.publish(prefixed(env.prefix, subject), JSON.stringify({ n: 'not a number' }), {
      msgID: 'bad-1',
    });
    await js.publish(prefixed(env.prefix, subject), JSON.stringify({ n: 2 }), { msgID: 'bug-2' });
    await js.publish(prefixed(env.prefix, subject), JSON.stringify({ n: 3 }), { msgID: 'good-3' });
    await eventually(async () => handled.length >= 1, 20_000);
    expect(handled).toEqual([3]);
    const parked = (
      await pool.query(
        `SELECT message_id, subject, payload, error, deliveries FROM ${SCHEMA}.gavel_failed_events
         WHERE consumer = 'kit-test-poison' ORDER BY message_id`,
      )
    ).rows;
    expect(parked.map((r) => [r.message_id, r.subject, r.deliveries])).toEqual([
      ['bad-1', subject, 1],
      ['bug-2', subject, 2],
    ]);
    expect(JSON.parse(parked[0].payload)).toEqual({ n: 'not a number' });
    expect(parked[1].error).toMatch(/handler bug/);
  });

  it('refuses an event too large to publish with a 413, writing nothing', async () => {
    const before = await unpublished();
    const big = z.object({ text: z.string() });
    const attempt = pgDatabase(pool).$transaction((tx) =>
      enqueueEvent(tx, SCHEMA, SUBJECT, big, { text: '&'.repeat(MAX_EVENT_BYTES) }),
    );
    await expect(attempt).rejects.toMatchObject({ code: 'too_large' });
    const many = pgDatabase(pool).$transaction((tx) =>
      enqueueEvents(tx, SCHEMA, SUBJECT, big, [{ text: 'fine' }, { text: 'x'.repeat(MAX_EVENT_BYTES) }]),
    );
    await expect(many).rejects.toMatchObject({ code: 'too_large' });
    expect(await unpublished()).toBe(before);
  });

  it('forgets handled-event records older than the stream keeps messages, and only those', async () => {
    await pool.query(
      `INSERT INTO ${SCHEMA}.gavel_processed_events (consumer, message_id, processed_at)
       VALUES ('kit-test-age', 'old', now() - interval '16 days'), ('kit-test-age', 'recent', now() - interval '13 days')`,
    );
    const p = publisher();
    await p.prune();
    await p.stop();
    const left = (
      await pool.query(
        `SELECT message_id FROM ${SCHEMA}.gavel_processed_events WHERE consumer = 'kit-test-age'`,
      )
    ).rows.map((r) => r.message_id);
    expect(left).toEqual(['recent']);
  });
});
