import { randomUUID } from 'node:crypto';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import { ServerNats } from '@nestjs/microservices';
import { LargeAnswers } from './large-answers.js';
import { PreparedAnswer } from './prepared-answer.js';
import { prefixed } from './subjects.js';

type NatsServerOptions = ConstructorParameters<typeof ServerNats>[0];
type Client = NatsConnection;

/**
 * Nest's NATS transport with what a horizontally scaled service needs: every handler subscribes in the
 * service's queue group under the deployment's subject prefix, and close() stops taking new requests,
 * waits for the ones in flight, then drains the connection.
 */
export class GavelNatsServer extends ServerNats {
  private readonly subs: Subscription[] = [];
  private inFlight = 0;
  private idleWaiters: (() => void)[] = [];
  private answers: LargeAnswers | null = null;

  constructor(
    options: NatsServerOptions,
    private readonly kit: { prefix: string; queue: string; graceMs: number },
  ) {
    super(options);
  }

  override bindEvents(client: Client): void {
    this.answers = new LargeAnswers(client, prefixed(this.kit.prefix, `_chunks.${randomUUID()}`));
    this.answers.listen();
    for (const channel of this.messageHandlers.keys()) {
      const handle = this.getMessageHandler(channel).bind(this);
      const sub: Subscription = client.subscribe(prefixed(this.kit.prefix, channel), {
        queue: this.kit.queue,
        callback: (err: Error | null, msg: Msg) => {
          this.inFlight++;
          void Promise.resolve(handle(err, msg)).finally(() => {
            this.inFlight--;
            if (this.inFlight === 0) for (const wake of this.idleWaiters.splice(0)) wake();
          });
        },
      });
      this.subs.push(sub);
    }
  }

  /**
   * Our patterns are plain subjects. Nest first tries JSON.parse on every incoming pattern, which throws (an
   * exception with a stack per message: a tenth of the voting service's cast-path CPU); only JSON patterns
   * go that way here.
   */
  override getRouteFromPattern(pattern: string): string {
    return pattern.startsWith('{') ? super.getRouteFromPattern(pattern) : this.normalizePattern(pattern);
  }

  /**
   * Answers in the Nest wire format; a large answer is gzipped, and sent in chunks when it must be. A
   * handler's PreparedAnswer goes as it is (see LargeAnswers.respondPrepared).
   */
  override getPublisher(natsMsg: Msg, id: string, _ctx: unknown) {
    const answers = this.answers;
    if (!natsMsg.reply || !answers) return () => undefined;
    return (packet: Record<string, unknown>) => {
      const data = (packet.response as { data?: unknown } | undefined)?.data;
      const sent =
        data instanceof PreparedAnswer
          ? Promise.resolve().then(() => answers.respondPrepared(natsMsg, data))
          : answers.respond(natsMsg, JSON.stringify({ ...packet, id }));
      // A failure here is a connection that closed under us: the caller times out.
      return sent.catch(() => undefined);
    };
  }

  private waitForIdle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, this.kit.graceMs);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  override async close(): Promise<void> {
    let client: Client;
    try {
      client = this.unwrap<NatsConnection>();
    } catch {
      return; // never connected
    }
    for (const sub of this.subs.splice(0)) sub.unsubscribe();
    await this.waitForIdle();
    this.answers?.stop();
    // Replies of finished handlers are flushed by drain before the socket closes.
    await client.drain().catch(() => undefined);
    await super.close();
  }
}
