import { randomUUID } from 'node:crypto';
import { AppError, REQUEST_ID_HEADER } from '@gavel/contracts';
import type { JetStreamClient } from '@nats-io/jetstream';
import { headers } from '@nats-io/transport-node';
import pg from 'pg';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { STREAM_MAX_AGE_DAYS } from './events.js';
import { currentRequestId } from './logger.js';
import { metrics, watchOutboxBacklog } from './metrics.js';
import type { RawSql } from './prisma.js';
import { prefixed } from './subjects.js';

function notifyChannel(schema: string): string {
  return `gavel_outbox_${schema}`;
}

/**
 * The largest event the outbox takes, well under NATS's default max_payload (1 MiB) with headers: a
 * larger one could never be published and would hold back every event queued after it.
 */
export const MAX_EVENT_BYTES = 768 * 1024;

/** The event's JSON, refused with a clear 413 (rolling back the change it belongs to) when too large. */
function eventJson<S extends z.ZodType>(payloadSchema: S, payload: z.infer<S>): string {
  const json = JSON.stringify(payloadSchema.parse(payload));
  if (Buffer.byteLength(json) > MAX_EVENT_BYTES)
    throw new AppError('too_large', 'This change is too large to save. Shorten the text and try again.');
  return json;
}

/**
 * Writes an event into the service's outbox inside the caller's transaction, so the event exists exactly
 * when the change does. The publisher sends it after commit (pg_notify is delivered on commit).
 */
export async function enqueueEvent<S extends z.ZodType>(
  tx: RawSql,
  schema: string,
  subject: string,
  payloadSchema: S,
  payload: z.infer<S>,
): Promise<string> {
  const id = randomUUID();
  const json = eventJson(payloadSchema, payload);
  // One round trip: the row and the publisher's wake-up note (delivered on commit).
  await tx.$executeRawUnsafe(
    // created_at orders publishing: the insert's own time (clock_timestamp), not its transaction's start
    // (now()), so an event written after another change committed is published after that change's events.
    `WITH added AS (
       INSERT INTO "${schema}".gavel_outbox (id, subject, payload, request_id, created_at)
       VALUES ($1::uuid, $2, $3::jsonb, $4, clock_timestamp())
     )
     SELECT pg_notify($5, $1::text)`,
    id,
    subject,
    json,
    currentRequestId() ?? null,
    notifyChannel(schema),
  );
  return id;
}

/**
 * Writes many events of one subject into the outbox in one statement (a committee's thousands of members
 * copied or deleted at once): as enqueueEvent, but one round trip whatever their number. They are
 * published after the events written before them and before those written after them; among themselves,
 * in any order.
 */
export async function enqueueEvents<S extends z.ZodType>(
  tx: RawSql,
  schema: string,
  subject: string,
  payloadSchema: S,
  payloads: readonly z.infer<S>[],
): Promise<string[]> {
  if (payloads.length === 0) return [];
  const ids = payloads.map(() => randomUUID());
  const bodies = payloads.map((payload) => eventJson(payloadSchema, payload));
  await tx.$executeRawUnsafe(
    `WITH added AS (
       INSERT INTO "${schema}".gavel_outbox (id, subject, payload, request_id, created_at)
       SELECT id, $3, payload, $4, clock_timestamp() FROM unnest($1::uuid[], $2::jsonb[]) AS e(id, payload)
     )
     SELECT pg_notify($5, $6)`,
    ids,
    bodies,
    subject,
    currentRequestId() ?? null,
    notifyChannel(schema),
    ids[0],
  );
  return ids;
}

/**
 * Writes domain events into the transactional outbox inside the caller's transaction; the services inject
 * it by this class. In a running service it is the kit's ServiceRuntime; a seed or script without a NATS
 * connection uses directOutbox (the service's publisher sends the rows).
 */
export abstract class Outbox {
  abstract emit<S extends z.ZodType>(
    tx: RawSql,
    subject: string,
    payloadSchema: S,
    payload: z.infer<S>,
  ): Promise<string>;

  /** Many events of one subject in one statement (thousands of members or attendees at once). */
  abstract emitAll<S extends z.ZodType>(
    tx: RawSql,
    subject: string,
    payloadSchema: S,
    payloads: readonly z.infer<S>[],
  ): Promise<string[]>;
}

/** Writes events straight into `schema`'s outbox; the running service publishes them. */
export function directOutbox(schema: string): Outbox {
  return {
    emit: (tx, subject, payloadSchema, payload) => enqueueEvent(tx, schema, subject, payloadSchema, payload),
    emitAll: (tx, subject, payloadSchema, payloads) =>
      enqueueEvents(tx, schema, subject, payloadSchema, payloads),
  };
}

export interface OutboxPublisherOptions {
  connectionString: string;
  schema: string;
  js: JetStreamClient;
  prefix: string;
  logger: Logger;
  /** Fallback poll when no notification arrives (e.g. rows left by a crashed process). */
  pollMs?: number;
  batchSize?: number;
  /** Published rows are kept this long (for inspection), then deleted. */
  retainDays?: number;
}

