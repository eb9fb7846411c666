import { fileURLToPath } from 'node:url';
import { DEFAULT_SESSION_MAX_AGE_SECONDS, loadConfig, ZBaseConfig } from '@gavel/service-kit';
import { z } from 'zod';
import { parseRealtimeUrls } from './realtime-proxy.js';
import { parseTrustProxy } from './trusted-proxy.js';

/** `<repo>/web/dist`, seen from `services/gateway/src` or `services/gateway/dist`. */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../../web/dist', import.meta.url));

const ZPort = z.coerce.number().int().min(0).max(65535);
const ZMillis = z.coerce.number().int().min(1);

/** The gateway's environment: the shared variables plus HTTP, Redis, sessions and the SPA. */
export const ZGatewayConfig = ZBaseConfig.extend({
  HTTP_PORT: ZPort.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** /healthz, /readyz and /metrics, on their own port. */
  HEALTH_PORT: ZPort.default(9100),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  /** Prepended to every Redis key; tests isolate their keys with it. */
  REDIS_PREFIX: z.string().default(''),
  /** The built SPA (index.html and assets/). */
  WEB_ROOT: z.string().min(1).default(DEFAULT_WEB_ROOT),
  /** How long the gateway waits for a service's answer before replying 503. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1).default(5000),
  /**
   * Slow clients (slowloris) cannot hold connections forever. A request's head and body must have
   * arrived within HTTP_REQUEST_TIMEOUT_MS (else 408 and the connection closes; generous enough for the
   * 512 KiB body limit over a poor mobile link). A connection on which nothing moves for
   * HTTP_CONNECTION_TIMEOUT_MS is closed: it must exceed REQUEST_TIMEOUT_MS, since an answer waiting for a
   * service sends nothing meanwhile (and would cover a socket.io long-poll, which waits up to 25 s). An
   * idle keep-alive connection is closed after HTTP_KEEP_ALIVE_TIMEOUT_MS: above the 60 s idle timeout of
   * common load balancers, so that they close first. WebSocket connections (/socket.io) are not affected
   * once upgraded: socket.io's heartbeat ends dead ones.
   */
  HTTP_REQUEST_TIMEOUT_MS: ZMillis.default(120_000),
  HTTP_CONNECTION_TIMEOUT_MS: ZMillis.default(60_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: ZMillis.default(72_000),
  /** Idle lifetime of a session; every use extends it. */
  SESSION_TTL_SECONDS: z.coerce.number().int().min(60).default(43_200),
  /**
   * Absolute lifetime of a session (7 days): however much it is used, it then ends and the user signs in
   * again, so a stolen cookie kept in use does not work forever. Realtime honours it through the session.
   */
  SESSION_MAX_AGE_SECONDS: z.coerce.number().int().min(60).default(DEFAULT_SESSION_MAX_AGE_SECONDS),
  /**
   * Honour X-Forwarded-For/-Proto/-Host from these peers: false, true (any peer), or the load balancer's
   * or ingress's addresses and CIDR ranges, comma separated.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      try {
        return parseTrustProxy(value);
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'must be true, false or comma-separated addresses/CIDR ranges',
        });
        return z.NEVER;
      }
    }),
  /** Realtime instances behind `/socket.io` (websocket upgrades), comma separated, round-robin. */
  REALTIME_URLS: z
    .string()
    .default('http://127.0.0.1:8090')
    .refine((v) => {
      try {
        parseRealtimeUrls(v);
        return true;
      } catch {
        return false;
      }
    }, 'must be comma-separated http(s):// or ws(s):// URLs'),
}).refine((config) => config.HTTP_CONNECTION_TIMEOUT_MS > config.REQUEST_TIMEOUT_MS, {
  path: ['HTTP_CONNECTION_TIMEOUT_MS'],
  message: 'must be greater than REQUEST_TIMEOUT_MS (a request waiting for a service sends nothing)',
});
export type TGatewayConfig = z.infer<typeof ZGatewayConfig>;

export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): TGatewayConfig {
  return loadConfig(ZGatewayConfig, env);
}
