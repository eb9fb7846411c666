import 'reflect-metadata';
import { EVENTS, SUBJECTS, type TUserEvent } from '@gavel/contracts';
import { type TestEnvironment, testEnvironment } from '@gavel/test-kit';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { INestMicroservice } from '@nestjs/common';
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PrincipalResolver } from '../src/callers.js';
import { Handle } from '../src/handler.js';
import { GavelNatsServer } from '../src/nats-server.js';
import { prefixed } from '../src/subjects.js';

const TENANT = '00000000-0000-4000-8000-000000000001';
const ALICE = '00000000-0000-4000-8000-00000000000a';
const BOB = '00000000-0000-4000-8000-00000000000b';
const asked: string[] = [];
let aliceRoles = ['member'];

@Controller()
class IdentityStub {
  @Handle(SUBJECTS.identity.principalGet, z.object({ userId: z.string() }))
  principal(input: { userId: string }) {
    asked.push(input.userId);
    return { userId: input.userId, roles: input.userId === ALICE ? aliceRoles : [], permissions: [] };
  }
}

@Module({ controllers: [IdentityStub] })
class IdentityStubModule {}

function userEvent(userId: string): TUserEvent {
  return {
    tenantId: TENANT,
    user: {
      id: userId,
      nrds: null,
      first_name: 'Alice',
      last_name: 'Adams',
      displayed_first_name: 'Alice',
      nickname: null,
      name: 'Alice Adams',
      email: 'alice@example.test',
      username: null,
      profile_display_url: null,
    },
  };
}

describe('PrincipalResolver', () => {
  let env: TestEnvironment;
  let app: INestMicroservice;
  let nc: NatsConnection;
  let resolver: PrincipalResolver;

  beforeAll(async () => {
    env = await testEnvironment();
    const server = new GavelNatsServer(
      { servers: env.infra.natsUrl },
      { prefix: env.prefix, queue: 'identity', graceMs: 1000 },
    );
    app = await NestFactory.createMicroservice(IdentityStubModule, { strategy: server, logger: false });
    await app.listen();
    nc = await connect({ servers: env.infra.natsUrl });
    resolver = new PrincipalResolver({ nc, prefix: env.prefix, timeoutMs: 2000 });
    await nc.flush();
  });

  afterAll(async () => {
    await nc?.close();
    await app?.close().catch(() => undefined);
    await env?.cleanup();
  });

  const publish = async (event: TUserEvent) => {
    nc.publish(prefixed(env.prefix, EVENTS.identity.userUpdated), JSON.stringify(event));
    await nc.flush();
    await new Promise((r) => setTimeout(r, 50));
  };

  it('asks identity once per user while cached, and again at once after that user changes', async () => {
    expect((await resolver.get(TENANT, ALICE, 'r1'))?.roles).toEqual(['member']);
    expect((await resolver.get(TENANT, ALICE, 'r2'))?.roles).toEqual(['member']);
    await resolver.get(TENANT, BOB, 'r3');
    expect(asked).toEqual([ALICE, BOB]);

    aliceRoles = ['member', 'admin'];
    await publish(userEvent(BOB));
    expect((await resolver.get(TENANT, ALICE, 'r4'))?.roles).toEqual(['member']);
    await publish(userEvent(ALICE));
    expect((await resolver.get(TENANT, ALICE, 'r5'))?.roles).toEqual(['member', 'admin']);
    expect(asked).toEqual([ALICE, BOB, ALICE]);
  });

  it('ignores a malformed event', async () => {
    nc.publish(prefixed(env.prefix, EVENTS.identity.userUpdated), 'not json');
    await nc.flush();
    const before = asked.length;
    await resolver.get(TENANT, ALICE, 'r6');
    expect(asked.length).toBe(before);
  });
});
