import type { RawSql } from '@gavel/service-kit';
import type { z } from 'zod';

/**
 * Writes a domain event into the transactional outbox inside the caller's transaction.
 * In the running service this is the kit's ServiceRuntime; the seed script passes a plain
 * `enqueueEvent` wrapper, since it has no NATS connection (the service's publisher sends the rows).
 */
export abstract class Outbox {
  abstract emit<S extends z.ZodType>(
    tx: RawSql,
    subject: string,
    payloadSchema: S,
    payload: z.infer<S>,
  ): Promise<string>;

  /** Many events of one subject in one statement (a hall of thousands checked out when the meeting ends). */
  abstract emitAll<S extends z.ZodType>(
    tx: RawSql,
    subject: string,
    payloadSchema: S,
    payloads: readonly z.infer<S>[],
  ): Promise<string[]>;
}
