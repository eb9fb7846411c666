import type { IncomingMessage, Server } from 'node:http';
import { connect as netConnect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';
import type { Logger } from '@gavel/service-kit';
import { peerTrust, type TrustProxy } from './trusted-proxy.js';

export const SOCKET_IO_PATH = '/socket.io';

/** Headers a client may not set for the realtime service: the gateway says who forwarded what. */
const FORWARDED = new Set(['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded']);

export interface RealtimeProxyOptions {
  /** Realtime instances, tried round-robin (the next one when a connection fails). */
  targets: readonly URL[];
  /** Honour X-Forwarded-* from a load balancer in front (the gateway's TRUST_PROXY). */
  trustProxy: TrustProxy;
  logger: Logger;
  connectTimeoutMs?: number;
}

export interface RealtimeProxy {
  /** Open proxied connections. */
  readonly open: number;
  /** Ends every proxied connection (their clients reconnect, through another gateway). */
  closeAll(): void;
}

export function isSocketIoPath(url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0] ?? '';
  return path === SOCKET_IO_PATH || path.startsWith(`${SOCKET_IO_PATH}/`);
}

/** `http://a:8090,http://b:8090` → URLs (empty entries ignored); throws on a bad one. */
export function parseRealtimeUrls(value: string): URL[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const url = new URL(s);
      if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) throw new Error(`unsupported URL ${s}`);
      return url;
    });
}

function refuse(socket: Duplex, status: number, reason: string, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * The host a trusted proxy names, read as Fastify's request.host reads it for the HTTP routes: the last
 * X-Forwarded-Host entry (the one our proxy added; earlier ones may be the client's own), so that a
 * websocket resolves the same association as the page that opened it. Null when there is none to honour.
 */
export function forwardedHostOf(req: IncomingMessage, trustProxy: boolean): string | null {
  const value = req.headers['x-forwarded-host'];
  if (!trustProxy || !value) return null;
  const text = String(value);
  return text.slice(text.lastIndexOf(',') + 1).trim();
}

/**
 * The request head sent to realtime: the client's own (Host and cookies untouched, so realtime
 * authenticates exactly what the gateway would) plus X-Forwarded-For/-Proto. From a trusted proxy (the
 * direct peer) the forwarded host becomes the Host, as the gateway's tenant resolution does.
 */
export function upstreamHead(req: IncomingMessage, trustProxy: boolean): string {
  const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/1.1`];
  const incoming = req.headers;
  const forwardedHost = forwardedHostOf(req, trustProxy);
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] ?? '';
    const value = req.rawHeaders[i + 1] ?? '';
    const lower = name.toLowerCase();
    if (FORWARDED.has(lower)) continue;
    if (lower === 'host' && forwardedHost !== null) continue;
    lines.push(`${name}: ${value}`);
  }
  if (forwardedHost !== null) lines.push(`Host: ${forwardedHost}`);
  const remote = req.socket.remoteAddress ?? '';
  const priorFor = trustProxy ? String(incoming['x-forwarded-for'] ?? '').trim() : '';
  lines.push(`X-Forwarded-For: ${priorFor ? `${priorFor}, ${remote}` : remote}`);
  const proto =
    trustProxy && incoming['x-forwarded-proto'] ? String(incoming['x-forwarded-proto']) : undefined;
  lines.push(`X-Forwarded-Proto: ${proto ?? ('encrypted' in req.socket ? 'https' : 'http')}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/**
 * Pipes websocket upgrades of `/socket.io/` to the realtime instances. The realtime service runs websocket
 * transport only, so a connection is one TCP stream to one instance and no stickiness is needed. Other
 * upgrade paths are refused.
 */
export function attachRealtimeProxy(server: Server, opts: RealtimeProxyOptions): RealtimeProxy {
  const open = new Set<Duplex>();
  let nextTarget = 0;
  let closing = false;
  const connectTimeoutMs = opts.connectTimeoutMs ?? 3_000;
  const trustsPeer = peerTrust(opts.trustProxy);

  const connectTo = (target: URL): { upstream: Socket; readyEvent: 'connect' | 'secureConnect' } => {
    const secure = target.protocol === 'https:' || target.protocol === 'wss:';
    const port = Number(target.port || (secure ? 443 : 80));
    return secure
      ? {
          upstream: tlsConnect({ host: target.hostname, port, servername: target.hostname }),
          readyEvent: 'secureConnect',
        }
      : { upstream: netConnect({ host: target.hostname, port }), readyEvent: 'connect' };
  };

  server.on('upgrade', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    client.on('error', () => client.destroy());
    if (!isSocketIoPath(req.url)) {
      refuse(client, 404, 'Not Found', 'Not found.');
      return;
    }
    if (closing || opts.targets.length === 0) {
      refuse(client, 503, 'Service Unavailable', 'Live updates are not available right now.');
      return;
    }
    const requestHead = upstreamHead(req, trustsPeer(req.socket.remoteAddress));
    const first = nextTarget++ % opts.targets.length;

    const attempt = (tried: number): void => {
      if (tried >= opts.targets.length || client.destroyed) {
        opts.logger.warn({ tried }, 'no realtime instance reachable');
        refuse(client, 502, 'Bad Gateway', 'Live updates are not available right now.');
        return;
      }
      const target = opts.targets[(first + tried) % opts.targets.length] as URL;
      const { upstream, readyEvent } = connectTo(target);
      const timer = setTimeout(() => upstream.destroy(new Error('connect timeout')), connectTimeoutMs);
      let connected = false;
      upstream.once(readyEvent, () => {
        clearTimeout(timer);
        connected = true;
        upstream.setNoDelay(true);
        upstream.write(requestHead);
        if (head.length) upstream.write(head);
        open.add(client);
        const done = () => {
          open.delete(client);
          upstream.destroy();
          client.destroy();
        };
        upstream.on('close', done);
        client.on('close', done);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', (err: Error) => {
        clearTimeout(timer);
        if (connected) {
          client.destroy();
          return;
        }
        opts.logger.warn(
          { target: target.host, err: err.message },
          'realtime instance unreachable; trying the next',
        );
        attempt(tried + 1);
      });
    };
    attempt(0);
  });

  return {
    get open() {
      return open.size;
    },
    closeAll() {
      closing = true;
      for (const socket of open) socket.destroy();
      open.clear();
    },
  };
}
