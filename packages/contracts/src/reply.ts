import { z } from 'zod';
import { ZErrorPayload } from './errors.js';

/** What every NATS request handler answers: data, or a typed error. */
export const ZReply = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: ZErrorPayload }),
]);
export type TReply = z.infer<typeof ZReply>;

/**
 * What a call that signs someone in answers over NATS: the user to bind to the session
 * and the HTTP body to send back. The gateway creates the session; the service never sees the token.
 */
export function sessionReply<T extends z.ZodType>(body: T) {
  return z.object({ userId: z.string(), body });
}
