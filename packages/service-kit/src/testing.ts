import { randomUUID } from 'node:crypto';
import { AppError, REQUEST_ID_HEADER, type TRequestContext } from '@gavel/contracts';
import { eventually } from '@gavel/test-kit';
import type { Msg, NatsConnection } from '@nats-io/transport-node';
import { IF_NONE_MATCH_HEADER, LargeAnswers } from './large-answers.js';
import { connectNats } from './nats.js';
import { PreparedAnswer } from './prepared-answer.js';
import type { ServiceRuntime } from './runtime.js';
import { prefixed, streamName, unprefixed } from './subjects.js';

export * from './testing-fixtures.js';
export * from './testing-harness.js';

/**
 * Event helpers for a service's own tests (imported from '@gavel/service-kit/testing', never by
 * production code): wait for the outbox, read what reached the stream, publish as another service would.
 * Each takes the service's runtime or the test's harness around it, so a test passes what it holds.
 */

// Structural, not ServiceHarness: a support file's own harness type (or a plain `{ service }`) fits too.
type RuntimeOrHarness<R> = R | { service: { runtime: R } };

// A harness is read when called, not when passed: restart() replaces its service (and runtime).
function runtimeOf<R extends object>(held: RuntimeOrHarness<R>): R {
  return 'service' in held ? held.service.runtime : held;
}

/** Waits until the service's outbox has published everything written so far. */
export async function outboxDrained(held: RuntimeOrHarness<ServiceRuntime>): Promise<void> {
  const runtime = runtimeOf(held);
  await eventually(async () => {
    const rows = await runtime.prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "${runtime.schema}".gavel_outbox WHERE published_at IS NULL`,
    );
    return rows[0]?.n === 0;
  }, 10_000);
}

/** All reading the stream needs, so a test may pass less than a whole runtime. */
type StreamReader = Pick<ServiceRuntime, 'prefix' | 'jsm'>;

export interface StreamEvent<T> {
  /** Without the file's subject prefix. */
  subject: string;
  messageId: string | undefined;
  payload: T;
}

/** Every event in the runtime's stream whose bare subject passes `wanted`, oldest first. */
async function readStream<T>(
  runtime: StreamReader,
  wanted: (subject: string) => boolean,
): Promise<StreamEvent<T>[]> {
  const stream = streamName(runtime.prefix);
  const { state } = await runtime.jsm.streams.info(stream);
  const out: StreamEvent<T>[] = [];
  // The message count, not the sequence numbers, says whether there is anything to read.
  for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq++) {
    // A sequence in the range may have no message any more (deleted): skip it.
    const msg = await runtime.jsm.streams.getMessage(stream, { seq }).catch(() => null);
    // Filters and answers use bare subjects, as the tests name them; the prefix is the file's own.
    const subject = msg && unprefixed(runtime.prefix, msg.subject);
    if (msg && subject && wanted(subject))
      out.push({ subject, messageId: msg.header?.get('Nats-Msg-Id'), payload: msg.json<T>() });
  }
  return out;
}

/** Every event of `subject` in the runtime's stream, with its message id, oldest first. */
export async function streamEvents<T = unknown>(
  held: RuntimeOrHarness<StreamReader>,
  subject: string,
): Promise<{ messageId: string | undefined; payload: T }[]> {
  const events = await readStream<T>(runtimeOf(held), (s) => s === subject);
  // Every subject is the one asked for, so the answer leaves it out (its shape before streamEventsUnder).
  return events.map(({ messageId, payload }) => ({ messageId, payload }));
}

/** Every event whose subject starts with `subjectPrefix`, once the outbox is drained, oldest first. */
export async function streamEventsUnder<T = unknown>(
  held: RuntimeOrHarness<ServiceRuntime>,
  subjectPrefix: string,
): Promise<StreamEvent<T>[]> {
  // Drained first: a test asking for "every event" means every one its calls wrote so far.
  await outboxDrained(held);
  return readStream<T>(runtimeOf(held), (s) => s.startsWith(subjectPrefix));
}

/** Publishes an event into the runtime's stream, the way another service's outbox does. */
export async function publishEvent(
  held: RuntimeOrHarness<ServiceRuntime>,
  subject: string,
  payload: unknown,
): Promise<void> {
  const runtime = runtimeOf(held);
  await runtime.js.publish(prefixed(runtime.prefix, subject), JSON.stringify(payload), {
    msgID: randomUUID(),
  });
}

/**
 * Another service, faked in a test by NATS subscriptions speaking the kit's wire format (Nest's):
 * `{pattern, data: {ctx, input}, id}` → `{id, response: {ok: true, data} | {ok: false, error}, isDisposed: true}`.
 */

/** Returned by a handler that should never answer. */
export const NO_REPLY = Symbol('no reply');
/** Returned by a handler that should answer like a Nest handler that blew up outside the kit. */
export const NEST_ERR = Symbol('nest err');

export interface ReceivedCall {
  subject: string;
  ctx: TRequestContext;
  input: unknown;
  headerRequestId: string | undefined;
  /** The If-None-Match the caller passed on (callServiceConditional). */
  headerIfNoneMatch: string | undefined;
}

// biome-ignore lint/suspicious/noExplicitAny: each fake handler knows its own input
type Handler = (input: any, ctx: TRequestContext) => unknown;

export class Responders {
  readonly calls: ReceivedCall[] = [];

  /** A handler's PreparedAnswer goes out as a service sends it. */
  private readonly answers: LargeAnswers;

  protected constructor(
    readonly nc: NatsConnection,
    readonly prefix: string,
  ) {
    this.answers = new LargeAnswers(nc, prefixed(prefix, `_chunks.${randomUUID()}`));
    this.answers.listen();
  }

  static async connect(natsUrl: string, prefix: string, name = 'fakes'): Promise<Responders> {
    return new Responders(await connectNats(natsUrl, name), prefix);
  }

  on(subject: string, handler: Handler): void {
    this.nc.subscribe(prefixed(this.prefix, subject), {
      callback: (_err, msg) => void this.answer(subject, msg, handler),
    });
  }

  callsTo(subject: string): ReceivedCall[] {
    return this.calls.filter((c) => c.subject === subject);
  }

  private async answer(subject: string, msg: Msg, handler: Handler): Promise<void> {
    const packet = msg.json<{ id: string; data: { ctx: TRequestContext; input: unknown } }>();
    this.calls.push({
      subject,
      ctx: packet.data.ctx,
      input: packet.data.input,
      headerRequestId: msg.headers?.get(REQUEST_ID_HEADER) || undefined,
      headerIfNoneMatch: msg.headers?.get(IF_NONE_MATCH_HEADER) || undefined,
    });
    let response: unknown;
    try {
      const data = await handler(packet.data.input, packet.data.ctx);
      if (data === NO_REPLY) return;
      if (data instanceof PreparedAnswer) {
        this.answers.respondPrepared(msg, data);
        return;
      }
      if (data === NEST_ERR) {
        msg.respond(JSON.stringify({ id: packet.id, err: 'boom', isDisposed: true }));
        return;
      }
      response = { ok: true, data: data ?? null };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      response = { ok: false, error: err.toPayload() };
    }
    msg.respond(JSON.stringify({ id: packet.id, response, isDisposed: true }));
  }

  async flush(): Promise<void> {
    await this.nc.flush();
  }

  async close(): Promise<void> {
    this.answers.stop();
    await this.nc.drain();
  }
}
