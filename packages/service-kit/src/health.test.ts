import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { type HealthServer, type ReadinessCheck, startHealthServer } from './health.js';

const quiet = pino({ enabled: false });
let running: HealthServer | null = null;

afterEach(async () => {
  await running?.close();
  running = null;
});

async function serve(checks: ReadinessCheck[]) {
  running = await startHealthServer(0, checks, quiet);
  const port = running.port;
  return async (path: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`);
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  };
}

const ok = (name: string): ReadinessCheck => ({ name, check: async () => {} });

describe('the health server', () => {
  it('is ready when every dependency answers', async () => {
    const get = await serve([ok('database'), ok('nats')]);
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toEqual({ status: 'ready', checks: { database: 'ok', nats: 'ok' } });
  });

  it('is not ready (503) while a dependency fails, naming it and why, though the process is alive', async () => {
    const get = await serve([
      ok('database'),
      {
        name: 'nats',
        check: async () => {
          throw new Error('connection closed');
        },
      },
    ]);
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text)).toEqual({
      status: 'not ready',
      checks: { database: 'ok', nats: 'connection closed' },
    });
    expect((await get('/healthz')).status).toBe(200);
  });

  it('counts a dependency that does not answer as not ready, instead of hanging the probe', async () => {
    const get = await serve([{ name: 'database', check: () => new Promise(() => {}) }]);
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text).checks.database).toMatch(/no answer within/);
  });

  it('turns not ready at shutdown, so load balancers stop sending work first', async () => {
    const get = await serve([ok('database')]);
    running?.setShuttingDown();
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text).checks.shutdown).toBe('in progress');
  });

  it('serves Prometheus metrics, and 404 for anything else', async () => {
    const get = await serve([]);
    const metrics = await get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.type).toContain('text/plain');
    expect(metrics.text).toContain('process_cpu_seconds_total');
    expect((await get('/other')).status).toBe(404);
  });
});
