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
let a: RunningRealtime;
let b: RunningRealtime;
let sessions: SessionStore;
let redis: Redis;
const clients: TestClient[] = [];
const CHANNEL = 'vote.ten-alpha-v1' as const;

/** The voting service's fake: a tally that grows with every dirty note it was told about. */
let responses = 0;

beforeAll(async () => {
  env = await testEnvironment();
  fakes = await Fakes.connect(env.infra.natsUrl, env.prefix);
  installFakes(fakes);
  fakes.on(SUBJECTS.voting.voteLive, async (input: { tenantId: string; vote_id: string }) => {
    await sleep(5);
    return {
      tenantId: input.tenantId,
      channel: CHANNEL,
      kind: 'vote.updated',
      payload: { vote: { id: input.vote_id, respondents_count: responses } },
      runner_payload: { vote: { id: input.vote_id, respondents_count: responses, outcome: [] } },
    };
  });
  await fakes.nc.flush();
  ({ store: sessions, redis } = await sessionStore(env));
  a = await startInstance(env);
  b = await startInstance(env);
});

afterAll(async () => {
  for (const c of clients) c.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await fakes?.close();
  redis?.disconnect();
  await env?.cleanup();
});

function joined(instance: RunningRealtime, userId: string): Promise<TestClient> {
  return joinedClient({
    port: instance.port,
    sessions,
    userId,
    request: VOTE_JOIN,
    channel: CHANNEL,
    clients,
  });
}

describe('tally coalescing', () => {
  it('turns 1,000 dirty notes in a burst into a handful of live requests, ending on the final tally', async () => {
    const member = await joined(a, 'u-member');
    const runner = await joined(b, 'u-runner');
    const subject = prefixed(env.prefix, VOTE_DIRTY_SUBJECT);
    const note = JSON.stringify({ tenantId: 'ten-alpha', vote_id: 'v1', channel: CHANNEL });
    const started = Date.now();
    for (let i = 0; i < 1000; i++) {
      responses++;
      fakes.nc.publish(subject, note);
      if (i % 100 === 99) await sleep(20); // a burst spread over ~200 ms
    }
    await fakes.nc.flush();
    const burstMs = Date.now() - started;
    console.info(`tally burst: 1000 notes in ${burstMs} ms`);
    const final = { vote: { id: 'v1', respondents_count: 1000 } };
    await eventually(
      async () => JSON.stringify(news(member).at(-1)?.payload) === JSON.stringify(final),
      5_000,
    );
    await sleep(600); // let any trailing request show

    const requests = fakes.callsTo(SUBJECTS.voting.voteLive).length;
    console.info(
      `tally burst: ${requests} live requests (instance a ${a.liveRequests}, b ${b.liveRequests})`,
    );
    // One at once, then at most one per 250 ms, across both instances (they share the queue group and the
    // Redis gate).
    const allowed = Math.ceil((burstMs + 600) / 250) + 1;
    expect(requests).toBeGreaterThanOrEqual(1);
    expect(requests).toBeLessThanOrEqual(allowed);
    expect(requests).toBeLessThanOrEqual(8);
    expect(a.liveRequests + b.liveRequests).toBe(requests);
    expect(fakes.callsTo(SUBJECTS.voting.voteLive)[0]?.input).toEqual({
      tenantId: 'ten-alpha',
      vote_id: 'v1',
    });

    // Every live answer is fanned out like a broadcast, once per client; runners see the runner view.
    expect(news(member)).toHaveLength(requests);
    expect(news(runner)).toHaveLength(requests);
    expect(news(runner).at(-1)?.payload).toEqual({
      vote: { id: 'v1', respondents_count: 1000, outcome: [] },
    });
  });

  it('serves a lone note at once and again after a quiet interval', async () => {
    const member = await joined(a, 'u-member');
    const subject = prefixed(env.prefix, VOTE_DIRTY_SUBJECT);
    const note = JSON.stringify({ tenantId: 'ten-alpha', vote_id: 'v2', channel: CHANNEL });
    const before = fakes.callsTo(SUBJECTS.voting.voteLive).length;
    fakes.nc.publish(subject, note);
    await eventually(async () => news(member).length === 1, 2_000);
    await sleep(400);
    fakes.nc.publish(subject, note);
    await eventually(async () => news(member).length === 2, 2_000);
    expect(fakes.callsTo(SUBJECTS.voting.voteLive).length - before).toBe(2);
  });
});
