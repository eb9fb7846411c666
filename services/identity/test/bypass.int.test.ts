import { createHash } from 'node:crypto';
import {
  ROLE_ADMIN,
  ROLE_GLOBAL_ADMIN,
  ROLE_SITE_ADMIN,
  SUBJECTS,
  type TRequestContext,
  type TTenant,
  ZBypassCreateReply,
  ZBypassReply,
} from '@gavel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ctx, type Harness, newTenant, newUser, signedIn, startHarness } from './support.js';

const INVALID = 'This code is invalid or has expired.';

describe('bypass codes', () => {
  let h: Harness;
  let tenant: TTenant;
  let other: TTenant;
  let siteAdmin: TRequestContext;
  let otherAdmin: TRequestContext;

  beforeAll(async () => {
    h = await startHarness();
    tenant = await newTenant(h);
    other = await newTenant(h);
    siteAdmin = (await signedIn(h, tenant.id, { roles: [ROLE_SITE_ADMIN] })).ctx;
    otherAdmin = (await signedIn(h, other.id, { roles: [ROLE_GLOBAL_ADMIN] })).ctx;
  });
  afterAll(async () => {
    await h?.stop();
  });

  const create = (as: TRequestContext, userId: string, input: { to?: string; ttlMinutes?: number } = {}) =>
    h.call(SUBJECTS.identity.bypassCreate, as, { userId, ...input }, ZBypassCreateReply);
  const redeem = (tenantId: string, code: string, attempt?: string) =>
    h.call(SUBJECTS.identity.bypass, ctx(tenantId), { code, attempt }, ZBypassReply);
  /** An attempt key as the gateway derives one: a hash of what a browser sends again when it retries. */
  const attemptKey = (browser: string) => createHash('sha256').update(browser).digest('hex');

  it('creates a 6-character [A-Z0-9] code that signs its user in once and answers where to go', async () => {
    const user = await newUser(h, tenant.id);
    const created = await create(siteAdmin, user.id, { to: '/meeting/ABC/1', ttlMinutes: 30 });
    expect(created.code).toMatch(/^[A-Z0-9]{6}$/);
    expect(created.to).toBe('/meeting/ABC/1');
    const expires = Date.parse(created.expires_at) - Date.now();
    expect(expires).toBeGreaterThan(29 * 60_000);
    expect(expires).toBeLessThanOrEqual(30 * 60_000);

    expect(await redeem(tenant.id, created.code)).toEqual({
      userId: user.id,
      body: { to: '/meeting/ABC/1' },
    });
  });

  it('refuses a code used before', async () => {
    const user = await newUser(h, tenant.id);
    const { code } = await create(siteAdmin, user.id);
    await redeem(tenant.id, code);
    await expect(redeem(tenant.id, code)).rejects.toMatchObject({
      code: 'unauthenticated',
      message: INVALID,
    });
  });

  it('answers a retry of the attempt that used a code again, for 2 minutes, and no other attempt', async () => {
    const user = await newUser(h, tenant.id);
    const { code } = await create(siteAdmin, user.id, { to: '/meeting/ABC/2' });
    const mine = attemptKey('browser one');
    const first = await redeem(tenant.id, code, mine);
    expect(first).toEqual({ userId: user.id, body: { to: '/meeting/ABC/2' } });
    // The gateway gave up waiting, or could not store the session: the same browser tries again.
    expect(await redeem(tenant.id, code.toLowerCase(), mine)).toEqual(first);
    // Another browser, or a caller without a key, still finds the code used.
    for (const key of [attemptKey('browser two'), undefined]) {
      await expect(redeem(tenant.id, code, key)).rejects.toMatchObject({
        code: 'unauthenticated',
        message: INVALID,
      });
    }

    // Two minutes after the use, the code is plainly used, for its own attempt too.
    await h.service.runtime.prisma.bypassCode.updateMany({
      where: { tenantId: tenant.id, code },
      data: { usedAt: new Date(Date.now() - 2 * 60_000 - 1000) },
    });
    await expect(redeem(tenant.id, code, mine)).rejects.toMatchObject({
      code: 'unauthenticated',
      message: INVALID,
    });
  });

  it('answers both of two simultaneous uses by the same attempt, and one of two by different ones', async () => {
    const user = await newUser(h, tenant.id);
    for (let round = 0; round < 5; round++) {
      const { code } = await create(siteAdmin, user.id);
      const mine = attemptKey(`same browser ${round}`);
      const same = await Promise.all([redeem(tenant.id, code, mine), redeem(tenant.id, code, mine)]);
      expect(same.map((r) => r.userId)).toEqual([user.id, user.id]);
      const next = await create(siteAdmin, user.id);
      const results = await Promise.allSettled([
        redeem(tenant.id, next.code, attemptKey(`one ${round}`)),
        redeem(tenant.id, next.code, attemptKey(`two ${round}`)),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    }
  });

  it('refuses an attempt key that is not one the gateway makes', async () => {
    const user = await newUser(h, tenant.id);
    const { code } = await create(siteAdmin, user.id);
    await expect(redeem(tenant.id, code, 'short')).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('refuses an expired code', async () => {
    const user = await newUser(h, tenant.id);
    const { code } = await create(siteAdmin, user.id);
    await h.service.runtime.prisma.bypassCode.updateMany({
      where: { tenantId: tenant.id, code },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await expect(redeem(tenant.id, code)).rejects.toMatchObject({
      code: 'unauthenticated',
      message: INVALID,
    });
  });

  it("refuses another tenant's code, which stays usable in its own tenant", async () => {
    const foreign = await newUser(h, other.id);
    const { code } = await create(otherAdmin, foreign.id);
    await expect(redeem(tenant.id, code)).rejects.toMatchObject({
      code: 'unauthenticated',
      message: INVALID,
    });
    expect((await redeem(other.id, code)).userId).toBe(foreign.id);
  });

  it('refuses an unknown code', async () => {
    await expect(redeem(tenant.id, 'ZZZZZ9')).rejects.toMatchObject({
      code: 'unauthenticated',
      message: INVALID,
    });
  });

  it('accepts the code in any case', async () => {
    const user = await newUser(h, tenant.id);
    const { code } = await create(siteAdmin, user.id);
    expect((await redeem(tenant.id, code.toLowerCase())).userId).toBe(user.id);
  });

  it('lets exactly one of two simultaneous uses succeed', async () => {
    const user = await newUser(h, tenant.id);
    for (let round = 0; round < 5; round++) {
      const { code } = await create(siteAdmin, user.id);
      const results = await Promise.allSettled([redeem(tenant.id, code), redeem(tenant.id, code)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    }
  });

  it('rejects a malformed code before looking it up', async () => {
    await expect(redeem(tenant.id, 'abc')).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('lets only site admins create codes, for users of their own tenant', async () => {
    const user = await newUser(h, tenant.id);
    const admin = (await signedIn(h, tenant.id, { roles: [ROLE_ADMIN] })).ctx;
    await expect(create(admin, user.id)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(create(ctx(tenant.id), user.id)).rejects.toMatchObject({ code: 'forbidden' });
    const foreign = await newUser(h, other.id);
    await expect(create(siteAdmin, foreign.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('gives a site admin no code for a global admin, which would sign them in as that user', async () => {
    const boss = await newUser(h, tenant.id, { roles: [ROLE_GLOBAL_ADMIN] });
    await expect(create(siteAdmin, boss.id)).rejects.toMatchObject({ code: 'forbidden' });
    const peer = await newUser(h, tenant.id, { roles: [ROLE_SITE_ADMIN] });
    expect((await create(siteAdmin, peer.id)).code).toMatch(/^[A-Z0-9]{6}$/);
    const globalAdmin = (await signedIn(h, tenant.id, { roles: [ROLE_GLOBAL_ADMIN] })).ctx;
    expect((await create(globalAdmin, boss.id)).code).toMatch(/^[A-Z0-9]{6}$/);
  });

  it('sends users only to paths of this site', async () => {
    const user = await newUser(h, tenant.id);
    await expect(create(siteAdmin, user.id, { to: '//evil.example/' })).rejects.toMatchObject({
      code: 'bad_request',
      errors: { to: ['The address must be a path of this site.'] },
    });
  });

  it('defaults to the home page and a day', async () => {
    const user = await newUser(h, tenant.id);
    const created = await create(siteAdmin, user.id);
    expect(created.to).toBe('/');
    expect(Date.parse(created.expires_at) - Date.now()).toBeGreaterThan(23 * 60 * 60_000);
  });
});
