import { z } from 'zod';

/** Raised at boot when the environment is incomplete or wrong; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const ZLogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** Variables every process shares. Local defaults let `npm run up` and tests work with no env at all. */
export const ZBaseConfig = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: ZLogLevel.default('info'),
  NATS_URL: z.string().url().default('nats://127.0.0.1:4222'),
  /** Prepended to every NATS subject and stream name; tests use it to stay apart. */
  SUBJECT_PREFIX: z
    .string()
    .regex(/^[a-z0-9_]*$/, 'must be lowercase letters, digits or underscores')
    .default(''),
  /**
   * Copies of the event stream JetStream keeps (its num_replicas): 1 on a single server; 3 on a clustered
   * NATS, so losing a node loses no events. Applies when the stream is created (later: `nats stream edit`).
   */
  EVENTS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
});

/** Variables of a NestJS service with its own Postgres schema. */
export const ZServiceConfig = ZBaseConfig.extend({
  DATABASE_URL: z.string().url().default('postgres://postgres:postgres@127.0.0.1:5432/gavel'),
  /** Port of the small HTTP server with /healthz, /readyz and /metrics. */
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535),
  /** How long a shutdown waits for in-flight requests before closing anyway. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /** One association's requests running at once in this process; below the database pool of 10. */
  TENANT_CONCURRENCY: z.coerce.number().int().min(1).max(9).default(8),
  /** How long an association's request waits for its turn before answering busy (503). */
  TENANT_QUEUE_WAIT_MS: z.coerce.number().int().min(0).default(4_000),
});
export type TServiceConfig = z.infer<typeof ZServiceConfig>;

/**
 * Validate the environment against a schema. Fails fast with one message naming each missing or bad
 * variable. This is the only place that reads process.env.
 */
export function loadConfig<S extends z.ZodObject>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  // Empty strings count as unset so `FOO=` in a .env file falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.map(String).join('.') || '(environment)';
    const missing = issue.code === 'invalid_type' && cleaned[name] === undefined;
    return missing ? `${name} is missing` : `${name} is invalid: ${issue.message}`;
  });
  throw new ConfigError(problems);
}
