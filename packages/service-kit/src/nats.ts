import { randomUUID } from 'node:crypto';
import { AppError, REQUEST_ID_HEADER, type TRequestContext, ZReply } from '@gavel/contracts';
import { connect, headers, type NatsConnection, RequestError, TimeoutError } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { IF_NONE_MATCH_HEADER, type RawAnswer, readAnswer, unpackPrepared } from './large-answers.js';
import type { ConditionalAnswer } from './prepared-answer.js';
import { prefixed } from './subjects.js';

/** Connect to NATS and keep reconnecting for as long as the process lives. */
export async function connectNats(url: string, name: string, logger?: Logger): Promise<NatsConnection> {
  const nc = await connect({
    servers: url,
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    waitOnFirstConnect: true,
    // An Error with a stack per request costs more than the request on the cast path; ours map to codes.
    noAsyncTraces: true,
  });
  if (logger) {
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect') logger.warn('NATS disconnected');
        if (status.type === 'reconnect') logger.info('NATS reconnected');
      }
    })();
  }
  return nc;
}

export interface CallOptions {
  prefix: string;
  timeoutMs: number;
}

/** The service part of a subject (`identity.auth.login` → `identity`), for messages. */
function serviceOf(subject: string): string {
  return subject.split('.')[0] ?? subject;
}

/**
 * Request/reply to a NestJS NATS handler in its wire format (`{pattern, data, id}` → `{response | err}`).
 * A missing service or a timeout becomes an `unavailable` AppError, so a caller never hangs.
 */
async function request(
  nc: NatsConnection,
  subject: string,
  ctx: TRequestContext,
  input: unknown,
  opts: CallOptions,
  ifNoneMatch?: string,
): Promise<RawAnswer> {
  const h = headers();
  h.set(REQUEST_ID_HEADER, ctx.requestId);
  if (ifNoneMatch) h.set(IF_NONE_MATCH_HEADER, ifNoneMatch);
  const packet = { pattern: subject, data: { ctx, input }, id: randomUUID() };
  try {
    const msg = await nc.request(prefixed(opts.prefix, subject), JSON.stringify(packet), {
      timeout: opts.timeoutMs,
      headers: h,
    });
    return await readAnswer(nc, msg, opts.timeoutMs);
  } catch (err) {
    const service = serviceOf(subject);
    if (err instanceof RequestError && err.isNoResponders()) {
      throw new AppError(
        'unavailable',
        `The ${service} service is not available right now. Please try again shortly.`,
      );
    }
    if (err instanceof TimeoutError || (err instanceof Error && err.name === 'TimeoutError')) {
      throw new AppError('unavailable', `The ${service} service did not answer in time. Please try again.`);
    }
    throw new AppError('unavailable', `The ${service} service could not be reached. Please try again.`);
  }
}

/** The data of the kit's reply envelope, or its typed AppError re-thrown. */
function dataOf<T extends z.ZodType>(packet: unknown, replySchema: T): z.infer<T> {
  const nestReply = packet as { response?: unknown; err?: unknown };
  if (nestReply.err !== undefined) {
    throw new AppError('internal', 'The service failed to handle the request.');
  }
  const reply = ZReply.parse(nestReply.response);
  if (!reply.ok) throw AppError.fromPayload(reply.error);
  return replySchema.parse(reply.data);
}

/** Calls a service's handler and answers its data (a prepared answer is unpacked and checked too). */
export async function callService<T extends z.ZodType>(
  nc: NatsConnection,
  subject: string,
  ctx: TRequestContext,
  input: unknown,
  replySchema: T,
  opts: CallOptions,
): Promise<z.infer<T>> {
  const answer = await request(nc, subject, ctx, input, opts);
  if (answer.kind === 'packet') return dataOf(answer.packet, replySchema);
  if (answer.kind === 'prepared') return replySchema.parse(await unpackPrepared(answer.gzipped));
  throw new AppError('internal', 'The service answered "not modified" to a request that held nothing.');
}

/**
 * Calls a handler on behalf of a caller who may hold an earlier answer (`ifNoneMatch`, an HTTP
 * If-None-Match): a handler that prepares its answer then sends only "not modified", or its bytes as
 * they are, for the gateway to pass on; any other handler's data comes as callService gives it.
 */
export async function callServiceConditional<T extends z.ZodType>(
  nc: NatsConnection,
  subject: string,
  ctx: TRequestContext,
  input: unknown,
  replySchema: T,
  opts: CallOptions & { ifNoneMatch?: string },
): Promise<ConditionalAnswer<z.infer<T>>> {
  const answer = await request(nc, subject, ctx, input, opts, opts.ifNoneMatch);
  return answer.kind === 'packet' ? { kind: 'data', data: dataOf(answer.packet, replySchema) } : answer;
}
