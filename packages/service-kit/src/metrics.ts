import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** One Prometheus registry per process, served at /metrics. */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

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
