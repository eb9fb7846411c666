import { AsyncLocalStorage } from 'node:async_hooks';
import { type Logger, pino } from 'pino';

/** The request id of the work in progress, carried from the gateway through NATS headers. */
const requestScope = new AsyncLocalStorage<{ requestId: string }>();

export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return requestScope.run({ requestId }, fn);
}

export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.requestId;
}

export type { Logger };

/** A pino logger whose every line carries the current request id, if any. */
export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  });
}
