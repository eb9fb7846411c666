import { type TVoteDirty, VOTE_DIRTY_SUBJECT } from '@gavel/contracts';
import { prefixed, ServiceRuntime } from '@gavel/service-kit';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';

/**
 * Tells the realtime service (core NATS, not JetStream) that votes received responses, after commit.
 * Coalesced here too: at most one notification per vote per window, however many casts arrive.
 */
@Injectable()
export class DirtyNotifier implements OnModuleDestroy {
  static WINDOW_MS = 50;
  private readonly pending = new Map<string, TVoteDirty>();
  private timer: NodeJS.Timeout | null = null;

  constructor(@Inject(ServiceRuntime) private readonly runtime: ServiceRuntime) {}

  mark(dirty: TVoteDirty): void {
    this.pending.set(`${dirty.tenantId}:${dirty.vote_id}`, dirty);
    this.timer ??= setTimeout(() => this.flush(), DirtyNotifier.WINDOW_MS);
  }

  flush(): void {
    this.timer = null;
    const subject = prefixed(this.runtime.prefix, VOTE_DIRTY_SUBJECT);
    for (const dirty of this.pending.values()) {
      try {
        this.runtime.nc.publish(subject, JSON.stringify(dirty));
      } catch (err) {
        this.runtime.logger.warn({ err }, 'vote dirty notification failed');
      }
    }
    this.pending.clear();
  }

  onModuleDestroy(): void {
    if (this.timer) clearTimeout(this.timer);
    this.flush();
  }
}
