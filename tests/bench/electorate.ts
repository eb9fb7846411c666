import {
  SUBJECTS,
  type TRequestContext,
  ZCommittee,
  ZCommitteeListReply,
  ZMembership,
  ZYearListReply,
} from '@gavel/contracts';
import { IDENTITY_SCHEMA, PrismaClient } from '@gavel/identity/db';
import { createIdentityServices } from '@gavel/identity/services';
import { callService, connectNats, createPrismaClient, directOutbox, SessionStore } from '@gavel/service-kit';
import { Redis } from 'ioredis';
import type { z } from 'zod';
import { log } from './run.js';
import { pool } from './stats.js';

/** The bench association: its own tenant and host, so a bench never touches the demo data. */
export const BENCH_HOST = 'bench.gavel.test';
export const BENCH_COMMITTEE = 'BENCH';

export interface Delegate {
  userId: string;
  membershipId: string;
  /** The session cookie value the gateway reads. */
  session: string;
}

export interface Electorate {
  tenantId: string;
  committeeCode: string;
  /** A request context that may do everything in the bench tenant (global admin), for setup calls. */
  admin: TRequestContext;
  delegates: Delegate[];
  nats: Awaited<ReturnType<typeof connectNats>>;
  call<T extends z.ZodType>(subject: string, input: unknown, reply: T): Promise<z.infer<T>>;
  close(): Promise<void>;
}

export interface StackUrls {
  databaseUrl: string;
  natsUrl: string;
  redisUrl: string;
  redisPrefix: string;
}

/**
 * The bench tenant with `count` users, the committee BENCH in the current year where all of them are
 * voting members (the first is the chair), and a gateway session for each. Idempotent: a second run
 * reuses what is there and adds what is missing.
 */
export async function prepareElectorate(urls: StackUrls, count: number): Promise<Electorate> {
  const prisma = createPrismaClient(PrismaClient, {
    connectionString: urls.databaseUrl,
    schema: IDENTITY_SCHEMA,
  });
  const identity = createIdentityServices(prisma, directOutbox(IDENTITY_SCHEMA));
  const nats = await connectNats(urls.natsUrl, 'bench-vote');
  const redis = new Redis(urls.redisUrl);
  try {
    const tenant =
      (await identity.tenants.resolve(BENCH_HOST)) ??
      (await identity.tenants.create({ name: 'Bench Association', domains: [BENCH_HOST] }));

    const emails = Array.from(
      { length: count },
      (_, i) => `delegate${String(i + 1).padStart(5, '0')}@bench.gavel.test`,
    );
    const known = new Map(
      (await prisma.user.findMany({ where: { tenantId: tenant.id }, select: { id: true, email: true } })).map(
        (u) => [u.email, u.id],
      ),
    );
    const missing = emails.filter((email) => !known.has(email));
    log(`${known.size} bench users present, creating ${missing.length}`);
    await pool(missing, 8, async (email) => {
      const number = email.slice('delegate'.length, email.indexOf('@'));
      const user = await identity.users.create(tenant.id, {
        first_name: 'Delegate',
        last_name: number,
        email,
        password: null,
      });
      known.set(email, user.id);
    });

    const admin: TRequestContext = {
      requestId: 'bench',
      tenantId: tenant.id,
      userId: known.get(emails[0] as string) ?? null,
      roles: ['global admin'],
      permissions: [],
    };
    const call = <T extends z.ZodType>(subject: string, input: unknown, reply: T) =>
      callService(nats, subject, admin, input, reply, { prefix: '', timeoutMs: 30_000 });

    const years = await call(SUBJECTS.committees.yearsList, {}, ZYearListReply);
    const year = years.find((y) => y.is_current)?.year ?? new Date().getFullYear();
    if (!years.some((y) => y.is_current)) await call(SUBJECTS.committees.yearSet, { year }, ZYearListReply);
    const committees = await call(SUBJECTS.committees.committeesList, { year }, ZCommitteeListReply);
    if (!committees.some((c) => c.code === BENCH_COMMITTEE)) {
      await call(
        SUBJECTS.committees.committeeCreate,
        {
          name: 'Bench Committee',
          code: BENCH_COMMITTEE,
          year,
          chair_position: 'Chair',
          voting_rights: [
            { position: 'Chair', is_voting: true },
            { position: 'Member', is_voting: true },
          ],
        },
        ZCommittee,
      );
    }
    const ref = { code: BENCH_COMMITTEE, year };
    let committee = await call(SUBJECTS.committees.committeeGet, ref, ZCommittee);
    // A run with fewer delegates than an earlier one checks in only its own: the quorum follows N.
    const quorum = Math.floor(count / 2) + 1;
    if (committee.quorum !== quorum)
      committee = await call(SUBJECTS.committees.committeeUpdate, { ...committee, quorum }, ZCommittee);
    // Read straight from the committees schema: this is setup, not what is measured.
    const members = new Map(
      (
        await prisma.$queryRawUnsafe<{ user_id: string; id: string }[]>(
          'SELECT user_id::text, id::text FROM committees.memberships WHERE tenant_id = $1::uuid AND committee_id = $2::uuid',
          tenant.id,
          committee.id,
        )
      ).map((m) => [m.user_id, m.id]),
    );
    const toAppoint = emails.map((email) => known.get(email) as string).filter((id) => !members.has(id));
    log(`${members.size} members present, appointing ${toAppoint.length}`);
    await pool(toAppoint, 16, async (userId) => {
      // Committees learns of new users from identity's events: wait for the copy to arrive.
      for (let attempt = 0; ; attempt++) {
        try {
          const membership = await call(
            SUBJECTS.committees.memberCreate,
            {
              ...ref,
              user_id: userId,
              position: userId === admin.userId ? 'Chair' : 'Member',
              appointment_status: 'Accepted',
            },
            ZMembership,
          );
          members.set(userId, membership.id);
          return;
        } catch (err) {
          if (attempt > 100 || !/not known/.test(String((err as Error).message))) throw err;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    });

    const sessions = new SessionStore(redis, urls.redisPrefix, 3600);
    const delegates: Delegate[] = [];
    for (const email of emails) {
      const userId = known.get(email) as string;
      delegates.push({
        userId,
        membershipId: members.get(userId) as string,
        session: await sessions.create(userId, tenant.id),
      });
    }
    return {
      tenantId: tenant.id,
      committeeCode: BENCH_COMMITTEE,
      admin,
      delegates,
      nats,
      call,
      async close() {
        await nats.close().catch(() => undefined);
        redis.disconnect();
        await prisma.$disconnect();
      },
    };
  } catch (err) {
    await nats.close().catch(() => undefined);
    redis.disconnect();
    await prisma.$disconnect();
    throw err;
  }
}
