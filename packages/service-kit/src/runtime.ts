import type { TRequestContext } from '@gavel/contracts';
import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { TServiceConfig } from './config.js';
import { type RunningConsumer, startConsumer, type Transactional } from './events.js';
import { callService } from './nats.js';
import { enqueueEvent, enqueueEvents, type OutboxPublisher } from './outbox.js';
import type { RawSql } from './prisma.js';

/** Injection token of the service's Prisma client (typed by the service). */
export const PRISMA = Symbol('PRISMA');

/**
 * What a running service has at hand: its config, logger, database, NATS and event plumbing.
 * Injected into Nest providers; created by startService before Nest starts.
 */
export class ServiceRuntime<P extends RawSql & Transactional<RawSql> = RawSql & Transactional<RawSql>> {
  readonly consumers: RunningConsumer[] = [];

  constructor(
    readonly name: string,
    readonly schema: string,
    readonly config: TServiceConfig,
    readonly logger: Logger,
    readonly prisma: P,
    readonly nc: NatsConnection,
    readonly js: JetStreamClient,
    readonly jsm: JetStreamManager,
    readonly outbox: OutboxPublisher,
  ) {}

  get prefix(): string {
    return this.config.SUBJECT_PREFIX;
  }

  /** Writes an event into the outbox inside `tx`; it is published after the transaction commits. */
  emit<S extends z.ZodType>(
    tx: RawSql,
    subject: string,
    payloadSchema: S,
    payload: z.infer<S>,
  ): Promise<string> {
    return enqueueEvent(tx, this.schema, subject, payloadSchema, payload);
  }

  /** Many events of one subject in one statement (see enqueueEvents). */
  emitAll<S extends z.ZodType>(
    tx: RawSql,
    subject: string,
    payloadSchema: S,
    payloads: readonly z.infer<S>[],
  ): Promise<string[]> {
    return enqueueEvents(tx, this.schema, subject, payloadSchema, payloads);
  }

  /** Request/reply to another service (off hot paths only). */
  call<T extends z.ZodType>(
    subject: string,
    ctx: TRequestContext,
    input: unknown,
    reply: T,
    timeoutMs = 5000,
  ) {
    return callService(this.nc, subject, ctx, input, reply, { prefix: this.prefix, timeoutMs });
  }

  /** Starts a durable idempotent consumer whose handler writes through the service's Prisma client. */
  async consume<S extends z.ZodType>(
    durable: string,
    subjects: string[],
    payload: S,
    handle: (event: { subject: string; payload: z.infer<S>; messageId: string }, tx: RawSql) => Promise<void>,
    options: { ordered?: boolean } = {},
  ): Promise<void> {
    const consumer = await startConsumer({
      js: this.js,
      jsm: this.jsm,
      prefix: this.prefix,
      durable,
      subjects,
      payload,
      db: this.prisma,
      schema: this.schema,
      logger: this.logger,
      handle,
      ...options,
    });
    this.consumers.push(consumer);
  }
}

@Global()
@Module({})
export class RuntimeModule {
  static forRoot(runtime: ServiceRuntime): DynamicModule {
    return {
      module: RuntimeModule,
      providers: [
        { provide: ServiceRuntime, useValue: runtime },
        { provide: PRISMA, useValue: runtime.prisma },
      ],
      exports: [ServiceRuntime, PRISMA],
    };
  }
}
