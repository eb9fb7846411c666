import { randomUUID } from 'node:crypto';
import {
  ROLE_GLOBAL_ADMIN,
  SUBJECTS,
  type TAppointmentStatus,
  type TCommitteeCreateInput,
  type TRequestContext,
  type TUserSearchResult,
  ZTenantResolveReply,
  ZUserListReply,
} from '@gavel/contracts';
import {
  callService,
  connectNats,
  directOutbox,
  loadConfig,
  type Outbox,
  runWhenMain,
  withMigratedPrisma,
  withNats,
  ZServiceConfig,
} from '@gavel/service-kit';
import { CommitteeEvents } from './committees/committee.events.js';
import { CommitteeRepository } from './committees/committee.repository.js';
import { CommitteeService } from './committees/committee.service.js';
import { Database } from './db/database.js';
import { COMMITTEES_SCHEMA, PrismaClient } from './db/prisma.js';
import { upsertMemberUser } from './members/member-user.repository.js';
import { MembershipEvents } from './members/membership.events.js';
import { MembershipRepository } from './members/membership.repository.js';
import { MembershipService } from './members/membership.service.js';
import { MIGRATIONS_DIR } from './start.js';
import { YearEvents } from './years/year.events.js';
import { YearRepository } from './years/year.repository.js';
import { YearService } from './years/year.service.js';

/**
 * Demo committees for `npm run up`, for the demo association identity's seed creates (found over NATS,
 * so identity must be running). Idempotent: what exists is left alone, so a second run writes nothing
 * and emits no events. Events go into this service's outbox; the running service publishes them.
 */

export const DEMO_HOST = 'localhost';
export const DEMO_EMAIL_DOMAIN = 'demo.gavel.test';

/** The demo tenant and its users, as identity reports them. */
export interface DemoDirectory {
  tenantId: string;
  users: TUserSearchResult[];
}

type Member = [email: string, position: string, status: TAppointmentStatus, demographic?: string];

interface DemoCommittee {
  /** 'current', 'previous' or null (term-based). */
  when: 'current' | 'previous' | null;
  input: Omit<TCommitteeCreateInput, 'year'>;
  members: Member[];
}

const m = (n: number) => `member${n}@${DEMO_EMAIL_DOMAIN}`;
const ADMIN = `admin@${DEMO_EMAIL_DOMAIN}`;
const RUNNER = `runner@${DEMO_EMAIL_DOMAIN}`;
const STAFF = `staff@${DEMO_EMAIL_DOMAIN}`;

const plain = (name: string, code: string, nonVoting: string[] = []) => ({
  name,
  code,
  quorum: null,
  two_thirds_vote: false,
  chair_position: 'Chair',
  vchair_position: null,
  voting_rights: [
    { position: 'Chair', is_voting: true },
    { position: 'Member', is_voting: true },
    ...nonVoting.map((position) => ({ position, is_voting: false })),
  ],
  has_demographic: false,
  demographic_name: null,
  demographic_is_displayed: false,
  demographic_motion_filterable: false,
  demographic_display_prepend: false,
  demographics: [],
});

const REGIONS = ['North', 'Central', 'South'];

