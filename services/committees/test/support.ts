import { randomUUID } from 'node:crypto';
import { EVENTS, type Permission, type TRequestContext, type TUserEvent } from '@gavel/contracts';
import { callService, connectNats } from '@gavel/service-kit';
import * as kitTesting from '@gavel/service-kit/testing';
import { eventually, type TestEnvironment, testEnvironment, uniqueName } from '@gavel/test-kit';
import type { z } from 'zod';
import { type RunningCommittees, startCommittees } from '../src/start.js';

/**
 * One running committees service per test file, on its own database and subject prefix, called through
 * NATS the way the gateway calls it. Tenants and users live in identity; here they are just ids.
 */

export type Nats = Awaited<ReturnType<typeof connectNats>>;

export interface Harness {
  env: TestEnvironment;
  service: RunningCommittees;
  nc: Nats;
  call<T extends z.ZodType>(
    subject: string,
    ctx: TRequestContext,
    input: unknown,
    reply: T,
  ): Promise<z.infer<T>>;
  stop(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const env = await testEnvironment();
  const service = await startCommittees(env.env({ HEALTH_PORT: '0' }));
  const nc = await connectNats(env.infra.natsUrl, 'committees-test-client');
  return {
    env,
    service,
    nc,
    call: (subject, ctx, input, reply) =>
      callService(nc, subject, ctx, input, reply, { prefix: env.prefix, timeoutMs: 10_000 }),
    async stop() {
      await nc.close().catch(() => undefined);
      await service.stop();
      await env.cleanup();
    },
  };
}

/** A signed-in user of `tenantId` holding the given permissions (or roles), as the gateway passes it. */
export function userCtx(
  tenantId: string,
  permissions: Permission[] = [],
  opts: { roles?: string[]; userId?: string } = {},
): TRequestContext {
  return {
    requestId: uniqueName('req'),
    tenantId,
    userId: opts.userId ?? randomUUID(),
    roles: opts.roles ?? [],
    permissions,
  };
}

export function newTenantId(): string {
  return randomUUID();
}

/** A user as identity announces it (evt.identity.user.created), waited for in the read model. */
export async function newMemberUser(
  h: Harness,
  tenantId: string,
  overrides: Partial<TUserEvent['user']> = {},
): Promise<TUserEvent['user']> {
  const first = overrides.first_name ?? 'Test';
  const last = overrides.last_name ?? uniqueName('Member');
  const user: TUserEvent['user'] = {
    id: randomUUID(),
    nrds: null,
    first_name: first,
    last_name: last,
    displayed_first_name: first,
    nickname: null,
    name: `${first} ${last}`,
    email: `${uniqueName('user')}@example.test`,
    username: null,
    profile_display_url: null,
    ...overrides,
  };
  await publishEvent(h, EVENTS.identity.userCreated, { tenantId, user });
  await eventually(async () => {
    const rows = await h.service.runtime.prisma.memberUser.findMany({ where: { tenantId, id: user.id } });
    return rows.length === 1;
  }, 10_000);
  return user;
}

/** Waits until the outbox has published everything written so far. */
export const outboxDrained = (h: Harness) => kitTesting.outboxDrained(h.service.runtime);
/** Every event of `subject` in this file's JetStream stream, with its message id. */
export const streamEvents = <T = unknown>(h: Harness, subject: string) =>
  kitTesting.streamEvents<T>(h.service.runtime, subject);
/** Publishes an event into this file's stream, the way another service's outbox does. */
export const publishEvent = (h: Harness, subject: string, payload: unknown) =>
  kitTesting.publishEvent(h.service.runtime, subject, payload);
