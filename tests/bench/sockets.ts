import { Worker } from 'node:worker_threads';
import type { TJoinRequest } from '@gavel/contracts';

/**
 * The delegates' sockets, in a worker thread of their own: a hall's 10,000 clients receiving each tally
 * would otherwise stall the casting thread's event loop and show up as cast latency no delegate's phone
 * has. Times are absolute (timeOrigin + now) so both threads read the same clock.
 */
export interface Listeners {
  /** Which vote's final result counts as "seen". */
  watch(voteId: string): void;
  /** When each client first saw the final result (absolute ms), null for one that did not. */
  sawAt(): Promise<(number | null)[]>;
  /** Closes every socket and ends the worker. */
  close(): Promise<void>;
}

export const absoluteNow = () => performance.timeOrigin + performance.now();

type FromWorker =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'sawAt'; sawAt: (number | null)[] };

/**
 * `sessions.length` socket.io clients, each with its delegate's session, spread round-robin over the
 * realtime instances, joined to the page's channel.
 */
export async function connectListeners(opts: {
  urls: readonly string[];
  host: string;
  sessions: readonly string[];
  join: TJoinRequest;
}): Promise<Listeners> {
  // The bench runs under tsx, whose loader a worker thread does not inherit: the worker registers it first.
  const tsx = import.meta.resolve('tsx/esm/api');
  const script = new URL('./socket-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(script)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: opts });
  const next = () =>
    new Promise<FromWorker>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  const first = await next();
  if (first.type === 'failed') {
    await worker.terminate();
    throw new Error(first.message);
  }
  return {
    watch: (voteId) => worker.postMessage({ type: 'watch', voteId }),
    async sawAt() {
      worker.postMessage({ type: 'report' });
      const answer = await next();
      return answer.type === 'sawAt' ? answer.sawAt : [];
    },
    async close() {
      worker.postMessage({ type: 'close' });
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}
