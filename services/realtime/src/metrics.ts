import { registry } from '@gavel/service-kit';
import { Counter, Gauge } from 'prom-client';

/** Socket counts of every realtime server in this process (one in production, several in tests). */
const socketCounters = new Set<() => number>();

export function trackSockets(count: () => number): () => void {
  socketCounters.add(count);
  return () => socketCounters.delete(count);
}

export const realtimeMetrics = {
  connectedSockets: new Gauge({
    name: 'gavel_realtime_connected_sockets',
    help: 'Sockets connected to this realtime instance',
    registers: [registry],
    collect() {
      let total = 0;
      for (const count of socketCounters) total += count();
      this.set(total);
    },
  }),
  messagesEmitted: new Counter({
    name: 'gavel_realtime_messages_emitted_total',
    help: 'Socket messages emitted (one per room emit, fanned out to every instance), by kind and audience',
    labelNames: ['kind', 'audience'] as const,
    registers: [registry],
  }),
  broadcasts: new Counter({
    name: 'gavel_realtime_broadcasts_total',
    help: 'evt.realtime.broadcast envelopes handled, by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  }),
  liveRequests: new Counter({
    name: 'gavel_realtime_vote_live_requests_total',
    help: 'voting.vote.live requests made by the tally coalescer, by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  }),
  joins: new Counter({
    name: 'gavel_realtime_joins_total',
    help: 'Channel join requests, by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  }),
  handshakes: new Counter({
    name: 'gavel_realtime_handshakes_total',
    help: 'Socket handshakes, by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  }),
};
