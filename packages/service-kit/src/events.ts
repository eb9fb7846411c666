import { EVENT_SUBJECTS, REQUEST_ID_HEADER } from '@gavel/contracts';
import {
  AckPolicy,
  type ConsumerMessages,
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { runWithRequestId } from './logger.js';
import { metrics } from './metrics.js';
import type { RawSql } from './prisma.js';
import { prefixed, streamName, unprefixed } from './subjects.js';

const NANOS_PER_MS = 1_000_000;
/** How long the event stream keeps a message: no redelivery is older, nor can a new consumer replay more. */
export const STREAM_MAX_AGE_DAYS = 14;

/**
 * Creates the event stream when missing, with `replicas` copies (every service may call it; the first one
 * wins, so each passes the deployment's EVENTS_STREAM_REPLICAS).
 */
export async function ensureEventStream(
  jsm: JetStreamManager,
  prefix: string,
  replicas = 1,
): Promise<string> {
  const name = streamName(prefix);
  try {
    await jsm.streams.info(name);
  } catch {
    try {
      await jsm.streams.add({
        name,
        subjects: [prefixed(prefix, EVENT_SUBJECTS)],
        duplicate_window: 2 * 60 * 1000 * NANOS_PER_MS,
        max_age: STREAM_MAX_AGE_DAYS * 24 * 60 * 60 * 1000 * NANOS_PER_MS,
        num_replicas: replicas,
      });
    } catch (err) {
      // Another process created it between our check and add.
      await jsm.streams.info(name).catch(() => {
        throw err;
      });
    }
  }
  return name;
}

/** The transaction a consumer's handler runs in, so marking the event handled commits with its effects. */
export interface Transactional<Tx extends RawSql> {
  $transaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R>;
}

export interface ConsumerOptions<Tx extends RawSql, S extends z.ZodType> {
  js: JetStreamClient;
  jsm: JetStreamManager;
  prefix: string;
  /** Durable name, unique per service and purpose: `committees-identity-users`. */
  durable: string;
  /** Subjects to receive; on nats-server before 2.10 give one (a wildcard such as `evt.identity.user.*`). */
  subjects: string[];
  payload: S;
  db: Transactional<Tx>;
  /** Schema of the consuming service, where gavel_processed_events lives. */
  schema: string;
  logger: Logger;
  handle: (event: { subject: string; payload: z.infer<S>; messageId: string }, tx: Tx) => Promise<void>;
  /**
   * One message in flight per durable, across every replica (default): events about one row are applied
   * in the order they were published, and a failing message holds back those after it until it succeeds
   * or is parked. Pass false only where every write carries its own version guard (check-ins by time).
   */
  ordered?: boolean;
  /** Deliveries after which a message that keeps failing is parked in gavel_failed_events (poison message). */
  maxDeliver?: number;
}

export interface RunningConsumer {
  stop(): Promise<void>;
}

/**
 * A durable, explicit-ack JetStream consumer whose handler runs at most once per message id:
 * the id is recorded in the same transaction as the handler's writes, so a redelivery is acked and skipped.
 */
export async function startConsumer<Tx extends RawSql, S extends z.ZodType>(
  opts: ConsumerOptions<Tx, S>,
): Promise<RunningConsumer> {
  const stream = await ensureEventStream(opts.jsm, opts.prefix);
  const durable = opts.prefix ? `${opts.prefix}_${opts.durable}` : opts.durable;
  const subjects = opts.subjects.map((s) => prefixed(opts.prefix, s));
  // One subject (wildcards welcome) works on every nats-server; several need 2.10+.
  const filter = subjects.length === 1 ? { filter_subject: subjects[0] } : { filter_subjects: subjects };
  // The server counts a message waiting for its retry as pending, so with 1 nothing overtakes it.
  const editable = { ...filter, max_ack_pending: opts.ordered === false ? 1000 : 1 };
  const config = {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ack_wait: 30_000 * NANOS_PER_MS,
    max_deliver: -1,
    ...editable,
  };
  try {
    await opts.jsm.consumers.info(stream, durable);
    await opts.jsm.consumers.update(stream, durable, editable);
  } catch {
    await opts.jsm.consumers.add(stream, config);
  }
  const consumer = await opts.js.consumers.get(stream, durable);
  const messages: ConsumerMessages = await consumer.consume({ max_messages: 64 });
  const maxDeliver = opts.maxDeliver ?? 20;

  /** Keeps a message that cannot be handled, with its payload and error, so it can be looked into and replayed. */
  const park = async (msg: JsMsg, subject: string, messageId: string, err: unknown) => {
    await opts.db.$transaction((tx) =>
      tx.$executeRawUnsafe(
        `INSERT INTO "${opts.schema}".gavel_failed_events (consumer, message_id, subject, payload, error, deliveries)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (consumer, message_id) DO UPDATE
         SET error = EXCLUDED.error, deliveries = EXCLUDED.deliveries, failed_at = now()`,
        opts.durable,
        messageId,
        subject,
        msg.string(),
        err instanceof Error ? (err.stack ?? err.message) : String(err),
        msg.info.deliveryCount,
      ),
    );
  };

  const handleOne = async (msg: JsMsg): Promise<void> => {
    const messageId = msg.headers?.get('Nats-Msg-Id') || `${stream}:${msg.seq}`;
    const requestId = msg.headers?.get(REQUEST_ID_HEADER) || messageId;
    const subject = unprefixed(opts.prefix, msg.subject);
    await runWithRequestId(requestId, async () => {
      let payload: z.infer<S>;
      try {
        payload = opts.payload.parse(msg.json());
      } catch (err) {
        // Never valid, however often it is delivered: parked at once.
        await settleUnhandled(msg, subject, messageId, err, true);
        return;
      }
      try {
        await opts.db.$transaction(async (tx) => {
          const fresh = await tx.$executeRawUnsafe(
            `INSERT INTO "${opts.schema}".gavel_processed_events (consumer, message_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
            opts.durable,
            messageId,
          );
          if (fresh === 0) return; // handled before: a redelivery
          await opts.handle({ subject, payload, messageId }, tx);
        });
        msg.ack();
        metrics.eventsConsumed.inc({ consumer: opts.durable, outcome: 'ok' });
      } catch (err) {
        await settleUnhandled(msg, subject, messageId, err, msg.info.deliveryCount >= maxDeliver);
      }
    });
  };

  /**
   * A message not handled: retried with a growing delay, or parked (kept in gavel_failed_events and
   * dropped from the stream) when it can never succeed or failed `maxDeliver` times. While the database
   * cannot take the parked row, the message stays and is retried: nothing is dropped unrecorded.
   */
  const settleUnhandled = async (
    msg: JsMsg,
    subject: string,
    messageId: string,
    err: unknown,
    giveUp: boolean,
  ) => {
    metrics.eventsConsumed.inc({ consumer: opts.durable, outcome: 'error' });
    if (giveUp) {
      try {
        await park(msg, subject, messageId, err);
        opts.logger.error(
          { err, subject, messageId },
          'event cannot be handled; parked in gavel_failed_events',
        );
        msg.term();
        return;
      } catch (parkErr) {
        opts.logger.error({ err: parkErr, subject, messageId }, 'event could not be parked; will retry');
      }
    } else {
      opts.logger.warn({ err, subject, messageId }, 'event handling failed; will retry');
    }
    msg.nak(Math.min(30_000, 500 * 2 ** msg.info.deliveryCount));
  };

  const loop = (async () => {
    for await (const msg of messages) await handleOne(msg);
  })();

  return {
    async stop() {
      await messages.close().catch(() => undefined);
      await loop.catch(() => undefined);
    },
  };
}
