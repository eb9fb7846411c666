import { Worker } from 'node:worker_threads';
import type { TJoinRequest } from '@gavel/contracts';

/**
 * The delegates' sockets, in worker threads of their own: a hall's 10,000 clients receiving each tally
 * would otherwise stall the casting thread's event loop and show up as cast latency no delegate's phone
 * has. Several threads share the sockets because each phone reads its own message: one thread reading all
 * 10,000 copies of the final result one after another would report its own queue as fan-out time.
 * Times are absolute (timeOrigin + now) so all threads read the same clock.
 */
export interface Listeners {
  /** Which vote's final result counts as "seen". */
  watch(voteId: string): void;
  /** When each client first saw the final result (absolute ms), null for one that did not. */
  sawAt(): Promise<(number | null)[]>;
  /** Closes every socket and ends the workers. */
  close(): Promise<void>;
}

export const absoluteNow = () => performance.timeOrigin + performance.now();

type FromWorker =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'sawAt'; sawAt: (number | null)[] };

/** What one worker thread is given: its share of the sessions and the realtime URL of each. */
export interface WorkerShare {
  host: string;
  join: TJoinRequest;
  sockets: { session: string; url: string }[];
}

function startWorker(share: WorkerShare) {
  // The bench runs under tsx, whose loader a worker thread does not inherit: the worker registers it first.
  const tsx = import.meta.resolve('tsx/esm/api');
  const script = new URL('./socket-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(script)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: share });
  const next = () =>
    new Promise<FromWorker>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  return { worker, next };
}

/**
 * `sessions.length` socket.io clients, each with its delegate's session, spread round-robin over the
 * realtime instances, joined to the page's channel, read by `threads` worker threads.
 */
export async function connectListeners(opts: {
  urls: readonly string[];
  host: string;
  sessions: readonly string[];
  join: TJoinRequest;
  threads: number;
}): Promise<Listeners> {
  const threads = Math.max(1, Math.min(opts.threads, opts.sessions.length));
  const shares: WorkerShare[] = Array.from({ length: threads }, () => ({
    host: opts.host,
    join: opts.join,
    sockets: [],
  }));
  opts.sessions.forEach((session, i) => {
    const url = opts.urls[i % opts.urls.length] as string;
    shares[i % threads]?.sockets.push({ session, url });
  });
  const workers = shares.map(startWorker);
  const firsts = await Promise.all(workers.map((w) => w.next()));
  const failed = firsts.find((f) => f.type === 'failed');
  if (failed?.type === 'failed') {
    await Promise.all(workers.map((w) => w.worker.terminate()));
    throw new Error(failed.message);
  }
  return {
    watch: (voteId) => {
      for (const w of workers) w.worker.postMessage({ type: 'watch', voteId });
    },
    async sawAt() {
      const answers = await Promise.all(
        workers.map(async (w) => {
          w.worker.postMessage({ type: 'report' });
          const answer = await w.next();
          return answer.type === 'sawAt' ? answer.sawAt : [];
        }),
      );
      // Back in the sessions' order: session i went to worker i % threads.
      return opts.sessions.map((_, i) => answers[i % threads]?.[Math.floor(i / threads)] ?? null);
    },
    async close() {
      await Promise.all(
        workers.map(async (w) => {
          w.worker.postMessage({ type: 'close' });
          await new Promise((resolve) => w.worker.once('exit', resolve));
        }),
      );
    },
  };
}