const PRUNE_EVERY_MS = 10 * 60 * 1000;

/**
 * Publishes outbox rows to JetStream with the row id as the message id, so a row published twice
 * (a crash between publish and marking it) is dropped by the stream's duplicate window.
 * Several instances may run: one publishes at a time (a transaction-scoped advisory lock per schema), so
 * the stream receives a row's events in the order they were written, whichever replica wrote them.
 */
export class OutboxPublisher {
  private readonly pool: pg.Pool;
  private listener: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = false;
  private again = false;
  private current: Promise<void> = Promise.resolve();
  private lastPrune = 0;
  private unwatchBacklog: () => void = () => undefined;

  constructor(private readonly opts: OutboxPublisherOptions) {
    this.pool = new pg.Pool({ connectionString: opts.connectionString, max: 2 });
    this.pool.on('error', (err) => opts.logger.warn({ err }, 'outbox pool error'));
  }

  async start(): Promise<void> {
    this.unwatchBacklog = watchOutboxBacklog(this.opts.schema, () => this.oldestPendingSeconds());
    await this.listen();
    this.schedule(0);
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.opts.connectionString });
    client.on('notification', () => this.kick());
    client.on('error', (err) => {
      this.opts.logger.warn({ err }, 'outbox listener lost; reconnecting');
      this.listener = null;
      setTimeout(() => void this.listen().catch(() => undefined), 1000);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${notifyChannel(this.opts.schema)}`);
      this.listener = client;
    } catch (err) {
      this.opts.logger.warn({ err }, 'outbox listener could not connect; polling only');
      await client.end().catch(() => undefined);
      setTimeout(() => void this.listen().catch(() => undefined), 1000);
    }
  }

  /** Publish soon: called on notification and by the fallback timer. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.current = this.drain();
    }, ms);
  }

  private async drain(): Promise<void> {
    this.running = true;
    let delay = this.opts.pollMs ?? 1000;
    try {
      do {
        this.again = false;
        while ((await this.publishBatch()) > 0 && !this.stopped) {}
      } while (this.again && !this.stopped);
      if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) await this.prune();
    } catch (err) {
      this.opts.logger.warn({ err }, 'outbox publish failed; will retry');
      delay = 1000;
    } finally {
      this.running = false;
    }
    this.schedule(delay);
  }

  /** Publishes one batch of unpublished rows; answers how many were published. */
  async publishBatch(): Promise<number> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // Two publishers each sending a batch would interleave one aggregate's events on the stream.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`gavel_outbox:${this.opts.schema}`]);
      const { rows } = await client.query<{
        id: string;
        subject: string;
        payload: unknown;
        request_id: string | null;
      }>(
        `SELECT id, subject, payload, request_id FROM "${this.opts.schema}".gavel_outbox
         WHERE published_at IS NULL ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.opts.batchSize ?? 100],
      );
      for (const row of rows) {
        const h = headers();
        if (row.request_id) h.set(REQUEST_ID_HEADER, row.request_id);
        await this.opts.js.publish(prefixed(this.opts.prefix, row.subject), JSON.stringify(row.payload), {
          msgID: row.id,
          headers: h,
        });
      }
      if (rows.length > 0) {
        await client.query(
          `UPDATE "${this.opts.schema}".gavel_outbox SET published_at = now() WHERE id = ANY($1::uuid[])`,
          [rows.map((r) => r.id)],
        );
      }
      await client.query('COMMIT');
      metrics.outboxPublished.inc(rows.length);
      return rows.length;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  /** Age in seconds of the oldest unpublished row, 0 when every row is published. */
  async oldestPendingSeconds(): Promise<number> {
    const { rows } = await this.pool.query<{ seconds: number }>(
      `SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS seconds
       FROM "${this.opts.schema}".gavel_outbox WHERE published_at IS NULL`,
    );
    return Math.max(0, rows[0]?.seconds ?? 0);
  }

  /**
   * Deletes rows published longer ago than the retention, and the service's records of handled events
   * older than the stream keeps messages (no redelivery can be older); answers how many outbox rows.
   */
  async prune(): Promise<number> {
    this.lastPrune = Date.now();
    const result = await this.pool.query(
      `DELETE FROM "${this.opts.schema}".gavel_outbox
       WHERE published_at IS NOT NULL AND published_at < now() - make_interval(days => $1)`,
      [this.opts.retainDays ?? 7],
    );
    await this.pool.query(
      `DELETE FROM "${this.opts.schema}".gavel_processed_events WHERE processed_at < now() - make_interval(days => $1)`,
      [STREAM_MAX_AGE_DAYS + 1],
    );
    return result.rowCount ?? 0;
  }

  /** Stops after the batch in progress; rows left behind are published by the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unwatchBacklog();
    if (this.timer) clearTimeout(this.timer);
    await this.current.catch(() => undefined);
    await this.listener?.end().catch(() => undefined);
    await this.pool.end().catch(() => undefined);
  }
}
