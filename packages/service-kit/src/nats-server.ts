import type { TReply } from '@gavel/contracts';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import { ServerNats } from '@nestjs/microservices';
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

  constructor(
    options: NatsServerOptions,
    private readonly kit: { prefix: string; queue: string; graceMs: number },
  ) {
    super(options);
  }

  override bindEvents(client: Client): void {
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
   * An answer over the NATS server's max_payload is refused by the client before it is sent; answer an
   * error instead, so the caller hears why at once rather than timing out.
   */
  override getPublisher(natsMsg: Msg, id: string, ctx: unknown) {
    const publish = super.getPublisher(natsMsg, id, ctx as never);
    return (packet: Record<string, unknown>) => {
      try {
        return publish(packet);
      } catch (err) {
        if (!(err instanceof Error) || !err.message.includes('max_payload')) throw err;
        const tooLarge: TReply = {
          ok: false,
          error: {
            code: 'internal',
            message: 'The answer is too large to send. Please ask for less at once.',
          },
        };
        return publish({ ...packet, response: tooLarge });
      }
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
    // Replies of finished handlers are flushed by drain before the socket closes.
    await client.drain().catch(() => undefined);
    await super.close();
  }
}
