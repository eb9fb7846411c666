import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { hostPortOf, isListening, isLocalHost, waitForPort, waitReady } from './ports.js';

const servers: { close(): unknown }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

function listen(server: Server | ReturnType<typeof createHttpServer>): Promise<number> {
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
}

/** A port nothing listens on (bound once, then released). */
async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise((r) => server.close(r));
  return port;
}

describe('hostPortOf', () => {
  it('reads host and port from service URLs, with the default port when none is given', () => {
    expect(hostPortOf('postgres://postgres:postgres@127.0.0.1:5432/gavel', 5432)).toEqual({
      host: '127.0.0.1',
      port: 5432,
    });
    expect(hostPortOf('redis://cache.internal', 6379)).toEqual({ host: 'cache.internal', port: 6379 });
    expect(hostPortOf('nats://[::1]:4223', 4222)).toEqual({ host: '::1', port: 4223 });
  });

  it('tells local hosts from remote ones', () => {
    expect(isLocalHost('localhost')).toBe(true);
    expect(isLocalHost('127.0.0.1')).toBe(true);
    expect(isLocalHost('::1')).toBe(true);
    expect(isLocalHost('db.example.org')).toBe(false);
  });
});

describe('isListening', () => {
  it('answers true while a server listens and false once it is gone', async () => {
    const server = createServer();
    const port = await listen(server);
    expect(await isListening('127.0.0.1', port)).toBe(true);
    await new Promise((r) => server.close(r));
    expect(await isListening('127.0.0.1', port)).toBe(false);
  });

  it('waitForPort gives up at its timeout or when told to', async () => {
    const port = await freePort();
    expect(await waitForPort('127.0.0.1', port, 200)).toBe(false);
    const started = Date.now();
    expect(await waitForPort('127.0.0.1', port, 10_000, () => true)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('waitReady', () => {
  it('polls until the URL answers 2xx', async () => {
    let calls = 0;
    const port = await listen(
      createHttpServer((_req, res) => {
        calls += 1;
        res.writeHead(calls < 3 ? 503 : 200).end(calls < 3 ? '{"status":"not ready"}' : '{"status":"ready"}');
      }),
    );
    await waitReady(`http://127.0.0.1:${port}/readyz`, Date.now() + 5_000);
    expect(calls).toBe(3);
  });

  it('names the last answer when the deadline passes', async () => {
    const port = await listen(
      createHttpServer((_req, res) => res.writeHead(503).end('{"checks":{"nats":"down"}}')),
    );
    await expect(waitReady(`http://127.0.0.1:${port}/readyz`, Date.now() + 300)).rejects.toThrow(
      /HTTP 503 \{"checks":\{"nats":"down"\}\}/,
    );
    const closed = await freePort();
    await expect(waitReady(`http://127.0.0.1:${closed}/readyz`, Date.now() + 300)).rejects.toThrow(
      /ECONNREFUSED/,
    );
  });
});
