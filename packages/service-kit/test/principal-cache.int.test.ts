import 'reflect-metadata';
import { type ChildProcess, spawn } from 'node:child_process';
import { EVENTS, SUBJECTS, type TUserEvent } from '@gavel/contracts';
import { eventually, freePort, type TestEnvironment, testEnvironment } from '@gavel/test-kit';
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

/** A nats-server of the test's own, which it can stop and start again (the shared one must stay up). */
async function ownNatsServer(port: number): Promise<ChildProcess> {
  const server = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port)], {
    stdio: 'ignore',
    env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin:/usr/local/sbin` },
  });
  await eventually(async () => {
    const probe = await connect({ servers: `nats://127.0.0.1:${port}` }).catch(() => null);
    await probe?.close();
    return probe !== null;
  });
  return server;
}

describe('PrincipalResolver across a NATS reconnect', () => {
  it('forgets every principal, since user events sent while it was away are lost', async () => {
    const port = await freePort();
    let server = await ownNatsServer(port);
    const url = `nats://127.0.0.1:${port}`;
    const stub = await NestFactory.createMicroservice(IdentityStubModule, {
      strategy: new GavelNatsServer(
        { servers: url, maxReconnectAttempts: -1, reconnectTimeWait: 100 },
        { prefix: 'reconnect', queue: 'identity', graceMs: 1000 },
      ),
      logger: false,
    });
    await stub.listen();
    const nc = await connect({ servers: url, maxReconnectAttempts: -1, reconnectTimeWait: 100 });
    try {
      const resolver = new PrincipalResolver({ nc, prefix: 'reconnect', timeoutMs: 2000 });
      asked.length = 0;
      // The stub's subscription reaches the new server a moment after it listens.
      await eventually(() => resolver.get(TENANT, BOB, 'r1'));
      await resolver.get(TENANT, BOB, 'r2');
      expect(asked).toEqual([BOB]);

      const reconnected = (async () => {
        for await (const status of nc.status()) if (status.type === 'reconnect') return;
      })();
      server.kill('SIGKILL');
      server = await ownNatsServer(port);
      await reconnected;
      await eventually(async () => {
        await resolver.get(TENANT, BOB, 'r3');
        return asked.length === 2;
      });
      expect(asked).toEqual([BOB, BOB]);
    } finally {
      await nc.close();
      await stub.close().catch(() => undefined);
      server.kill('SIGKILL');
    }
  });
});
