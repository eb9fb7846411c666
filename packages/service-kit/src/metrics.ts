import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** One Prometheus registry per process, served at /metrics. */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

/** Per outbox (schema): the age in seconds of its oldest unpublished event, read when Prometheus scrapes. */
const outboxBacklogProbes = new Map<string, () => Promise<number>>();

/** Registers an outbox's backlog probe; answers the function that removes it. */
export function watchOutboxBacklog(schema: string, oldestPendingSeconds: () => Promise<number>): () => void {
  outboxBacklogProbes.set(schema, oldestPendingSeconds);
  return () => {
    if (outboxBacklogProbes.get(schema) === oldestPendingSeconds) outboxBacklogProbes.delete(schema);
  };
}

export const metrics = {
  handlerDuration: new Histogram({
    name: 'gavel_handler_duration_seconds',
    help: 'Time spent handling NATS requests, by subject and outcome',
    labelNames: ['subject', 'outcome'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  }),
  outboxPublished: new Counter({
    name: 'gavel_outbox_published_total',
    help: 'Events published from the outbox to JetStream',
    registers: [registry],
  }),
  // Grows while events cannot reach JetStream (NATS down, a stuck publisher): alert on it, since other
  // services' read models (who may vote, check-ins) lag by this much.
  outboxOldestPending: new Gauge({
    name: 'gavel_outbox_oldest_pending_seconds',
    help: 'Age of the oldest event not yet published from the outbox, by schema (0 when none)',
    labelNames: ['schema'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [schema, probe] of outboxBacklogProbes) {
        const seconds = await probe().catch(() => null);
        if (seconds !== null) this.set({ schema }, seconds);
      }
    },
  }),
  eventsConsumed: new Counter({
    name: 'gavel_events_consumed_total',
    help: 'JetStream events handled, by consumer and outcome',
    labelNames: ['consumer', 'outcome'] as const,
    registers: [registry],
  }),
  httpRequests: new Histogram({
    name: 'gavel_http_request_duration_seconds',
    help: 'Gateway HTTP request duration, by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  }),
};
