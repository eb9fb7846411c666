import { type Permission, ROLE_ADMIN, ROLE_GLOBAL_ADMIN, ROLE_SITE_ADMIN } from '@gavel/contracts';
import { directOutbox, type Outbox, runWhenMain } from '@gavel/service-kit';
import { dayLongSignInCode, withMigratedIdentity } from './cli.js';
import { IDENTITY_SCHEMA, type PrismaClient } from './db/prisma.js';
import { createIdentityServices } from './identity.services.js';

/**
 * Demo data for `npm run up`: one association served on localhost, its roles, and users for each kind of
 * person, all with the same password. Idempotent: what exists is left alone, so a second run writes
 * nothing and emits no events; only a fresh bypass code is issued each time.
 */

export const DEMO_PASSWORD = 'gavel-demo';
export const DEMO_DOMAINS = ['localhost', '127.0.0.1'];

const DEMO_TENANT = {
  name: 'Demo Association',
  usesNicknames: true,
  company: 'Demo Association',
  defaultFromName: 'Demo Association',
};

const DEMO_ROLES: { name: string; permissions: Permission[] }[] = [
  { name: ROLE_GLOBAL_ADMIN, permissions: [] },
  { name: ROLE_SITE_ADMIN, permissions: [] },
  { name: ROLE_ADMIN, permissions: [] },
  {
    name: 'Meeting Runner',
    permissions: [
      'run meetings',
      'update meetings',
      'create motions',
      'update motions',
      'delete motions',
      'modify meeting attendance',
    ],
  },
  { name: 'Staff', permissions: ['view any meeting'] },
];

interface DemoUser {
  email: string;
  first_name: string;
  last_name: string;
  nrds?: string;
  nickname?: string;
  roles: string[];
}

const DEMO_USERS: DemoUser[] = [
  { email: 'admin@demo.gavel.test', first_name: 'Ada', last_name: 'Admin', roles: [ROLE_GLOBAL_ADMIN] },
  { email: 'runner@demo.gavel.test', first_name: 'Rita', last_name: 'Runner', roles: ['Meeting Runner'] },
  ...['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve'].map(
    (last, i): DemoUser => ({
      email: `member${i + 1}@demo.gavel.test`,
      first_name: 'Member',
      last_name: last,
      nrds: `1000000${String(i + 1).padStart(2, '0')}`,
      ...(i === 1 ? { nickname: 'Deuce' } : {}),
      roles: [],
    }),
  ),
  { email: 'staff@demo.gavel.test', first_name: 'Sam', last_name: 'Staff', roles: ['Staff'] },
];

export interface SeedSummary {
  tenantId: string;
  tenantCreated: boolean;
  domainsAdded: number;
  rolesChanged: string[];
  users: { email: string; name: string; roles: string[]; created: boolean }[];
  password: string;
  bypass: { email: string; code: string; to: string; expires_at: string };
}

/** Seeds the demo association into a migrated identity schema. */
export async function seedDemo(
  prisma: PrismaClient,
  outbox: Outbox = directOutbox(IDENTITY_SCHEMA),
): Promise<SeedSummary> {
  const services = createIdentityServices(prisma, outbox);
  const [firstDomain] = DEMO_DOMAINS as [string, ...string[]];

  const existing = await services.tenants.resolve(firstDomain);
  const tenant = existing ?? (await services.tenants.create({ ...DEMO_TENANT, domains: DEMO_DOMAINS }));
  const domainsAdded = await services.tenants.addDomains(tenant.id, DEMO_DOMAINS);

  const rolesChanged: string[] = [];
  for (const role of DEMO_ROLES) {
    const { changed } = await services.roles.ensure(tenant.id, role.name, role.permissions);
    if (changed) rolesChanged.push(role.name);
  }

  const users: SeedSummary['users'] = [];
  for (const demo of DEMO_USERS) {
    const name = `${demo.first_name} ${demo.last_name}`;
    if (await services.users.findIdByEmail(tenant.id, demo.email)) {
      users.push({ email: demo.email, name, roles: demo.roles, created: false });
      continue;
    }
    await services.users.create(tenant.id, { ...demo, password: DEMO_PASSWORD });
    users.push({ email: demo.email, name, roles: demo.roles, created: true });
  }

  const bypassEmail = 'member1@demo.gavel.test';
  const memberId = await services.users.findIdByEmail(tenant.id, bypassEmail);
  if (!memberId) throw new Error(`${bypassEmail} is missing after seeding`);
  const bypass = await dayLongSignInCode(services, tenant.id, memberId, 'seed');

  return {
    tenantId: tenant.id,
    tenantCreated: !existing,
    domainsAdded,
    rolesChanged,
    users,
    password: DEMO_PASSWORD,
    bypass: { email: bypassEmail, ...bypass },
  };
}

export function formatSummary(summary: SeedSummary): string {
  const created = summary.users.filter((u) => u.created).length;
  const width = Math.max(...summary.users.map((u) => u.email.length));
  return [
    `Demo Association (${summary.tenantId}) on ${DEMO_DOMAINS.join(', ')}: ` +
      `${summary.tenantCreated ? 'created' : 'already there'}; ` +
      `${created} user(s) created, ${summary.users.length - created} already there; ` +
      `roles changed: ${summary.rolesChanged.join(', ') || 'none'}.`,
    '',
    `Demo logins (password: ${summary.password}):`,
    ...summary.users.map(
      (u) => `  ${u.email.padEnd(width)}  ${u.name}${u.roles.length ? ` (${u.roles.join(', ')})` : ''}`,
    ),
    '',
    `One-time bypass code for ${summary.bypass.email}: ${summary.bypass.code} ` +
      `(goes to ${summary.bypass.to}, valid until ${summary.bypass.expires_at})`,
  ].join('\n');
}

/** `node services/identity/dist/seed.js`: migrate, seed, print the logins. */
runWhenMain(import.meta.url, 'identity seed', () =>
  withMigratedIdentity(async (prisma) => {
    console.log(formatSummary(await seedDemo(prisma)));
  }),
);
