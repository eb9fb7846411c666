import { EVENTS, type TBroadcast, type TRefreshPayload, ZBroadcast } from '@gavel/contracts';
import type { JetStreamClient } from '@nats-io/jetstream';
import type { Logger } from 'pino';
import { prefixed } from './subjects.js';

export interface RefreshHintsOptions {
  js: Pick<JetStreamClient, 'publish'>;
  prefix: string;
  logger: Pick<Logger, 'debug'>;
  /** The first hint of a quiet channel waits this long, so the change that caused it has committed. */
  settleMs?: number;
  /** Then at most one hint per channel and target this often; the last one is always sent. */
  intervalMs?: number;
}

/**
 * 'refresh' hints to live pages whose data changed under them through another service's event (a member
 * appointed mid-meeting, new voting rights): live pages otherwise only poll every few minutes. A bulk change
 * (thousands of appointments) becomes a few hints per channel, not one per change. Hints go straight to
 * JetStream, not through the outbox: one lost to a crash costs nothing the pages' safety poll does not bring
 * back.
 */
export class RefreshHints {
  /** Keys (channel and target) with a hint scheduled. */
  private readonly pending = new Set<string>();
  private readonly lastSent = new Map<string, number>();
  private readonly settleMs: number;
  private readonly intervalMs: number;

  constructor(private readonly opts: RefreshHintsOptions) {
    this.settleMs = opts.settleMs ?? 250;
    this.intervalMs = opts.intervalMs ?? 2_000;
  }

  /** Asks the pages on `channels` to refetch `target`, soon. */
  request(tenantId: string, channels: readonly string[], target: TRefreshPayload['target']): void {
    for (const channel of channels) {
      const key = `${tenantId}:${channel}:${target}`;
      if (this.pending.has(key)) continue;
      const last = this.lastSent.get(key) ?? Number.NEGATIVE_INFINITY;
      const wait = Math.max(this.settleMs, last + this.intervalMs - Date.now());
      this.pending.add(key);
      setTimeout(() => {
        this.pending.delete(key);
        const sentAt = Date.now();
        this.lastSent.set(key, sentAt);
        // Past the interval the entry no longer delays anything: forget it, so ended meetings do not pile up.
        setTimeout(() => {
          if (this.lastSent.get(key) === sentAt) this.lastSent.delete(key);
        }, this.intervalMs).unref();
        void this.publish({ tenantId, channel, kind: 'refresh', payload: { target } });
      }, wait).unref();
    }
  }

  private async publish(broadcast: TBroadcast): Promise<void> {
    try {
      const subject = prefixed(this.opts.prefix, EVENTS.realtime.broadcast);
      await this.opts.js.publish(subject, JSON.stringify(ZBroadcast.parse(broadcast)));
    } catch (err) {
      this.opts.logger.debug({ err, channel: broadcast.channel }, 'refresh hint not sent');
    }
  }
}
