import { join } from 'node:path';
import { EVENTS, PERMISSIONS, ROLE_ADMIN } from '@gavel/contracts';
import { IDENTITY_SCHEMA, PrismaClient } from '@gavel/identity/db';
import { createIdentityServices, type IdentityServices } from '@gavel/identity/services';
import { createPrismaClient, directOutbox, prefixed, streamName } from '@gavel/service-kit';
import { eventually, freePort, ServiceProcess, type TestEnvironment, testEnvironment } from '@gavel/test-kit';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, root, run } from './support.js';

/**
 * The real processes, as `npm run up` runs them: the identity service and the gateway from their builds,
 * on this file's own database, subject prefix and Redis prefix; called over HTTP like a browser would.
 */

describe('gateway, identity and committees, as separate processes', () => {
  let env: TestEnvironment;
  let identity: ServiceProcess;
  let committees: ServiceProcess;
  let gateway: ServiceProcess;
  let httpPort = 0;
  let prisma: PrismaClient;
  let services: IdentityServices;
  const tenantB = { id: '', domain: 'other-association.example.test' };

  beforeAll(async () => {
    env = await testEnvironment();
    const [identityHealth, committeesHealth, gatewayHealth] = [
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    httpPort = await freePort();
    const identityEnv = env.env({ HEALTH_PORT: String(identityHealth) });
    await run('services/identity/dist/seed.js', identityEnv);

    prisma = createPrismaClient(PrismaClient, { connectionString: env.db.url, schema: IDENTITY_SCHEMA });
    services = createIdentityServices(prisma, directOutbox(IDENTITY_SCHEMA));
    const b = await services.tenants.create({ name: 'Other Association', domains: [tenantB.domain] });
    tenantB.id = b.id;
    await services.roles.ensure(b.id, ROLE_ADMIN);
    await services.users.create(b.id, {
      first_name: 'Bea',
      last_name: 'Other',
      email: 'bea@other.example.test',
      password: 'other-password',
      roles: [ROLE_ADMIN],
    });

    identity = new ServiceProcess(
      'identity',
      join(root, 'services/identity/dist/main.js'),
      identityEnv,
      identityHealth,
    );
    gateway = new ServiceProcess(
      'gateway',
      join(root, 'services/gateway/dist/main.js'),
      env.env({ HTTP_PORT: String(httpPort), HEALTH_PORT: String(gatewayHealth), HOST: '127.0.0.1' }),
      gatewayHealth,
    );
    const committeesEnv = env.env({ HEALTH_PORT: String(committeesHealth) });
    committees = new ServiceProcess(
      'committees',
      join(root, 'services/committees/dist/main.js'),
      committeesEnv,
      committeesHealth,
    );
    await identity.start();
    // The committees seed asks identity for the demo users, as `npm run up` does.
    await run('services/committees/dist/seed.js', committeesEnv);
    await committees.start();
    await gateway.start();
  }, 120_000);

  afterAll(async () => {
    await gateway?.stop();
    await committees?.stop();
    await identity?.stop();
    await prisma?.$disconnect();
    await env?.cleanup();
  });

  it('signs the demo admin in through the gateway, and /api/me lists every permission', async () => {
    const browser = new Browser(() => httpPort, `localhost:${httpPort}`);
    const first = await browser.call('GET', '/api/me');
    expect(first.status).toBe(401);
    expect(browser.cookies.has('XSRF-TOKEN')).toBe(true);

    const login = await browser.signIn('admin@demo.gavel.test', 'gavel-demo');
    expect(login.status).toBe(200);
    expect(login.setCookies.find((c) => c.startsWith('gavel_session='))).toMatch(/HttpOnly/i);

    const me = await browser.call('GET', '/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: 'admin@demo.gavel.test' });
    expect(me.body.tenant).toMatchObject({ name: 'Demo Association' });
    expect([...(me.body.permissions as string[])].sort()).toEqual([...PERMISSIONS].sort());

    const out = await browser.call('POST', '/api/auth/logout');
    expect(out.status).toBe(200);
    expect((await browser.call('GET', '/api/me')).status).toBe(401);
  });

  it('refuses a wrong password with the message, and a member without admin rights the user list', async () => {
    const browser = new Browser(() => httpPort, `localhost:${httpPort}`);
    const wrong = await browser.signIn('member1@demo.gavel.test', 'not-it');
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('These credentials do not match our records.');

    expect((await browser.signIn('member1@demo.gavel.test', 'gavel-demo')).status).toBe(200);
    const list = await browser.call('POST', '/api/admin/users/list', { last_name: 'Member' });
    expect(list.status).toBe(403);
    expect(list.body.message).toEqual(expect.any(String));
  });

  it("keeps associations apart: B's admin never sees A's users, and B's session is useless on A's host", async () => {
    const a = new Browser(() => httpPort, `localhost:${httpPort}`);
    expect((await a.signIn('admin@demo.gavel.test', 'gavel-demo')).status).toBe(200);
    const fromA = await a.call('POST', '/api/admin/users/list', { email: 'demo.gavel.test' });
    expect(fromA.status).toBe(200);
    expect((fromA.body as unknown as unknown[]).length).toBeGreaterThanOrEqual(8);

    const b = new Browser(() => httpPort, tenantB.domain);
    expect((await b.signIn('bea@other.example.test', 'other-password')).status).toBe(200);
    const fromB = await b.call('POST', '/api/admin/users/list', { email: 'demo.gavel.test' });
    expect(fromB.status).toBe(200);
    expect(fromB.body).toEqual([]);
    // A's admin cannot sign in on B's host either.
    const crossLogin = await new Browser(() => httpPort, tenantB.domain).signIn(
      'admin@demo.gavel.test',
      'gavel-demo',
    );
    expect(crossLogin.status).toBe(401);

    const stolen = new Browser(() => httpPort, `localhost:${httpPort}`);
    for (const [k, v] of b.cookies) stolen.cookies.set(k, v);
    expect((await stolen.call('GET', '/api/me')).status).toBe(401);
  });

  it("serves committees through the gateway: the admin's year list, a member's own answer, and identity's renames by event", async () => {
    const admin = new Browser(() => httpPort, `localhost:${httpPort}`);
    expect((await admin.signIn('admin@demo.gavel.test', 'gavel-demo')).status).toBe(200);
    const years = (await admin.call('GET', '/api/admin/years')).body as unknown as {
      year: number;
      is_current: boolean;
    }[];
    const current = years.find((y) => y.is_current)?.year;
    const list = await admin.call('GET', `/api/admin/${current}/committees`);
    expect(list.status).toBe(200);
    const codes = (list.body as unknown as { code: string }[]).map((c) => c.code);
    expect(codes).toEqual(expect.arrayContaining(['FIN', 'BUD', 'MEM', 'BYL']));

    // member 11 is a tentative member of FIN and answers for themself; a member may not use the admin call
    const member = new Browser(() => httpPort, `localhost:${httpPort}`);
    expect((await member.signIn('member11@demo.gavel.test', 'gavel-demo')).status).toBe(200);
    const mine = (await member.call('GET', '/api/me/committees')).body as unknown as {
      id: string;
      appointment_status: string;
      committee: { code: string };
    }[];
    const fin = mine.find((a) => a.committee.code === 'FIN');
    expect(fin?.appointment_status).toBe('Tentative');
    expect(
      (await member.call('PUT', `/api/admin/appointments/member/${fin?.id}`, { decision: 'Accept' })).status,
    ).toBe(403);
    const answered = await member.call('PUT', `/api/me/appointments/${fin?.id}`, { decision: 'Accept' });
    expect(answered.status).toBe(200);
    expect(answered.body.appointment_status).toBe('Accepted');
    // the admin puts it back, which only the admin may do
    const reset = await admin.call('PUT', `/api/admin/appointments/member/${fin?.id}`, { decision: 'Reset' });
    expect(reset.body.appointment_status).toBe('Tentative');

    // a rename in identity reaches the committees' display copy through the event stream
    const search = (await admin.call('POST', '/api/admin/users/list', { email: 'member11@' }))
      .body as unknown as {
      id: string;
    }[];
    const id = search[0]?.id ?? '';
    const view = (await admin.call('GET', `/api/admin/users/${id}`)).body as unknown as {
      user: { first_name: string; last_name: string; email: string };
      roles: string[];
    };
    const renamed = await admin.call('PUT', `/api/admin/users/${id}`, {
      first_name: view.user.first_name,
      last_name: 'Elevenfold',
      email: view.user.email,
      roles: view.roles,
    });
    expect(renamed.status).toBe(200);
    await eventually(async () => {
      const members = (await admin.call('GET', '/api/admin/committee/FIN/members')).body as unknown as {
        user: { id: string; last_name: string };
      }[];
      return members.find((m) => m.user.id === id)?.user.last_name === 'Elevenfold';
    }, 15_000);
  }, 60_000);

  it('survives a killed service: 503 while identity is down, then the same session works, the outbox resumes, and a restarted gateway keeps the session', async () => {
    const browser = new Browser(() => httpPort, `localhost:${httpPort}`);
    expect((await browser.signIn('staff@demo.gavel.test', 'gavel-demo')).status).toBe(200);

    await identity.kill();
    const down = await browser.call('GET', '/api/me');
    expect(down.status).toBe(503);
    expect(down.body.message).toMatch(/identity service/);

    // Written while the service is down: only the outbox row exists until a publisher runs.
    const created = await services.users.create(tenantB.id, {
      first_name: 'Late',
      last_name: 'Comer',
      email: 'late@other.example.test',
      password: null,
    });

    await identity.start(); // the gateway is not restarted
    const back = await browser.call('GET', '/api/me');
    expect(back.status).toBe(200);
    expect(back.body.user).toMatchObject({ email: 'staff@demo.gavel.test' });

    // The gateway keeps nothing of its own: killed and started again, the same session still works.
    await gateway.kill();
    await gateway.start();
    const again = await browser.call('GET', '/api/me');
    expect(again.status).toBe(200);
    expect(again.body.user).toMatchObject({ email: 'staff@demo.gavel.test' });

    const nc = await connect({ servers: env.infra.natsUrl });
    try {
      const jsm = await jetstreamManager(nc);
      const found = await eventually(async () => {
        const msg = await jsm.streams
          .getMessage(streamName(env.prefix), {
            last_by_subj: prefixed(env.prefix, EVENTS.identity.userCreated),
          })
          .catch(() => null);
        const payload = msg?.json<{ user: { id: string } }>();
        return payload?.user.id === created.id ? payload : null;
      }, 15_000);
      expect(found.user.id).toBe(created.id);
    } finally {
      await nc.close();
    }
  }, 60_000);
});