export const DEMO_COMMITTEES: DemoCommittee[] = [
  {
    when: 'current',
    input: {
      name: 'Finance Committee',
      code: 'FIN',
      quorum: 7,
      two_thirds_vote: false,
      chair_position: 'Chair',
      vchair_position: 'Vice Chair',
      voting_rights: [
        { position: 'Chair', is_voting: true },
        { position: 'Vice Chair', is_voting: true },
        { position: 'Member', is_voting: true },
      ],
      has_demographic: true,
      demographic_name: 'Region',
      demographic_is_displayed: true,
      demographic_motion_filterable: true,
      demographic_display_prepend: false,
      demographics: REGIONS,
    },
    members: Array.from({ length: 12 }, (_, i): Member => {
      const n = i + 1;
      const position = n === 1 ? 'Chair' : n === 2 ? 'Vice Chair' : 'Member';
      const status: TAppointmentStatus = n === 11 || n === 12 ? 'Tentative' : 'Accepted';
      return [m(n), position, status, REGIONS[i % REGIONS.length]];
    }),
  },
  {
    when: 'current',
    input: plain('Budget Committee', 'BUD', ['Staff Liaison']),
    members: [
      [ADMIN, 'Chair', 'Accepted'],
      [m(3), 'Member', 'Accepted'],
      [m(4), 'Member', 'Tentative'],
      [m(5), 'Member', 'Declined'],
      [STAFF, 'Staff Liaison', 'Accepted'],
    ],
  },
  {
    when: null,
    input: plain('Bylaws Committee', 'BYL'),
    members: [
      [RUNNER, 'Chair', 'Accepted'],
      [m(1), 'Member', 'Tentative'],
      [m(6), 'Member', 'Accepted'],
      [m(7), 'Member', 'Declined'],
    ],
  },
  {
    when: 'current',
    input: plain('Membership Committee', 'MEM'),
    members: [
      [m(2), 'Chair', 'Accepted'],
      [ADMIN, 'Member', 'Accepted'],
      [m(8), 'Member', 'Tentative'],
      [m(9), 'Member', 'Accepted'],
      [STAFF, 'Member', 'Declined'],
    ],
  },
  {
    when: 'previous',
    input: plain('Events Committee', 'EVT'),
    members: [
      [RUNNER, 'Chair', 'Accepted'],
      [m(10), 'Member', 'Accepted'],
      [m(1), 'Member', 'Declined'],
      [m(12), 'Member', 'Tentative'],
    ],
  },
];

export interface SeedSummary {
  tenantId: string;
  years: { year: number; is_current: boolean }[];
  usersCopied: number;
  committees: { code: string; year: number | null; created: boolean; membersAdded: number }[];
}

type Nats = Awaited<ReturnType<typeof connectNats>>;

/** Asks identity for the demo tenant (served on localhost) and its demo users. */
export async function fetchDemoDirectory(
  nc: Nats,
  opts: { prefix: string; timeoutMs?: number },
): Promise<DemoDirectory> {
  const call = { prefix: opts.prefix, timeoutMs: opts.timeoutMs ?? 10_000 };
  const anonymous: TRequestContext = {
    requestId: `seed-${randomUUID()}`,
    tenantId: '',
    userId: null,
    roles: [],
    permissions: [],
  };
  const tenant = await callService(
    nc,
    SUBJECTS.identity.tenantResolve,
    anonymous,
    { host: DEMO_HOST },
    ZTenantResolveReply,
    call,
  );
  if (!tenant) throw new Error(`no tenant is served on ${DEMO_HOST}: run identity's seed first`);
  const ctx: TRequestContext = {
    requestId: `seed-${randomUUID()}`,
    tenantId: tenant.id,
    userId: null,
    roles: [ROLE_GLOBAL_ADMIN],
    permissions: [],
  };
  const users = await callService(
    nc,
    SUBJECTS.identity.usersList,
    ctx,
    { email: DEMO_EMAIL_DOMAIN },
    ZUserListReply,
    call,
  );
  return { tenantId: tenant.id, users };
}

