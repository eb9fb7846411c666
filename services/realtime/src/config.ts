import { loadConfig, ZBaseConfig } from '@gavel/service-kit';
import { z } from 'zod';

const ZPort = z.coerce.number().int().min(0).max(65535);

/** The realtime service's environment (see .env.example). */
export const ZRealtimeConfig = ZBaseConfig.extend({
  SOCKET_PORT: ZPort.default(8090),
  HOST: z.string().min(1).default('0.0.0.0'),
  HEALTH_PORT: ZPort.default(9105),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  /** The gateway's Redis prefix (sessions), also the prefix of the socket.io adapter's channels. */
  REDIS_PREFIX: z.string().default(''),
  SESSION_TTL_SECONDS: z.coerce.number().int().min(60).default(43_200),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1).default(5000),
  TALLY_INTERVAL_MS: z.coerce.number().int().min(10).default(1000),
  TALLY_WRITES_PER_SECOND: z.coerce.number().int().min(1).default(2500),
  TALLY_MAX_INTERVAL_MS: z.coerce.number().int().min(10).default(5000),
  BROADCAST_MAX_AGE_MS: z.coerce.number().int().min(1000).default(60_000),
  MAX_CHANNELS_PER_SOCKET: z.coerce.number().int().min(1).default(10),
  /** How often the sessions of connected sockets are checked (a signed-out session is disconnected). */
  SESSION_CHECK_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  /**
   * After an event that may take a channel from users (a membership removed or declined, a meeting's
   * visibility narrowed), their sockets' access is asked again this much later: the owning service applies
   * the change to its own copy through its consumer meanwhile.
   */
  ACCESS_REVIEW_SETTLE_MS: z.coerce.number().int().min(0).default(1000),
});
export type TRealtimeConfig = z.infer<typeof ZRealtimeConfig>;

export function loadRealtimeConfig(env: Record<string, string | undefined> = process.env): TRealtimeConfig {
  return loadConfig(ZRealtimeConfig, env);
}
