import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';

export interface CastOutcome {
  status: number;
  latencyMs: number;
  /** The answer's text ('' when it came compressed). */
  body: string;
  /** The answer's length on the wire. */
  bytes: number;
}

/** HTTP/1.1 keep-alive connections to the gateway, as many as casts in flight. */
export function gatewayAgent(maxSockets: number): Agent {
  return new Agent({ keepAlive: true, maxSockets });
}

/**
 * One delegate's call through the gateway, as the browser sends it: session cookie, X-Requested-With
 * and the double-submit CSRF token. Resolves with the status and the time to the answer.
 */
export function throughGateway(opts: {
  agent: Agent;
  gateway: URL;
  host: string;
  method: 'GET' | 'POST';
  path: string;
  session: string;
  body?: unknown;
  /** Ask for a gzipped answer, as browsers do; the body is then the compressed bytes' length. */
  gzip?: boolean;
}): Promise<CastOutcome> {
  const csrf = randomBytes(32).toString('base64url');
  const payload = opts.body === undefined ? '' : JSON.stringify(opts.body);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      {
        agent: opts.agent,
        host: opts.gateway.hostname,
        port: opts.gateway.port,
        method: opts.method,
        path: opts.path,
        headers: {
          host: opts.host,
          cookie: `gavel_session=${opts.session}; XSRF-TOKEN=${csrf}`,
          'x-requested-with': 'XMLHttpRequest',
          'x-xsrf-token': csrf,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          'content-length': Buffer.byteLength(payload),
          accept: 'application/json',
          ...(opts.gzip ? { 'accept-encoding': 'gzip' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            latencyMs: performance.now() - started,
            body: res.headers['content-encoding'] ? '' : raw.toString('utf8'),
            bytes: raw.length,
          });
        });
      },
    );
    req.on('error', (err) =>
      resolve({ status: 0, latencyMs: performance.now() - started, body: String(err), bytes: 0 }),
    );
    req.end(payload);
  });
}