/** Seeds the demo committees into a migrated committees schema. */
export async function seedDemo(
  prisma: PrismaClient,
  directory: DemoDirectory,
  opts: { outbox?: Outbox; now?: Date } = {},
): Promise<SeedSummary> {
  const outbox = opts.outbox ?? directOutbox(COMMITTEES_SCHEMA);
  const db = new Database(prisma);
  const yearRepo = new YearRepository();
  // The first year recorded becomes current and is announced, so meetings and voting know it too.
  const years = new YearService(db, yearRepo, new YearEvents(outbox));
  const committeeRepo = new CommitteeRepository();
  const membershipRepo = new MembershipRepository();
  const membershipEvents = new MembershipEvents(outbox);
  const committees = new CommitteeService(
    db,
    committeeRepo,
    years,
    new CommitteeEvents(outbox),
    membershipRepo,
    membershipEvents,
  );
  const memberships = new MembershipService(db, membershipRepo, committees, yearRepo, membershipEvents);
  const { tenantId } = directory;
  const byEmail = new Map(directory.users.map((u) => [u.email.toLowerCase(), u]));
  const admin = byEmail.get(ADMIN);
  if (!admin) throw new Error(`${ADMIN} is not among identity's users: run identity's seed first`);
  const ctx: TRequestContext = {
    requestId: `seed-${randomUUID()}`,
    tenantId,
    userId: admin.id,
    roles: [ROLE_GLOBAL_ADMIN],
    permissions: [],
  };

  // The member users read model, as identity's user events keep it; users already copied are left alone.
  const repo = new MembershipRepository();
  let usersCopied = 0;
  await db.transaction(async (tx) => {
    for (const u of directory.users) {
      if (await repo.userExists(tx, tenantId, u.id)) continue;
      await upsertMemberUser(tx, {
        tenantId,
        user: {
          id: u.id,
          nrds: u.nrds,
          first_name: u.first_name,
          last_name: u.last_name,
          displayed_first_name: u.displayed_first_name,
          nickname: u.displayed_first_name !== u.first_name ? u.displayed_first_name : null,
          name: u.name,
          email: u.email,
          username: null,
          profile_display_url: u.profile_display_url,
        },
      });
      usersCopied += 1;
    }
  });

  const currentYear = (opts.now ?? new Date()).getUTCFullYear();
  const yearOf = (when: DemoCommittee['when']) =>
    when === 'current' ? currentYear : when === 'previous' ? currentYear - 1 : null;
  await db.transaction(async (tx) => {
    // A first seed makes this year current; a later one leaves the year an admin chose.
    await years.ensure(tx, tenantId, currentYear);
    await years.ensure(tx, tenantId, currentYear - 1);
  });

  const summary: SeedSummary['committees'] = [];
  for (const demo of DEMO_COMMITTEES) {
    const year = yearOf(demo.when);
    const existing = await db.transaction((tx) => committeeRepo.findByCode(tx, tenantId, demo.input.code));
    const created = !existing.some((c) => c.year === year);
    if (created) await committees.create(ctx, { ...demo.input, year });
    const ref = { code: demo.input.code, ...(year === null ? {} : { year }) };
    const present = new Set((await memberships.list(ctx, ref)).map((x) => x.user.id));
    let membersAdded = 0;
    for (const [email, position, status, demographic] of demo.members) {
      const user = byEmail.get(email);
      if (!user) throw new Error(`${email} is not among identity's users: run identity's seed first`);
      if (present.has(user.id)) continue;
      await memberships.add(ctx, {
        ...ref,
        user_id: user.id,
        position,
        demographic: demographic ?? null,
        appointment_status: status,
      });
      membersAdded += 1;
    }
    summary.push({ code: demo.input.code, year, created, membersAdded });
  }

  const yearRows = await db.transaction((tx) => yearRepo.list(tx, tenantId));
  return {
    tenantId,
    years: yearRows.map((r) => ({ year: r.year, is_current: r.isCurrent })),
    usersCopied,
    committees: summary,
  };
}

export function formatSummary(summary: SeedSummary): string {
  const created = summary.committees.filter((c) => c.created).length;
  const added = summary.committees.reduce((n, c) => n + c.membersAdded, 0);
  return [
    `Demo committees for tenant ${summary.tenantId}: ${created} committee(s) created, ` +
      `${summary.committees.length - created} already there; ${added} membership(s) added; ` +
      `${summary.usersCopied} user(s) copied.`,
    `Years: ${summary.years.map((y) => `${y.year}${y.is_current ? ' (current)' : ''}`).join(', ')}`,
    ...summary.committees.map(
      (c) =>
        `  ${c.code.padEnd(4)} ${c.year ?? 'term'}  ${c.created ? 'created' : 'already there'}` +
        (c.membersAdded ? `, ${c.membersAdded} member(s) added` : ''),
    ),
  ].join('\n');
}

/** `node services/committees/dist/seed.js`: migrate, ask identity for the demo users, seed, print. */
runWhenMain(import.meta.url, 'committees seed', async () => {
  const config = loadConfig(ZServiceConfig.omit({ HEALTH_PORT: true, SHUTDOWN_GRACE_MS: true }));
  const database = {
    PrismaClient,
    databaseUrl: config.DATABASE_URL,
    schema: COMMITTEES_SCHEMA,
    migrationsDir: MIGRATIONS_DIR,
  };
  await withMigratedPrisma(database, (prisma) =>
    withNats(config.NATS_URL, 'committees-seed', async (nc) => {
      const directory = await fetchDemoDirectory(nc, { prefix: config.SUBJECT_PREFIX });
      console.log(formatSummary(await seedDemo(prisma, directory)));
    }),
  );
});
