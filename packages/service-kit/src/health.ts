import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import { registry } from './metrics.js';

export interface ReadinessCheck {
  name: string;
  check: () => Promise<void>;
}

export interface HealthServer {
  server: Server;
  port: number;
  /** Readiness turns false at shutdown so load balancers stop sending work first. */
  setShuttingDown(): void;
  close(): Promise<void>;
}

/** /healthz (the process answers), /readyz (every dependency answers) and /metrics (Prometheus). */
export async function startHealthServer(
  port: number,
  checks: ReadinessCheck[],
  logger: Logger,
): Promise<HealthServer> {
  let shuttingDown = false;
  const server = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok' }));
      return;
    }
    if (path === '/readyz') {
      const results: Record<string, string> = {};
      let ready = !shuttingDown;
      if (shuttingDown) results.shutdown = 'in progress';
      await Promise.all(
        checks.map(async ({ name, check }) => {
          try {
            await withTimeout(check(), 2000);
            results[name] = 'ok';
          } catch (err) {
            ready = false;
            results[name] = err instanceof Error ? err.message : String(err);
          }
        }),
      );
      res
        .writeHead(ready ? 200 : 503, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: ready ? 'ready' : 'not ready', checks: results }));
      return;
    }
    if (path === '/metrics') {
      res.writeHead(200, { 'content-type': registry.contentType }).end(await registry.metrics());
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Not found' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '0.0.0.0', () => resolve());
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  logger.info({ port: boundPort }, 'health server listening');
  return {
    server,
    port: boundPort,
    setShuttingDown: () => {
      shuttingDown = true;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}
