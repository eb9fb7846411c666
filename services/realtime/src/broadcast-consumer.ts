import { EVENTS, REQUEST_ID_HEADER, type TBroadcast, ZBroadcast } from '@gavel/contracts';
import { ensureEventStream, type Logger, prefixed, runWithRequestId } from '@gavel/service-kit';
import {
  AckPolicy,
  type ConsumerMessages,
  DeliverPolicy,
  type JsMsg,
  jetstream,
  jetstreamManager,
} from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { realtimeMetrics } from './metrics.js';

const NANOS_PER_MS = 1_000_000;

/** The durable consumer every realtime instance pulls from: each envelope goes to exactly one of them. */
export const BROADCAST_CONSUMER = 'realtime-broadcast';

export interface BroadcastConsumerOptions {
  nc: NatsConnection;
  prefix: string;
  logger: Logger;
  /** Envelopes older than this on arrival are dropped (clients refetch when they reconnect). */
  maxAgeMs: number;
  /** Copies of the event stream, should this instance be the one to create it (EVENTS_STREAM_REPLICAS). */
  streamReplicas?: number;
  /** Fans a broadcast out; a promise when it is sent later (with its channel's batch). */
  handle: (broadcast: TBroadcast) => void | Promise<void>;
}

export interface RunningBroadcastConsumer {
  stop(): Promise<void>;
}

/**
 * One shared durable pull consumer on evt.realtime.broadcast. No database: a broadcast is fanned out
 * (the Redis adapter then reaches the sockets of every instance) and acked; a broadcast that cannot be
 * parsed is terminated, one that arrives too late is dropped. If an instance dies between handling and
 * ack, JetStream redelivers after ack_wait: a rare duplicate, never a loss while the stream holds it.
 */
export async function startBroadcastConsumer(
  opts: BroadcastConsumerOptions,
): Promise<RunningBroadcastConsumer> {
  const jsm = await jetstreamManager(opts.nc);
  const js = jetstream(opts.nc);
  const stream = await ensureEventStream(jsm, opts.prefix, opts.streamReplicas);
  const durable = opts.prefix ? `${opts.prefix}_${BROADCAST_CONSUMER}` : BROADCAST_CONSUMER;
  try {
    await jsm.consumers.info(stream, durable);
  } catch {
    try {
      await jsm.consumers.add(stream, {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        // Live updates only: what was published before realtime first ran is not news to anyone.
        deliver_policy: DeliverPolicy.New,
        ack_wait: 10_000 * NANOS_PER_MS,
        max_deliver: 5,
        max_ack_pending: 10_000,
        filter_subject: prefixed(opts.prefix, EVENTS.realtime.broadcast),
      });
    } catch (err) {
      // Another instance created it between our check and add.
      await jsm.consumers.info(stream, durable).catch(() => {
        throw err;
      });
    }
  }
  const consumer = await js.consumers.get(stream, durable);
  const messages: ConsumerMessages = await consumer.consume({ max_messages: 256 });

  const handleOne = (msg: JsMsg): void => {
    const requestId =
      msg.headers?.get(REQUEST_ID_HEADER) || msg.headers?.get('Nats-Msg-Id') || String(msg.seq);
    runWithRequestId(requestId, () => {
      const ageMs = Date.now() - msg.time.getTime();
      if (ageMs > opts.maxAgeMs) {
        realtimeMetrics.broadcasts.inc({ outcome: 'stale' });
        msg.ack();
        return;
      }
      let broadcast: TBroadcast;
      try {
        broadcast = ZBroadcast.parse(msg.json());
      } catch (err) {
        realtimeMetrics.broadcasts.inc({ outcome: 'invalid' });
        opts.logger.error({ err, seq: msg.seq }, 'invalid realtime broadcast; dropped');
        msg.term();
        return;
      }
      const sent = () => {
        realtimeMetrics.broadcasts.inc({ outcome: 'ok' });
        msg.ack();
      };
      const failed = (err: unknown) => {
        realtimeMetrics.broadcasts.inc({ outcome: 'error' });
        opts.logger.warn({ err, seq: msg.seq }, 'broadcast fan-out failed; will retry');
        msg.nak(500);
      };
      try {
        // A broadcast held for a batch is acked once the batch went out (redelivered should we die first).
        const later = opts.handle(broadcast);
        if (later) later.then(sent, failed);
        else sent();
      } catch (err) {
        failed(err);
      }
    });
  };

  const loop = (async () => {
    for await (const msg of messages) handleOne(msg);
  })();

  return {
    async stop() {
      await messages.close().catch(() => undefined);
      await loop.catch(() => undefined);
    },
  };
}
