import { randomBytes } from 'node:crypto';
import { throughGateway } from './cast.js';
import { KeepAliveClient } from './http1.js';
import { percentile, round } from './stats.js';

/** The demo association (`npm run up` seeds it): another association sharing the deployment. */
const NEIGHBOUR = {
  host: 'localhost',
  email: 'member1@demo.gavel.test',
  password: 'gavel-demo',
  path: '/api/meeting/FIN/M1/retrieve/attendance',
};
const EVERY_MS = 100;

export interface NeighbourReport {
  neighbourRequests: number;
  neighbourFailures: number;
  neighbourP50Ms: number;
  neighbourP99Ms: number;
  neighbourMaxMs: number;
}

export interface Neighbour {
  /** Stops loading and reports; null when the demo association could not sign in (not seeded). */
  stop(): Promise<NeighbourReport | null>;
}

/**
 * Another association's delegate with its own meeting page open while the bench hall checks in and loads
 * theirs: one attendance list load every 100 ms, one at a time. A shared deployment is only as good as
 * what a quiet association sees while a big one holds its convention.
 */
export async function startNeighbour(gateway: URL): Promise<Neighbour> {
  const agent = new KeepAliveClient(gateway, 1);
  const session = await signIn(agent);
  if (!session) {
    agent.close();
    return { stop: async () => null };
  }
  const latencies: number[] = [];
  let failures = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const answer = await throughGateway({
        agent,
        host: NEIGHBOUR.host,
        method: 'GET',
        path: NEIGHBOUR.path,
        session,
      });
      latencies.push(answer.latencyMs);
      if (answer.status !== 200) failures++;
      const rest = EVERY_MS - (performance.now() - started);
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      agent.close();
      return {
        neighbourRequests: latencies.length,
        neighbourFailures: failures,
        neighbourP50Ms: round(percentile(latencies, 50)),
        neighbourP99Ms: round(percentile(latencies, 99)),
        neighbourMaxMs: round(Math.max(...latencies)),
      };
    },
  };
}

/** Signs the demo member in as the browser does; the session cookie, or null when it cannot. */
async function signIn(agent: KeepAliveClient): Promise<string | null> {
  const csrf = randomBytes(32).toString('base64url');
  const res = await agent
    .request({
      method: 'POST',
      path: '/api/auth/login',
      headers: {
        host: NEIGHBOUR.host,
        cookie: `XSRF-TOKEN=${csrf}`,
        'x-requested-with': 'XMLHttpRequest',
        'x-xsrf-token': csrf,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({ email: NEIGHBOUR.email, password: NEIGHBOUR.password }),
    })
    .catch(() => null);
  if (res?.status !== 200) return null;
  return /gavel_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? null;
}
