import { z } from 'zod';

/** What the gateway passes with every NATS request; services authorise from it. */
export const ZRequestContext = z.object({
  requestId: z.string(),
  tenantId: z.string(),
  userId: z.string().nullable(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  /**
   * The address the association was reached at (scheme://host[:port], one of its domains): links a
   * service writes for this request, such as a calendar file's, point there. Absent off the web path.
   */
  origin: z.string().optional(),
});
export type TRequestContext = z.infer<typeof ZRequestContext>;

/** The body of every NATS request: the context plus the call's own input. */
export const ZRequestEnvelope = z.object({ ctx: ZRequestContext, input: z.unknown() });
export type TRequestEnvelope = z.infer<typeof ZRequestEnvelope>;

/** Header carrying the request id across NATS hops. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Header on every /api answer: the gateway's clock in epoch milliseconds. The web app keeps whether a vote
 * is active, and its countdown, on server time with it (a device clock can be minutes off).
 */
export const SERVER_TIME_HEADER = 'x-server-time';
