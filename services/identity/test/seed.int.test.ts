import {
  DEFAULT_VOTING_SETTINGS,
  EVENTS,
  PERMISSIONS,
  SUBJECTS,
  type TUserEvent,
  ZBypassReply,
  ZLoginReply,
  ZTenantResolveReply,
} from '@gavel/contracts';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, formatSummary, type SeedSummary, seedDemo } from '../src/seed.js';
import { ctx, type Harness, outboxDrained, startHarness, streamEvents } from './support.js';

const TABLES = [
  'tenants',
  'tenant_domains',
  'users',
  'roles',
  'role_permissions',
  'user_roles',
  'user_permissions',
];

describe('demo seed', () => {
  let h: Harness;
  let first: SeedSummary;
  let second: SeedSummary;

  const counts = async () => {
    const out: Record<string, number> = {};
    for (const table of [...TABLES, 'gavel_outbox']) {
      const rows = await h.service.runtime.prisma.$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM identity.${table}`,
      );
      out[table] = rows[0]?.n ?? -1;
    }
    return out;
  };

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('seeds the demo association, and a second run changes nothing and emits nothing', async () => {
    first = await seedDemo(h.service.runtime.prisma);
    expect(first.tenantCreated).toBe(true);
    expect(first.users.filter((u) => u.created)).toHaveLength(15);
    const after1 = await counts();
    expect(after1).toMatchObject({ tenants: 1, tenant_domains: 2, users: 15, roles: 5, gavel_outbox: 15 });

    await eventually(async () => (await streamEvents(h, EVENTS.identity.userCreated)).length >= 15, 10_000);
    await outboxDrained(h);

    second = await seedDemo(h.service.runtime.prisma);
    expect(second.tenantId).toBe(first.tenantId);
    expect(second.tenantCreated).toBe(false);
    expect(second.domainsAdded).toBe(0);
    expect(second.rolesChanged).toEqual([]);
    expect(second.users.filter((u) => u.created)).toEqual([]);
    expect(await counts()).toEqual(after1);

    await new Promise((r) => setTimeout(r, 300));
    await outboxDrained(h);
    const events = await streamEvents<TUserEvent>(h, EVENTS.identity.userCreated);
    expect(events).toHaveLength(15);
    expect(new Set(events.map((e) => e.payload.user.email)).size).toBe(15);
  });

  it('serves the demo tenant on localhost and 127.0.0.1, with the demo logins', async () => {
    for (const host of ['localhost', '127.0.0.1']) {
      const tenant = await h.call(SUBJECTS.identity.tenantResolve, ctx(''), { host }, ZTenantResolveReply);
      expect(tenant).toEqual({
        id: first.tenantId,
        name: 'Demo Association',
        uses_nicknames: true,
        default_from_name: 'Demo Association',
        company: 'Demo Association',
        time_zone: null,
        voting: DEFAULT_VOTING_SETTINGS,
      });
    }
    const login = (email: string) =>
      h.call(SUBJECTS.identity.login, ctx(first.tenantId), { email, password: DEMO_PASSWORD }, ZLoginReply);

    const admin = await login('admin@demo.gavel.test');
    expect(admin.body.user.name).toBe('Ada Admin');
    expect(admin.body.permissions).toEqual([...PERMISSIONS]);

    const runner = await login('runner@demo.gavel.test');
    expect([...runner.body.permissions].sort()).toEqual(
      [
        'create motions',
        'delete motions',
        'modify meeting attendance',
        'run meetings',
        'update meetings',
        'update motions',
      ].sort(),
    );
    expect((await login('staff@demo.gavel.test')).body.permissions).toEqual(['view any meeting']);
    const member = await login('member2@demo.gavel.test');
    expect(member.body.user).toMatchObject({ name: 'Member Two', nickname: 'Deuce', nrds: '100000002' });
    expect((await login('member12@demo.gavel.test')).body.user).toMatchObject({
      name: 'Member Twelve',
      nrds: '100000012',
    });
    expect(member.body.permissions).toEqual([]);
  });

  it('issues a fresh one-time bypass code for member1 on every run', async () => {
    expect(first.bypass.code).not.toBe(second.bypass.code);
    const member1 = await h.call(
      SUBJECTS.identity.bypass,
      ctx(first.tenantId),
      { code: second.bypass.code },
      ZBypassReply,
    );
    expect(member1.body).toEqual({ to: '/' });
    const summary = formatSummary(second);
    expect(summary).toContain('admin@demo.gavel.test');
    expect(summary).toContain(DEMO_PASSWORD);
    expect(summary).toContain(second.bypass.code);
  });
});
