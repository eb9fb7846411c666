import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeepAliveClient } from './http1.js';

let server: Server;
let origin: URL;
let connections = 0;
const big = Buffer.alloc(1_000_000, 'x');

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => Promise<void> | void> = {
  '/echo': async (req, res) => {
    const body = JSON.stringify({
      method: req.method,
      body: await readBody(req),
      cookie: req.headers.cookie,
    });
    res.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  },
  '/chunked': (_req, res) => {
    res.writeHead(200);
    // Many writes of a big body: chunked framing, split across many TCP reads.
    for (let at = 0; at < big.length; at += 7_001) res.write(big.subarray(at, at + 7_001));
    res.end();
  },
  '/cookies': (_req, res) => {
    res.setHeader('set-cookie', ['session=abc; HttpOnly', 'XSRF-TOKEN=xyz']);
    res.setHeader('content-length', 0);
    res.end();
  },
  '/empty': (_req, res) => {
    res.writeHead(204);
    res.end();
  },
  '/close': (_req, res) => {
    res.writeHead(200, { connection: 'close', 'content-length': 2 });
    res.end('ok');
  },
  '/hang-up': (req) => {
    req.socket.destroy();
  },
};

beforeAll(async () => {
  server = createServer((req, res) => routes[req.url ?? '']?.(req, res));
  server.on('connection', () => {
    connections += 1;
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('KeepAliveClient', () => {
  it('sends the method, headers and body, and reads a Content-Length answer', async () => {
    const client = new KeepAliveClient(origin, 2);
    const res = await client.request({
      method: 'POST',
      path: '/echo',
      headers: { host: 'bench.localhost', cookie: 'a=1', 'content-type': 'application/json' },
      body: '{"vote":"in_favor","name":"Zoë"}',
    });
    client.close();
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(res.body.toString('utf8'))).toEqual({
      method: 'POST',
      body: '{"vote":"in_favor","name":"Zoë"}',
      cookie: 'a=1',
    });
  });

  it('keeps every value of a repeated header, as a sign-in answer sets two cookies', async () => {
    const client = new KeepAliveClient(origin, 1);
    const res = await client.request({
      method: 'GET',
      path: '/cookies',
      headers: { host: 'bench.localhost' },
    });
    client.close();
    expect(res.headers.get('set-cookie')).toBe('session=abc; HttpOnly, XSRF-TOKEN=xyz');
  });

  it('reassembles a chunked answer that arrives in many pieces', async () => {
    const client = new KeepAliveClient(origin, 1);
    const res = await client.request({ method: 'GET', path: '/chunked', headers: { host: 'x' } });
    const again = await client.request({ method: 'GET', path: '/empty', headers: { host: 'x' } });
    client.close();
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect(res.body.equals(big)).toBe(true);
    expect(again.status).toBe(204);
    expect(again.body.length).toBe(0);
  });

  it('keeps connections open and never opens more than it may', async () => {
    const client = new KeepAliveClient(origin, 3);
    const before = connections;
    const statuses = await Promise.all(
      Array.from({ length: 30 }, () =>
        client.request({ method: 'POST', path: '/echo', headers: { host: 'x' }, body: '{}' }),
      ),
    );
    client.close();
    expect(statuses.every((r) => r.status === 201)).toBe(true);
    expect(connections - before).toBe(3);
  });

  it('replaces a connection the server closes after its answer', async () => {
    const client = new KeepAliveClient(origin, 1);
    const before = connections;
    const first = await client.request({ method: 'GET', path: '/close', headers: { host: 'x' } });
    const second = await client.request({ method: 'GET', path: '/close', headers: { host: 'x' } });
    client.close();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.toString()).toBe('ok');
    expect(connections - before).toBe(2);
  });

  it('rejects a call whose connection drops, and the next call gets a fresh one', async () => {
    const client = new KeepAliveClient(origin, 1);
    await expect(client.request({ method: 'GET', path: '/hang-up', headers: { host: 'x' } })).rejects.toThrow(
      /closed the connection|ECONNRESET/,
    );
    const next = await client.request({ method: 'GET', path: '/empty', headers: { host: 'x' } });
    client.close();
    expect(next.status).toBe(204);
  });
});
