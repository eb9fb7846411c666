import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { AppError, type TRequestContext } from '@gavel/contracts';
import { type TestEnvironment, testEnvironment } from '@gavel/test-kit';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { INestMicroservice } from '@nestjs/common';
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BUSY_MESSAGE, Handle, setTenantShare } from '../src/handler.js';
import { currentRequestId } from '../src/logger.js';
import { callService } from '../src/nats.js';
import { GavelNatsServer } from '../src/nats-server.js';
import { TenantShare } from '../src/tenant-share.js';

const HUGE_TEXT = randomBytes(2 * 1024 * 1024).toString('base64');
const ZEcho = z.object({ text: z.string().min(2, 'Too short') });
let slowRelease: (() => void) | null = null;
const held: (() => void)[] = [];
const hold = () => new Promise<{ held: true }>((resolve) => held.push(() => resolve({ held: true })));

@Controller()
class EchoHandler {
  @Handle('kit.echo', ZEcho)
  echo(input: z.infer<typeof ZEcho>, ctx: TRequestContext) {
    return { text: input.text, tenantId: ctx.tenantId, requestId: currentRequestId() };
  }

  @Handle('kit.refuse', z.object({}))
  refuse() {
    throw new AppError('forbidden', 'Not for you.');
  }

  @Handle('kit.crash', z.object({}))
  crash() {
    throw new Error('secret internals');
  }

  @Handle('kit.saturated', z.object({}))
  saturated() {
    // What Prisma throws when every pooled connection stays busy past the transaction's maxWait.
    throw Object.assign(
      new Error('Transaction API error: Unable to start a transaction in the given time.'),
      {
        code: 'P2028',
      },
    );
  }

  @Handle('kit.huge', z.object({}))
  huge() {
    // Over nats-server's default max_payload of 1 MiB even gzipped: random text hardly compresses.
    return { text: HUGE_TEXT };
  }

  @Handle('kit.large', z.object({}))
  large() {
    // A 10,000-member list: about 1.5 MiB of JSON, far under 1 MiB gzipped.
    return {
      members: Array.from({ length: 10_000 }, (_, i) => ({
        id: `member-${i}`,
        first_name: 'Member',
        last_name: `Number ${i}`,
        email: `member${i}@bench.gavel.test`,
        position: 'Member',
        is_voting: true,
        checked_in: i % 2 === 0,
      })),
    };
  }

  @Handle('kit.hold', z.object({}))
  hold() {
    return hold();
  }

  @Handle('kit.hold-unshared', z.object({}), { unshared: true })
  holdUnshared() {
    return hold();
  }

  @Handle('kit.slow', z.object({}))
  async slow() {
    await new Promise<void>((resolve) => {
      slowRelease = resolve;
    });
    return { done: true };
  }
}

@Module({ controllers: [EchoHandler] })
class EchoModule {}

const ctx = (requestId = 'req-1'): TRequestContext => ({
  requestId,
  tenantId: 'tenant-a',
  userId: null,
  roles: [],
  permissions: [],
});

