import { type connectNats, streamName } from '@gavel/service-kit';
import { type JetStreamManager, jetstreamManager } from '@nats-io/jetstream';

/** Events not yet handled by every durable consumer of the stack's event stream. */
async function backlog(jsm: JetStreamManager, stream: string): Promise<number> {
  let total = 0;
  for await (const consumer of jsm.consumers.list(stream))
    total += consumer.num_pending + consumer.num_ack_pending;
  return total;
}

/**
 * Waits until the services have handled every event the preparation caused (thousands of users,
 * memberships and check-ins), so their read models are current and their CPU is free before the burst is
 * measured: at a convention the delegates were registered days before the vote.
 */
export async function eventsSettled(
  nats: Awaited<ReturnType<typeof connectNats>>,
  prefix: string,
  log: (text: string) => void,
  timeoutSeconds = 900,
): Promise<void> {
  const jsm = await jetstreamManager(nats);
  const stream = streamName(prefix);
  const deadline = Date.now() + timeoutSeconds * 1000;
  let reported = 0;
  for (;;) {
    const pending = await backlog(jsm, stream);
    if (pending === 0) return;
    if (Date.now() > deadline) throw new Error(`${pending} events still unhandled after ${timeoutSeconds} s`);
    if (Date.now() - reported > 10_000) {
      log(`waiting for the services to handle ${pending} events`);
      reported = Date.now();
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}
