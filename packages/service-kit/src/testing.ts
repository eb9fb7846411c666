import { randomUUID } from 'node:crypto';
import { eventually } from '@gavel/test-kit';
import type { ServiceRuntime } from './runtime.js';
import { prefixed, streamName } from './subjects.js';

/**
 * Event helpers for a service's own tests (imported from '@gavel/service-kit/testing', never by
 * production code): wait for the outbox, read what reached the stream, publish as another service would.
 */

/** Waits until the service's outbox has published everything written so far. */
export async function outboxDrained(runtime: ServiceRuntime): Promise<void> {
  await eventually(async () => {
    const rows = await runtime.prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "${runtime.schema}".gavel_outbox WHERE published_at IS NULL`,
    );
    return rows[0]?.n === 0;
  }, 10_000);
}

/** Every event of `subject` in the runtime's stream, with its message id, oldest first. */
export async function streamEvents<T = unknown>(
  runtime: ServiceRuntime,
  subject: string,
): Promise<{ messageId: string | undefined; payload: T }[]> {
  const stream = streamName(runtime.prefix);
  const wanted = prefixed(runtime.prefix, subject);
  const { state } = await runtime.jsm.streams.info(stream);
  const out: { messageId: string | undefined; payload: T }[] = [];
  if (state.messages === 0) return out;
  for (let seq = state.first_seq; seq <= state.last_seq; seq++) {
    const msg = await runtime.jsm.streams.getMessage(stream, { seq }).catch(() => null);
    if (msg?.subject === wanted)
      out.push({ messageId: msg.header?.get('Nats-Msg-Id'), payload: msg.json<T>() });
  }
  return out;
}

/** Publishes an event into the runtime's stream, the way another service's outbox does. */
export async function publishEvent(
  runtime: ServiceRuntime,
  subject: string,
  payload: unknown,
): Promise<void> {
  await runtime.js.publish(prefixed(runtime.prefix, subject), JSON.stringify(payload), {
    msgID: randomUUID(),
  });
}
