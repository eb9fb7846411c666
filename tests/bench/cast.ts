import { randomBytes } from 'node:crypto';
import { Pool } from 'undici';

export interface CastOutcome {
  status: number;
  latencyMs: number;
  /** The answer's text ('' when it came compressed). */
  body: string;
  /** The answer's length on the wire. */
  bytes: number;
}

/**
 * HTTP/1.1 keep-alive connections to the gateway, as many as calls in flight. undici rather than
 * node:http: the load generator shares the two cores with the stack it measures, and undici's client
 * spends about half of node:http's CPU per call.
 */
export function gatewayAgent(gateway: URL, connections: number): Pool {
  return new Pool(gateway.origin, { connections, pipelining: 1 });
}

/**
 * One delegate's call through the gateway, as the browser sends it: session cookie, X-Requested-With
 * and the double-submit CSRF token. Resolves with the status and the time to the answer.
 */
export async function throughGateway(opts: {
  agent: Pool;
  host: string;
  method: 'GET' | 'POST';
  path: string;
  session: string;
  body?: unknown;
  /** Ask for a gzipped answer, as browsers do; the body is then the compressed bytes' length. */
  gzip?: boolean;
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
      },
      body: payload,
    });
    const raw = Buffer.from(await res.body.arrayBuffer());
    return {
      status: res.statusCode,
      latencyMs: performance.now() - started,
      body: res.headers['content-encoding'] ? '' : raw.toString('utf8'),
      bytes: raw.length,
    };
  } catch (err) {
    return { status: 0, latencyMs: performance.now() - started, body: String(err), bytes: 0 };
  }
}
