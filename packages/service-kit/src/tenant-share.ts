import { AppError } from '@gavel/contracts';

export const BUSY_MESSAGE = 'The service is busy right now. Please try again in a moment.';

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

interface Lane {
  running: number;
  waiting: Waiter[];
}

/**
 * Each association's fair share of one service process: at most `perTenant` of its requests run at once,
 * the rest wait their turn in order. Several associations share a deployment, and a convention hall of
 * thousands checking in or opening the meeting page must not take every pooled connection and every turn of
 * the event loop from a committee meeting elsewhere. Kept below the database pool size, so another
 * association always finds a free connection. A request that waited `maxWaitMs` answers busy (503, try
 * again) rather than run after its caller has given up.
 */
export class TenantShare {
  private readonly lanes = new Map<string, Lane>();

  constructor(
    readonly perTenant: number,
    readonly maxWaitMs: number,
  ) {}

  async run<T>(tenantId: string, work: () => Promise<T>): Promise<T> {
    const lane = this.lanes.get(tenantId) ?? { running: 0, waiting: [] };
    this.lanes.set(tenantId, lane);
    if (lane.running < this.perTenant) lane.running++;
    else await this.wait(lane);
    try {
      return await work();
    } finally {
      this.release(tenantId, lane);
    }
  }

  /** Requests of `tenantId` running and waiting (for tests and diagnostics). */
  load(tenantId: string): { running: number; waiting: number } {
    const lane = this.lanes.get(tenantId);
    return { running: lane?.running ?? 0, waiting: lane?.waiting.length ?? 0 };
  }

  private wait(lane: Lane): Promise<void> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        start: resolve,
        timer: setTimeout(() => {
          lane.waiting.splice(lane.waiting.indexOf(waiter), 1);
          reject(new AppError('unavailable', BUSY_MESSAGE));
        }, this.maxWaitMs),
      };
      lane.waiting.push(waiter);
    });
  }

  /** Hands the finished request's place to the next waiter, or gives it back. */
  private release(tenantId: string, lane: Lane): void {
    const next = lane.waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start();
      return;
    }
    lane.running--;
    if (lane.running === 0) this.lanes.delete(tenantId);
  }
}
