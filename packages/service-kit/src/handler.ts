import {
  AppError,
  parseOrThrow,
  REQUEST_ID_HEADER,
  type TReply,
  type TRequestContext,
  ZRequestEnvelope,
} from '@gavel/contracts';
import { MessagePattern, type NatsContext } from '@nestjs/microservices';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { runWithRequestId } from './logger.js';
import { metrics } from './metrics.js';
import { BUSY_MESSAGE, TenantShare } from './tenant-share.js';

export { BUSY_MESSAGE };

let handlerLogger: Logger | undefined;
let tenantShare: TenantShare | null = null;

/** Set once at bootstrap so handler failures are logged with the service's logger. */
export function setHandlerLogger(logger: Logger): void {
  handlerLogger = logger;
}

/** Set once at bootstrap: each association's share of this process's handlers (none until then). */
export function setTenantShare(share: TenantShare | null): void {
  tenantShare = share;
}

/**
 * Runs `work` in the association's share of the process, for an `unshared` handler that takes its share
 * only around the parts that use the database, and not while it waits for work another request does.
 */
export function inTenantShare<T>(tenantId: string, work: () => Promise<T>): Promise<T> {
  return tenantShare ? tenantShare.run(tenantId, work) : work();
}

/**
 * Prisma's codes for "no connection or transaction could be had in time" (P2024: pool timeout, P2028:
 * transaction not started within maxWait): the service is saturated, not broken.
 */
const BUSY_PRISMA_CODES: ReadonlySet<unknown> = new Set(['P2024', 'P2028']);

function isSaturation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && BUSY_PRISMA_CODES.has((err as { code?: unknown }).code);
}

/**
 * Turns anything thrown by a handler into the reply envelope: a saturated database answers 503 so the
 * client tries again; unknown errors are logged and hidden.
 */
export function errorReply(err: unknown): TReply {
  if (err instanceof AppError) return { ok: false, error: err.toPayload() };
  if (isSaturation(err)) {
    handlerLogger?.warn({ code: (err as { code: string }).code }, 'database saturated: answered busy');
    return { ok: false, error: { code: 'unavailable', message: BUSY_MESSAGE } };
  }
  handlerLogger?.error({ err }, 'unhandled error in handler');
  return {
    ok: false,
    error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
  };
}

type HandlerMethod<I> = (input: I, ctx: TRequestContext) => unknown;

export interface HandleOptions {
  /**
   * Outside the association's fair share of the process (TenantShare). Only for a handler that holds
   * none of the shared database pool, like the cast path with its own pool and batching writer, whose
   * throughput is its many requests in flight at once; or one that takes its share itself around the
   * parts that do (inTenantShare).
   */
  unshared?: boolean;
}

/**
 * Marks a method as the NATS request handler for `subject`. The method receives the validated input and
 * the caller's request context; whatever it returns is the reply's data, and an AppError it throws
 * becomes a typed error reply. Runs inside the request id scope so every log line carries it.
 */
export function Handle<S extends z.ZodType>(subject: string, input: S, options: HandleOptions = {}) {
  return <M extends HandlerMethod<z.infer<S>>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    const original = descriptor.value;
    if (!original) throw new Error(`@Handle on ${String(key)} needs a method`);
    const wrapped = async function (this: unknown, data: unknown, natsCtx?: NatsContext): Promise<TReply> {
      const started = process.hrtime.bigint();
      const headerId = natsCtx?.getHeaders?.()?.get(REQUEST_ID_HEADER);
      const envelope = ZRequestEnvelope.safeParse(data);
      const requestId = headerId || (envelope.success ? envelope.data.ctx.requestId : 'unknown');
      let outcome = 'ok';
      try {
        return await runWithRequestId(requestId, async () => {
          if (!envelope.success) throw new AppError('bad_request', 'Malformed request envelope.');
          const parsed = parseOrThrow(input, envelope.data.input);
          const { ctx } = envelope.data;
          const call = () => Promise.resolve(original.call(this, parsed, ctx));
          const result = await (options.unshared ? call() : inTenantShare(ctx.tenantId, call));
          return { ok: true as const, data: result ?? null };
        });
      } catch (err) {
        const reply = errorReply(err);
        outcome = reply.ok ? 'ok' : reply.error.code;
        return reply;
      } finally {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        metrics.handlerDuration.observe({ subject, outcome }, seconds);
      }
    };
    // Keep the original's metadata (design:paramtypes etc.) on the wrapper Nest will call.
    for (const metaKey of Reflect.getMetadataKeys(original)) {
      Reflect.defineMetadata(metaKey, Reflect.getMetadata(metaKey, original), wrapped);
    }
    descriptor.value = wrapped as unknown as M;
    MessagePattern(subject)(target, key, descriptor);
  };
}
