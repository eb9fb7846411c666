import { EVENTS, type TUserEvent } from '@gavel/contracts';
import {
  announcedUser,
  publishEvent,
  type ServiceHarness,
  startServiceHarness,
} from '@gavel/service-kit/testing';
import { eventually } from '@gavel/test-kit';
import { type RunningCommittees, startCommittees } from '../src/start.js';

/**
 * One running committees service per test file, on its own database and subject prefix, called through
 * NATS the way the gateway calls it. Tenants and users live in identity; here they are just ids.
 */

// The kit's, re-exported so the tests keep importing them from here.
export { newTenantId, outboxDrained, publishEvent, streamEvents, userCtx } from '@gavel/service-kit/testing';

export type Harness = ServiceHarness<RunningCommittees>;

export function startHarness(): Promise<Harness> {
  return startServiceHarness(startCommittees, { client: 'committees-test-client' });
}

/** A user as identity announces it (evt.identity.user.created), waited for in the read model. */
export async function newMemberUser(
  h: Harness,
  tenantId: string,
  overrides: Partial<TUserEvent['user']> = {},
): Promise<TUserEvent['user']> {
  const user = announcedUser(overrides);
  await publishEvent(h, EVENTS.identity.userCreated, { tenantId, user });
  await eventually(async () => {
    const rows = await h.service.runtime.prisma.memberUser.findMany({ where: { tenantId, id: user.id } });
    return rows.length === 1;
  }, 10_000);
  return user;
}
