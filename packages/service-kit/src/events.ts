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
        max_age: 14 * 24 * 60 * 60 * 1000 * NANOS_PER_MS,
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
  /** Deliveries after which a failing message is given up and logged (poison message). */
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
  const config = {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ack_wait: 30_000 * NANOS_PER_MS,
    max_deliver: -1,
    ...filter,
  };
  try {
    await opts.jsm.consumers.info(stream, durable);
    await opts.jsm.consumers.update(stream, durable, filter);
  } catch {
    await opts.jsm.consumers.add(stream, config);
  }
  const consumer = await opts.js.consumers.get(stream, durable);
  const messages: ConsumerMessages = await consumer.consume({ max_messages: 64 });
  const maxDeliver = opts.maxDeliver ?? 20;

  const handleOne = async (msg: JsMsg): Promise<void> => {
    const messageId = msg.headers?.get('Nats-Msg-Id') || `${stream}:${msg.seq}`;
    const requestId = msg.headers?.get(REQUEST_ID_HEADER) || messageId;
    const subject = unprefixed(opts.prefix, msg.subject);
    await runWithRequestId(requestId, async () => {
      try {
        const payload = opts.payload.parse(msg.json());
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
        metrics.eventsConsumed.inc({ consumer: opts.durable, outcome: 'error' });
        if (msg.info.deliveryCount >= maxDeliver) {
          opts.logger.error({ err, subject, messageId }, 'event failed too often; giving up on it');
          msg.term();
        } else {
          opts.logger.warn({ err, subject, messageId }, 'event handling failed; will retry');
          msg.nak(Math.min(30_000, 500 * 2 ** msg.info.deliveryCount));
        }
      }
    });
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
