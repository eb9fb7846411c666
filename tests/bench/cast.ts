import { randomBytes } from 'node:crypto';
import { KeepAliveClient } from './http1.js';

export interface CastOutcome {
  status: number;
  latencyMs: number;
  /** The answer's text ('' when it came compressed). */
  body: string;
  /** The answer's length on the wire. */
  bytes: number;
  /** The answer's ETag, when it has one. */
  etag: string | null;
}

/** HTTP/1.1 keep-alive connections to the gateway, as many as calls in flight (see KeepAliveClient). */
export function gatewayAgent(gateway: URL, connections: number): KeepAliveClient {
  return new KeepAliveClient(gateway, connections);
}

/**
 * One delegate's call through the gateway, as the browser sends it: session cookie, X-Requested-With
 * and the double-submit CSRF token. Resolves with the status and the time to the answer.
 */
export async function throughGateway(opts: {
  agent: KeepAliveClient;
  host: string;
  method: 'GET' | 'POST';
  path: string;
  session: string;
  body?: unknown;
  /** Ask for a gzipped answer, as browsers do; the body is then the compressed bytes' length. */
  gzip?: boolean;
  /** Revalidate an answer held from before, as a browser does with its cached copy. */
  ifNoneMatch?: string;
}): Promise<CastOutcome> {
  const csrf = randomBytes(32).toString('base64url');
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const started = performance.now();
  try {
    const res = await opts.agent.request({
      method: opts.method,
      path: opts.path,
      headers: {
        host: opts.host,
        cookie: `gavel_session=${opts.session}; XSRF-TOKEN=${csrf}`,
        'x-requested-with': 'XMLHttpRequest',
        'x-xsrf-token': csrf,
        ...(payload ? { 'content-type': 'application/json' } : {}),
        accept: 'application/json',
        ...(opts.gzip ? { 'accept-encoding': 'gzip' } : {}),
        ...(opts.ifNoneMatch ? { 'if-none-match': opts.ifNoneMatch } : {}),
      },
      body: payload,
    });
    return {
      status: res.status,
      latencyMs: performance.now() - started,
      body: res.headers.has('content-encoding') ? '' : res.body.toString('utf8'),
      bytes: res.body.length,
      etag: res.headers.get('etag') ?? null,
    };
  } catch (err) {
    return { status: 0, latencyMs: performance.now() - started, body: String(err), bytes: 0, etag: null };
  }
}
