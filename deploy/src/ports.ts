import { connect } from 'node:net';

export interface HostPort {
  host: string;
  port: number;
}

/** Host and port of a service URL (`postgres://u:p@127.0.0.1:5432/db`), with the protocol's default port. */
export function hostPortOf(url: string, defaultPort: number): HostPort {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1';
  return { host, port: parsed.port ? Number(parsed.port) : defaultPort };
}

/** Whether the launcher may start a server for this host itself (only on this machine). */
export function isLocalHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/** Whether something accepts TCP connections on host:port within `timeoutMs`. */
export function isListening(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs);
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/**
 * The INFO a NATS server sends first on every connection (before any login), or null when what answers
 * sends none in time: enough to see whether JetStream is on without a client library.
 */
export function natsServerInfo(
  host: string,
  port: number,
  timeoutMs = 1_000,
): Promise<{ jetstream?: boolean } | null> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let text = '';
    const done = (answer: { jetstream?: boolean } | null) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs);
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
      const line = /^INFO (\{.*\})\s*\n/.exec(text);
      if (line?.[1]) {
        try {
          done(JSON.parse(line[1]) as { jetstream?: boolean });
        } catch {
          done(null);
        }
      } else if (text.length > 64 * 1024 || (text.includes('\n') && !text.startsWith('INFO '))) {
        done(null);
      }
    });
    socket.once('error', () => done(null));
    socket.once('timeout', () => done(null));
  });
}

/** Polls until something listens on host:port; false when `timeoutMs` passes or `gaveUp()` turns true. */
export async function waitForPort(
  host: string,
  port: number,
  timeoutMs: number,
  gaveUp: () => boolean = () => false,
): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && !gaveUp()) {
    if (await isListening(host, port)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/**
 * Polls an HTTP readiness URL until it answers 2xx. Throws when `deadline` (epoch ms) passes, with the
 * last answer in the message, or as soon as `gaveUp()` turns true.
 */
export async function waitReady(
  url: string,
  deadline: number,
  gaveUp: () => boolean = () => false,
): Promise<void> {
  let last = 'no answer yet';
  while (!gaveUp()) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3_000) });
      if (res.ok) return;
      last = `HTTP ${res.status} ${(await res.text()).slice(0, 300)}`;
    } catch (err) {
      last = describeFetchError(err);
    }
    if (Date.now() >= deadline) throw new Error(`${url} did not answer 2xx in time (last answer: ${last})`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('stopped while waiting');
}

function describeFetchError(err: unknown): string {
  const cause = (err as { cause?: { code?: string } }).cause;
  if (cause?.code) return cause.code;
  return err instanceof Error ? err.message : String(err);
}
