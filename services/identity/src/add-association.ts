import { parseArgs } from 'node:util';
import { BUILT_IN_ROLES, ROLE_GLOBAL_ADMIN } from '@gavel/contracts';
import { directOutbox, type Outbox, runWhenMain } from '@gavel/service-kit';
import { z } from 'zod';
import { dayLongSignInCode, withMigratedIdentity } from './cli.js';
import { IDENTITY_SCHEMA, type PrismaClient } from './db/prisma.js';
import { createIdentityServices } from './identity.services.js';

/**
 * An association on a deployment and its first administrator: what an operator runs once after installing
 * (the demo seed is for local use only). Idempotent: an association already served on the first host name
 * gets any host names it lacks, an administrator already there is left as they are; either way a fresh
 * one-time bypass code is issued, so the administrator can sign in without a password being passed around.
 */

export const ZNewAssociation = z.object({
  name: z.string().trim().min(1, 'The association needs a name (--name).').max(255),
  domains: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z0-9.-]+$/, 'A host name has letters, digits, dots and dashes only (no scheme or port).'),
    )
    .min(1, 'The association needs at least one host name (--domain).'),
  admin: z.object({
    email: z.string().trim().email('The administrator needs a valid email address (--admin-email).'),
    first_name: z.string().trim().min(1, 'The administrator needs a first name (--admin-first).').max(255),
    last_name: z.string().trim().min(1, 'The administrator needs a last name (--admin-last).').max(255),
    /** Optional: without one the administrator signs in with the bypass code. */
    password: z.string().min(12, 'A password needs at least 12 characters.').max(1024).optional(),
  }),
});
export type TNewAssociation = z.input<typeof ZNewAssociation>;

export interface AddedAssociation {
  tenantId: string;
  created: boolean;
  domainsAdded: number;
  adminCreated: boolean;
  bypass: { code: string; to: string; expires_at: string };
}

/** Creates (or completes) the association and its administrator, and issues the administrator a code. */
export async function addAssociation(
  prisma: PrismaClient,
  input: TNewAssociation,
  outbox: Outbox = directOutbox(IDENTITY_SCHEMA),
): Promise<AddedAssociation> {
  const data = ZNewAssociation.parse(input);
  const services = createIdentityServices(prisma, outbox);
  const [primary] = data.domains as [string, ...string[]];
  const existing = await services.tenants.resolve(primary);
  const tenant =
    existing ??
    (await services.tenants.create({
      name: data.name,
      company: data.name,
      defaultFromName: data.name,
      domains: data.domains,
    }));
  const domainsAdded = existing ? await services.tenants.addDomains(tenant.id, data.domains) : 0;
  for (const role of BUILT_IN_ROLES) {
    await services.roles.ensure(tenant.id, role);
  }

  let adminId = await services.users.findIdByEmail(tenant.id, data.admin.email);
  const adminCreated = !adminId;
  if (!adminId) {
    adminId = (await services.users.create(tenant.id, { ...data.admin, roles: [ROLE_GLOBAL_ADMIN] })).id;
  }
  const bypass = await dayLongSignInCode(services, tenant.id, adminId, 'add-association');
  return { tenantId: tenant.id, created: !existing, domainsAdded, adminCreated, bypass };
}

export function formatAdded(input: TNewAssociation, added: AddedAssociation): string {
  const [primary] = input.domains;
  return [
    `${input.name} (${added.tenantId}): ${added.created ? 'created' : `already there, ${added.domainsAdded} host name(s) added`}.`,
    `Administrator ${input.admin.email}: ${added.adminCreated ? 'created (global admin)' : 'already there, left as is'}.`,
    `One-time sign-in code: ${added.bypass.code}, at https://${primary}/login/bypass ` +
      `(valid until ${added.bypass.expires_at}).`,
  ].join('\n');
}

const USAGE = `Usage: node services/identity/dist/add-association.js --name "Board of Realtors" \\
  --domain vote.board.example [--domain more.example] \\
  --admin-email admin@board.example --admin-first Ada --admin-last Lovelace
The administrator's password, if any, comes from GAVEL_ADMIN_PASSWORD (at least 12 characters), never from
the command line; without one they sign in with the printed one-time code.`;

/** The command line as the input it names, or a usage error. */
export function parseCommandLine(argv: string[], env: Record<string, string | undefined>): TNewAssociation {
  const { values } = parseArgs({
    args: argv,
    options: {
      name: { type: 'string' },
      domain: { type: 'string', multiple: true },
      'admin-email': { type: 'string' },
      'admin-first': { type: 'string' },
      'admin-last': { type: 'string' },
    },
    strict: true,
  });
  return {
    name: values.name ?? '',
    domains: values.domain ?? [],
    admin: {
      email: values['admin-email'] ?? '',
      first_name: values['admin-first'] ?? '',
      last_name: values['admin-last'] ?? '',
      ...(env.GAVEL_ADMIN_PASSWORD ? { password: env.GAVEL_ADMIN_PASSWORD } : {}),
    },
  };
}

runWhenMain(import.meta.url, 'adding the association', async () => {
  let input: TNewAssociation;
  try {
    input = parseCommandLine(process.argv.slice(2), process.env);
    const checked = ZNewAssociation.safeParse(input);
    if (!checked.success) throw new Error(checked.error.issues.map((i) => i.message).join('\n'));
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : err}\n\n${USAGE}`);
    process.exit(2);
  }
  await withMigratedIdentity(async (prisma) => {
    console.log(formatAdded(input, await addAssociation(prisma, input)));
  });
});
