import { randomUUID } from 'node:crypto';
import {
  DEFAULT_VOTING_SETTINGS,
  PERMISSIONS,
  ROLE_GLOBAL_ADMIN,
  SUBJECTS,
  type TTenant,
  ZLoginReply,
  ZMe,
  ZPrincipalReply,
  ZTenantResolveReply,
} from '@gavel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ctx, type Harness, newRole, newTenant, newUser, PASSWORD, startHarness } from './support.js';

const BAD_CREDENTIALS = 'These credentials do not match our records.';

describe('tenants, sign-in, me and principals', () => {
  let h: Harness;
  let tenant: TTenant & { domain: string };
  let other: TTenant & { domain: string };

  beforeAll(async () => {
    h = await startHarness();
    tenant = await newTenant(h, 'Association A');
    other = await newTenant(h, 'Association B');
  });
  afterAll(async () => {
    await h?.stop();
  });

  const login = (tenantId: string, email: string, password: string) =>
    h.call(SUBJECTS.identity.login, ctx(tenantId), { email, password }, ZLoginReply);

  describe('tenant resolve', () => {
    it('finds the tenant by host name, whatever its case', async () => {
      const found = await h.call(
        SUBJECTS.identity.tenantResolve,
        ctx(''),
        { host: tenant.domain.toUpperCase() },
        ZTenantResolveReply,
      );
      expect(found).toEqual({
        id: tenant.id,
        name: 'Association A',
        uses_nicknames: false,
        default_from_name: null,
        company: null,
        time_zone: null,
        voting: DEFAULT_VOTING_SETTINGS,
      });
    });

    it("answers the caller's own tenant by id, with its voting settings", async () => {
      await h.service.runtime.prisma.tenant.update({
        where: { id: tenant.id },
        data: { abstainLabel: 'Present', hideAbstain: true, defaultResultVisibility: 'hide_all' },
      });
      const found = await h.call(SUBJECTS.identity.tenantGet, ctx(tenant.id), {}, ZTenantResolveReply);
      expect(found?.voting).toEqual({
        abstain_label: 'Present',
        hide_abstain: true,
        show_vote_progress: true,
        default_result_visibility: 'hide_all',
      });
      await h.service.runtime.prisma.tenant.update({
        where: { id: tenant.id },
        data: { abstainLabel: 'Abstain', hideAbstain: false, defaultResultVisibility: null },
      });
      expect(
        await h.call(SUBJECTS.identity.tenantGet, ctx(randomUUID()), {}, ZTenantResolveReply),
      ).toBeNull();
    });

    it('answers null for a host no tenant is served on', async () => {
      expect(
        await h.call(
          SUBJECTS.identity.tenantResolve,
          ctx(''),
          { host: 'nobody.example.test' },
          ZTenantResolveReply,
        ),
      ).toBeNull();
    });
  });

  describe('login', () => {
    it('signs in with email and password and answers the user, roles, permissions and tenant', async () => {
      const user = await newUser(h, tenant.id, { first_name: 'Lena', last_name: 'Login' });
      const reply = await login(tenant.id, user.email.toUpperCase(), PASSWORD);
      expect(reply.userId).toBe(user.id);
      expect(reply.body.user).toMatchObject({ id: user.id, email: user.email, name: 'Lena Login' });
      expect(reply.body.tenant.id).toBe(tenant.id);
      expect(reply.body.roles).toEqual([]);
      expect(reply.body.permissions).toEqual([]);
    });

    it('refuses a wrong password', async () => {
      const user = await newUser(h, tenant.id);
      await expect(login(tenant.id, user.email, `${PASSWORD}!`)).rejects.toMatchObject({
        code: 'unauthenticated',
        message: BAD_CREDENTIALS,
      });
    });

    it('refuses an unknown email with the same message (timing: see password.service.test)', async () => {
      await expect(login(tenant.id, 'nobody@example.test', PASSWORD)).rejects.toMatchObject({
        code: 'unauthenticated',
        message: BAD_CREDENTIALS,
      });
    });

    it('does not sign in a user of another tenant, nor one without a password', async () => {
      const foreign = await newUser(h, other.id);
      await expect(login(tenant.id, foreign.email, PASSWORD)).rejects.toMatchObject({
        code: 'unauthenticated',
      });
      const passwordless = await newUser(h, tenant.id, { password: null });
      await expect(login(tenant.id, passwordless.email, PASSWORD)).rejects.toMatchObject({
        code: 'unauthenticated',
        message: BAD_CREDENTIALS,
      });
    });

    it('answers a validation error for a malformed email', async () => {
      await expect(login(tenant.id, 'not-an-email', PASSWORD)).rejects.toMatchObject({
        code: 'bad_request',
        errors: { email: ['The email must be a valid email address.'] },
      });
    });
  });

  describe('me', () => {
    it('answers the signed-in user with roles and tenant', async () => {
      await newRole(h, tenant.id, 'Greeter', ['modify meeting rsvps']);
      const user = await newUser(h, tenant.id, {
        roles: ['Greeter'],
        nickname: 'Sunny',
        displayed_first_name: 'Sue',
      });
      const me = await h.call(SUBJECTS.identity.me, ctx(tenant.id, { userId: user.id }), {}, ZMe);
      expect(me.user).toMatchObject({ id: user.id, displayed_first_name: 'Sue', nickname: 'Sunny' });
      expect(me.user.name).toBe(`Sue ${user.last_name}`);
      expect(me.roles).toEqual([
        { id: expect.any(String), name: 'Greeter', permissions: [{ name: 'modify meeting rsvps' }] },
      ]);
      expect(me.permissions).toEqual(['modify meeting rsvps']);
      expect(me.tenant.name).toBe('Association A');
    });

    it('answers unauthenticated without a user, or for a user of another tenant', async () => {
      await expect(h.call(SUBJECTS.identity.me, ctx(tenant.id), {}, ZMe)).rejects.toMatchObject({
        code: 'unauthenticated',
      });
      const foreign = await newUser(h, other.id);
      await expect(
        h.call(SUBJECTS.identity.me, ctx(tenant.id, { userId: foreign.id }), {}, ZMe),
      ).rejects.toMatchObject({ code: 'unauthenticated' });
    });
  });

  describe('effective permissions', () => {
    const principal = (tenantId: string, userId: string) =>
      h.call(SUBJECTS.identity.principalGet, ctx(tenantId), { userId }, ZPrincipalReply);

    it('gives a global admin every permission', async () => {
      const admin = await newUser(h, tenant.id, { roles: [ROLE_GLOBAL_ADMIN] });
      expect(await principal(tenant.id, admin.id)).toEqual({
        userId: admin.id,
        roles: [ROLE_GLOBAL_ADMIN],
        permissions: [...PERMISSIONS],
      });
      const me = await h.call(SUBJECTS.identity.me, ctx(tenant.id, { userId: admin.id }), {}, ZMe);
      expect(me.permissions).toEqual([...PERMISSIONS]);
    });

    it("is the union of the roles' permissions and the direct ones", async () => {
      await newRole(h, tenant.id, 'Clerk', ['create meetings', 'update meetings']);
      await newRole(h, tenant.id, 'Scribe', ['update meetings', 'create motions']);
      const user = await newUser(h, tenant.id, {
        roles: ['Clerk', 'Scribe'],
        permissions: ['view any meeting', 'create meetings'],
      });
      const found = await principal(tenant.id, user.id);
      expect(found?.roles).toEqual(['Clerk', 'Scribe']);
      expect([...(found?.permissions ?? [])].sort()).toEqual(
        ['create meetings', 'create motions', 'update meetings', 'view any meeting'].sort(),
      );
      // /api/me lists each role with its permissions, each with a name (the spec's User entity).
      const me = await h.call(SUBJECTS.identity.me, ctx(tenant.id, { userId: user.id }), {}, ZMe);
      expect(me.roles.map(({ name, permissions }) => ({ name, permissions }))).toEqual([
        { name: 'Clerk', permissions: [{ name: 'create meetings' }, { name: 'update meetings' }] },
        { name: 'Scribe', permissions: [{ name: 'create motions' }, { name: 'update meetings' }] },
      ]);
    });

    it('answers null for a user of another tenant or an unknown id', async () => {
      const foreign = await newUser(h, other.id);
      expect(await principal(tenant.id, foreign.id)).toBeNull();
      expect(await principal(tenant.id, 'not-a-uuid')).toBeNull();
    });
  });
});
