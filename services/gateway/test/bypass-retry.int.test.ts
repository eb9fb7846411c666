import { AppError, SUBJECTS } from '@gavel/contracts';
import { type TestEnvironment, testEnvironment } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  fakeIdentity,
  fakeUsers,
  NO_REPLY,
  Responders,
  startTestGateway,
  type TestGateway,
} from './support.js';

const INVALID = 'This code is invalid or has expired.';

let env: TestEnvironment;
let gateway: TestGateway;
let responders: Responders;
/** Each used code and the attempt key that used it, as identity keeps them. */
const used = new Map<string, string | undefined>();
/** Codes whose first answer is lost: identity uses them up, but the gateway gives up waiting first. */
const lost = new Set(['LOST01']);

beforeAll(async () => {
  env = await testEnvironment();
  responders = await Responders.connect(env.infra.natsUrl, env.prefix);
  const users = fakeUsers();
  fakeIdentity(responders, users, [SUBJECTS.identity.bypass]);
  // Identity's rule: a code signs in once; the attempt that used it is answered again.
  responders.on(SUBJECTS.identity.bypass, (input: { code: string; attempt?: string }) => {
    const answer = { userId: 'u-alice', body: { to: '/meetings' } };
    if (!used.has(input.code)) {
      used.set(input.code, input.attempt);
      if (lost.delete(input.code)) return NO_REPLY;
      return answer;
    }
    if (input.attempt !== undefined && used.get(input.code) === input.attempt) return answer;
    throw new AppError('unauthenticated', INVALID);
  });
  await responders.flush();
  gateway = await startTestGateway(env, { REQUEST_TIMEOUT_MS: '400' });
});

afterAll(async () => {
  await gateway?.close();
  await responders?.close();
  await env?.cleanup();
});

const client = () => new Client(gateway.port, 'alpha.test');
const attempts = () =>
  responders.callsTo(SUBJECTS.identity.bypass).map((c) => c.input as { attempt?: string });

describe('a bypass code whose answer was lost', () => {
  it('signs the same browser in on its retry, and no other browser', async () => {
    const c = client();
    await c.prime();
    const xsrf = c.jar.get('XSRF-TOKEN') as string;

    // Identity used the code up, but its answer came too late: the browser is told to try again.
    const first = await c.post('/api/auth/bypass', { code: 'LOST01' });
    expect(first.status).toBe(503);
    expect(c.jar.has('gavel_session')).toBe(false);
    expect(c.jar.get('XSRF-TOKEN')).toBe(xsrf);

    const retry = await c.post('/api/auth/bypass', { code: 'lost01' });
    expect(retry.status).toBe(200);
    expect(retry.json).toEqual({ to: '/meetings' });
    expect((await c.get('/api/me')).json.user.id).toBe('u-alice');

    // Both carried the same key, derived from the browser's XSRF-TOKEN cookie but not showing it.
    const [once, again] = attempts();
    expect(once?.attempt).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(again?.attempt).toBe(once?.attempt);
    expect(once?.attempt).not.toContain(xsrf);

    // Another browser has another key: the code is used. A key it puts in the body is not the one sent.
    const other = client();
    await other.prime();
    const refused = await other.post('/api/auth/bypass', { code: 'LOST01', attempt: once?.attempt });
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual({ message: INVALID });
    expect(other.jar.has('gavel_session')).toBe(false);
    const third = attempts()[2];
    expect(third?.attempt).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(third?.attempt).not.toBe(once?.attempt);
  });

  it("gives a browser's next sign-in a new key once one succeeded (its XSRF-TOKEN is new)", async () => {
    const c = client();
    await c.prime();
    const before = responders.callsTo(SUBJECTS.identity.bypass).length;
    expect((await c.post('/api/auth/bypass', { code: 'FRESH1' })).status).toBe(200);
    expect((await c.post('/api/auth/bypass', { code: 'FRESH1' })).status).toBe(401);
    const [signedIn, next] = attempts().slice(before);
    expect(next?.attempt).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next?.attempt).not.toBe(signedIn?.attempt);
  });
});
