import type { TRequestContext } from '@gavel/contracts';
import { type TestEnvironment, testEnvironment } from '@gavel/test-kit';
import type { NatsConnection } from '@nats-io/transport-node';
import type { z } from 'zod';
import { callService, connectNats } from './nats.js';
import type { ServiceRuntime } from './runtime.js';

/**
 * One running service per test file, on its own database and subject prefix, called through NATS the way
 * the gateway calls it. A service's test support adds only what is its own (fakes, factories, fixtures).
 */

/** What a service's start function answers (its RunningService). */
export interface StartedService {
  runtime: ServiceRuntime;
  stop(): Promise<void>;
}

export interface ServiceHarness<S extends StartedService> {
  env: TestEnvironment;
  /** The service in this process; restart() replaces it. */
  service: S;
  /** A client connection of its own, like the gateway's. */
  nc: NatsConnection;
  /** The variables the service runs with (to run it again, or as its own process). */
  vars: Record<string, string>;
  call<T extends z.ZodType>(
    subject: string,
    ctx: TRequestContext,
    input: unknown,
    reply: T,
  ): Promise<z.infer<T>>;
  /** Stops the in-process service, runs `meanwhile` (which may run it as a process instead), starts it again. */
  restart(meanwhile?: () => Promise<void>): Promise<void>;
  /** Closes the client, stops the service and removes the environment. */
  stop(): Promise<void>;
}

export interface ServiceHarnessOptions {
  /** The NATS connection name of the test's client (shows in NATS monitoring). */
  client: string;
  /** Variables over the environment's (HEALTH_PORT is 0 already). */
  vars?: Record<string, string>;
  /** An environment made beforehand, for fakes that must answer before the service starts; stop() removes it. */
  env?: TestEnvironment;
  timeoutMs?: number;
}

export async function startServiceHarness<S extends StartedService>(
  start: (vars: Record<string, string>) => Promise<S>,
  opts: ServiceHarnessOptions,
): Promise<ServiceHarness<S>> {
  const env = opts.env ?? (await testEnvironment());
  const vars = env.env(opts.vars);
  const service = await start(vars);
  const nc = await connectNats(env.infra.natsUrl, opts.client);
  const callOptions = { prefix: env.prefix, timeoutMs: opts.timeoutMs ?? 10_000 };
  // Methods read `h.service`, not `service`: restart() swaps it and stop() must stop the one running.
  const h: ServiceHarness<S> = {
    env,
    service,
    nc,
    vars,
    call: (subject, ctx, input, reply) => callService(nc, subject, ctx, input, reply, callOptions),
    async restart(meanwhile) {
      await h.service.stop();
      await meanwhile?.();
      h.service = await start(vars);
    },
    async stop() {
      await nc.close().catch(() => undefined);
      await h.service.stop();
      await env.cleanup();
    },
  };
  return h;
}