describe('NATS handlers through the kit', () => {
  let env: TestEnvironment;
  let app: INestMicroservice;
  let nc: NatsConnection;
  const reply = z.unknown();
  const call = (subject: string, input: unknown, timeoutMs = 2000, c = ctx()) =>
    callService(nc, subject, c, input, reply, { prefix: env.prefix, timeoutMs });

  beforeAll(async () => {
    env = await testEnvironment();
    const server = new GavelNatsServer(
      { servers: env.infra.natsUrl },
      { prefix: env.prefix, queue: 'kit', graceMs: 5000 },
    );
    app = await NestFactory.createMicroservice(EchoModule, { strategy: server, logger: false });
    await app.listen();
    nc = await connect({ servers: env.infra.natsUrl });
  });

  afterAll(async () => {
    await nc?.close();
    await app?.close().catch(() => undefined);
    await env?.cleanup();
  });

  it('answers with data, the caller context, and the request id from the NATS header', async () => {
    expect(await call('kit.echo', { text: 'hello' }, 2000, ctx('req-42'))).toEqual({
      text: 'hello',
      tenantId: 'tenant-a',
      requestId: 'req-42',
    });
  });

  it('answers a validation failure as bad_request with per-field errors', async () => {
    await expect(call('kit.echo', { text: 'x' })).rejects.toMatchObject({
      code: 'bad_request',
      errors: { text: ['Too short'] },
    });
  });

  it('sends an answer too large even gzipped in chunks, and the caller puts it together', async () => {
    const reply = (await call('kit.huge', {}, 10_000)) as { text: string };
    expect(reply.text.length).toBe(HUGE_TEXT.length);
    expect(reply.text === HUGE_TEXT).toBe(true);
  });

  it('sends an answer over max_payload gzipped, and the caller gets it whole', async () => {
    const reply = (await call('kit.large', {}, 10_000)) as { members: { id: string; checked_in: boolean }[] };
    expect(reply.members).toHaveLength(10_000);
    expect(reply.members[9_999]).toMatchObject({ id: 'member-9999', checked_in: false });
  });

  it('carries a typed AppError across the process boundary', async () => {
    await expect(call('kit.refuse', {})).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Not for you.',
    });
  });

  it('hides unexpected errors behind an internal error', async () => {
    const err = await call('kit.crash', {}).catch((e: AppError) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('internal');
    expect((err as AppError).message).not.toMatch(/secret/);
  });

  it('answers a saturated database as unavailable (503), so the client tries again', async () => {
    await expect(call('kit.saturated', {})).rejects.toMatchObject({
      code: 'unavailable',
      message: BUSY_MESSAGE,
    });
  });

  it('answers unavailable at once when no service listens', async () => {
    const started = Date.now();
    await expect(call('kit.nobody', {}, 3000)).rejects.toMatchObject({ code: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('answers unavailable when the service does not answer in time', async () => {
    await expect(call('kit.slow', {}, 300)).rejects.toMatchObject({
      code: 'unavailable',
      message: expect.stringMatching(/did not answer in time/),
    });
    slowRelease?.();
  });

  it("runs one association's requests within its share while another association's go ahead", async () => {
    setTenantShare(new TenantShare(1, 300));
    try {
      const other = { ...ctx(), tenantId: 'tenant-b' };
      const first = call('kit.hold', {});
      await expect.poll(() => held.length).toBe(1);
      // tenant-a's one place is taken: tenant-b is answered at once, tenant-a's next call waits, then is busy.
      await expect(call('kit.echo', { text: 'next door' }, 2000, other)).resolves.toMatchObject({
        tenantId: 'tenant-b',
      });
      const started = Date.now();
      await expect(call('kit.echo', { text: 'queued' })).rejects.toMatchObject({
        code: 'unavailable',
        message: BUSY_MESSAGE,
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      // A handler outside the share is not held back by it.
      const unshared = call('kit.hold-unshared', {});
      await expect.poll(() => held.length).toBe(2);
      // A waiting call runs as soon as the place is given back.
      const waiting = call('kit.echo', { text: 'patient' });
      await new Promise((r) => setTimeout(r, 50));
      for (const release of held.splice(0)) release();
      await expect(first).resolves.toEqual({ held: true });
      await expect(unshared).resolves.toEqual({ held: true });
      await expect(waiting).resolves.toMatchObject({ text: 'patient' });
    } finally {
      setTenantShare(null);
    }
  });

  it('finishes a request in flight before shutting down', async () => {
    const pending = call('kit.slow', {}, 5000);
    await new Promise((r) => setTimeout(r, 200));
    const closing = app.close();
    await new Promise((r) => setTimeout(r, 100));
    slowRelease?.();
    await expect(pending).resolves.toEqual({ done: true });
    await closing;
    await expect(call('kit.echo', { text: 'gone' }, 1000)).rejects.toMatchObject({ code: 'unavailable' });
  });
});
