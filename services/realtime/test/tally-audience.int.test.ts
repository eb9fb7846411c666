import { SUBJECTS, VOTE_DIRTY_SUBJECT } from '@gavel/contracts';
import { prefixed, type SessionStore } from '@gavel/service-kit';
import { eventually, type TestEnvironment, testEnvironment } from '@gavel/test-kit';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningRealtime } from '../src/start.js';
import {
  Fakes,
  installFakes,
  joinedClient,
  news,
  sessionStore,
  sleep,
  startInstance,
  type TestClient,
  VOTE_JOIN,
} from './support.js';

let env: TestEnvironment;
let fakes: Fakes;
let instance: RunningRealtime;
let sessions: SessionStore;
let redis: Redis;
const clients: TestClient[] = [];
const CHANNEL = 'vote.ten-alpha-v1' as const;
/** When each live request reached the fake voting service. */
const asked: number[] = [];

beforeAll(async () => {
  env = await testEnvironment();
  fakes = await Fakes.connect(env.infra.natsUrl, env.prefix);
  installFakes(fakes);
  fakes.on(SUBJECTS.voting.voteLive, (input: { tenantId: string; vote_id: string }) => {
    asked.push(Date.now());
    return {
      tenantId: input.tenantId,
      channel: CHANNEL,
      kind: 'vote.updated',
      payload: { vote: { id: input.vote_id, respondents_count: asked.length } },
    };
  });
  await fakes.nc.flush();
  ({ store: sessions, redis } = await sessionStore(env));
  // A budget of one tally write per second: every socket on the vote adds a second to its interval.
  instance = await startInstance(env, {
    extra: { TALLY_INTERVAL_MS: '1000', TALLY_WRITES_PER_SECOND: '1', TALLY_MAX_INTERVAL_MS: '2500' },
  });
});

afterAll(async () => {
  for (const c of clients) c.close();
  await instance?.stop();
  await fakes?.close();
  redis?.disconnect();
  await env?.cleanup();
});

function joined(userId: string): Promise<TestClient> {
  return joinedClient({
    port: instance.port,
    sessions,
    userId,
    request: VOTE_JOIN,
    channel: CHANNEL,
    clients,
  });
}

/** Two notes 100 ms apart for a fresh vote: answers the gap between the two live requests they cause. */
async function gapBetweenTwoRequests(voteId: string, watcher: TestClient): Promise<number> {
  const note = JSON.stringify({ tenantId: 'ten-alpha', vote_id: voteId, channel: CHANNEL });
  const subject = prefixed(env.prefix, VOTE_DIRTY_SUBJECT);
  const seen = news(watcher).length;
  const first = asked.length;
  fakes.nc.publish(subject, note);
  await eventually(async () => news(watcher).length === seen + 1, 2_000);
  await sleep(100);
  fakes.nc.publish(subject, note);
  await eventually(async () => news(watcher).length === seen + 2, 5_000);
  const [a, b] = asked.slice(first);
  return (b ?? 0) - (a ?? 0);
}

describe('tally interval by audience', () => {
  it('stretches the interval with the sockets watching the vote, up to the maximum', async () => {
    const member = await joined('u-member');
    await joined('u-runner');
    // Two sockets at one write a second: 2 s instead of the 1 s minimum.
    const two = await gapBetweenTwoRequests('v1', member);
    expect(two).toBeGreaterThanOrEqual(1_950);
    expect(two).toBeLessThan(2_450);

    // Three sockets would want 3 s: capped at 2.5 s.
    await joined('u-staff');
    const three = await gapBetweenTwoRequests('v2', member);
    expect(three).toBeGreaterThanOrEqual(2_450);
    expect(three).toBeLessThan(2_950);
  });
});
