import { ZBypassInput } from '@gavel/contracts';
import { z } from 'zod';

/**
 * What the gateway sends to redeem a code: the contract's input plus `attempt`, the gateway's key of this
 * sign-in attempt (a hash of what the browser sends again when it retries). Not in ZBypassInput, which is
 * also the HTTP body: a browser does not send it, the gateway adds it.
 */
export const ZBypassRedeemInput = ZBypassInput.extend({
  attempt: z
    .string()
    .regex(/^[A-Za-z0-9_-]{32,128}$/)
    .optional(),
});
export type TBypassRedeemInput = z.output<typeof ZBypassRedeemInput>;
