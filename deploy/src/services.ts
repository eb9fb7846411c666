import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The processes of the local stack. A new service is one more entry in SERVICES: `npm run up` seeds,
 * starts and health-checks it, and `npm run dev:service -- <name>` runs it alone with the same env.
 */

/** The repository root (this file is in deploy/src or deploy/dist). */
export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export type InfraName = 'postgres' | 'nats' | 'redis';

/** The variable each piece of infrastructure is passed in, and its local default. */
export const INFRA: Record<InfraName, { env: string; defaultUrl: string; defaultPort: number }> = {
  postgres: {
    env: 'DATABASE_URL',
    defaultUrl: 'postgres://postgres:postgres@127.0.0.1:5432/gavel',
    defaultPort: 5432,
  },
  nats: { env: 'NATS_URL', defaultUrl: 'nats://127.0.0.1:4222', defaultPort: 4222 },
  redis: { env: 'REDIS_URL', defaultUrl: 'redis://127.0.0.1:6379', defaultPort: 6379 },
};

export const INFRA_NAMES = Object.keys(INFRA) as InfraName[];

export interface StackContext {
  /** Absolute path of the repository. */
  repoRoot: string;
  /** The URL of each piece of infrastructure the stack uses. */
  urls: Record<InfraName, string>;
}

export interface ServiceSpec {
  name: string;
  /** The built entry point, relative to the repository root. */
  entry: string;
  /** Port of the service's /healthz, /readyz and /metrics. */
  healthPort: number;
  /** Infrastructure the service talks to; each is passed as its URL variable (DATABASE_URL, ...). */
  uses: readonly InfraName[];
  /** Variables of this service beyond the infrastructure URLs and HEALTH_PORT. */
  env?: (ctx: StackContext) => Record<string, string>;
  /** Other ports the service listens on (checked to be free before it starts). */
  ports?: readonly number[];
  /**
   * A one-shot command run before the service starts, after the services listed before it are ready, with
   * the same env (idempotent: runs every `up`).
   */
  seed?: string;
  /**
   * Run the seed once the service itself is ready rather than before it starts: for a seed that reads
   * what the service's own event consumers fill in (the voting service's read models).
   */
  seedAfterStart?: boolean;
  /** Shown when the stack is ready: where a person opens the app. */
  publicUrl?: string;
}

export const GATEWAY_HTTP_PORT = 8080;
/** The socket.io ports of the local realtime instances. */
export const REALTIME_SOCKET_PORTS = [8090, 8091] as const;

export const SERVICES: readonly ServiceSpec[] = [
  {
    name: 'identity',
    entry: 'services/identity/dist/main.js',
    healthPort: 9101,
    uses: ['postgres', 'nats'],
    seed: 'services/identity/dist/seed.js',
  },
  {
    name: 'committees',
    entry: 'services/committees/dist/main.js',
    healthPort: 9102,
    uses: ['postgres', 'nats'],
    seed: 'services/committees/dist/seed.js',
  },
  {
    name: 'meetings',
    entry: 'services/meetings/dist/main.js',
    healthPort: 9103,
    uses: ['postgres', 'nats'],
    seed: 'services/meetings/dist/seed.js',
  },
  {
    name: 'voting',
    entry: 'services/voting/dist/main.js',
    healthPort: 9104,
    uses: ['postgres', 'nats'],
    seed: 'services/voting/dist/seed.js',
    seedAfterStart: true,
  },
  // The voting path scales sideways: two realtime instances share rooms through the Redis adapter.
  ...REALTIME_SOCKET_PORTS.map(
    (port, i): ServiceSpec => ({
      name: `realtime-${i + 1}`,
      entry: 'services/realtime/dist/main.js',
      healthPort: 9105 + i,
      uses: ['nats', 'redis'],
      ports: [port],
      env: () => ({ SOCKET_PORT: String(port) }),
    }),
  ),
  {
    name: 'gateway',
    entry: 'services/gateway/dist/main.js',
    healthPort: 9100,
    uses: ['nats', 'redis'],
    ports: [GATEWAY_HTTP_PORT],
    env: ({ repoRoot }) => ({
      HTTP_PORT: String(GATEWAY_HTTP_PORT),
      REALTIME_URLS: REALTIME_SOCKET_PORTS.map((port) => `http://127.0.0.1:${port}`).join(','),
      WEB_ROOT: join(repoRoot, 'web', 'dist'),
    }),
    publicUrl: `http://localhost:${GATEWAY_HTTP_PORT}`,
  },
];

export type LaunchStep = { kind: 'seed' | 'start'; spec: ServiceSpec };

/**
 * The order `npm run up` works in: each service's seed runs once the services before it in SERVICES are
 * ready (a seed may call them over NATS), then the service starts and is waited for.
 */
export function launchPlan(services: readonly ServiceSpec[]): LaunchStep[] {
  return services.flatMap((spec): LaunchStep[] => {
    if (!spec.seed) return [{ kind: 'start', spec }];
    return spec.seedAfterStart
      ? [
          { kind: 'start', spec },
          { kind: 'seed', spec },
        ]
      : [
          { kind: 'seed', spec },
          { kind: 'start', spec },
        ];
  });
}

export function findService(name: string): ServiceSpec | undefined {
  return SERVICES.find((s) => s.name === name);
}

/** Infrastructure URLs: the environment's when set, else the local defaults. */
export function infraUrls(env: Record<string, string | undefined>): Record<InfraName, string> {
  return Object.fromEntries(
    INFRA_NAMES.map((name) => [name, env[INFRA[name].env] || INFRA[name].defaultUrl]),
  ) as Record<InfraName, string>;
}

/** Infrastructure any of the given services needs. */
export function infraUsedBy(services: readonly ServiceSpec[]): InfraName[] {
  return INFRA_NAMES.filter((name) => services.some((s) => s.uses.includes(name)));
}

/**
 * The environment of one service: the launcher's own (PATH, LOG_LEVEL, ... pass through), the URLs of the
 * infrastructure it uses, and its own ports and settings, which win over anything inherited.
 */
export function buildServiceEnv(
  spec: ServiceSpec,
  ctx: StackContext,
  base: Record<string, string | undefined>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) if (value !== undefined) env[key] = value;
  env.NODE_ENV ||= 'development';
  env.LOG_LEVEL ||= 'info';
  for (const name of spec.uses) env[INFRA[name].env] = ctx.urls[name];
  env.HEALTH_PORT = String(spec.healthPort);
  Object.assign(env, spec.env?.(ctx));
  return env;
}

/** Every port a service listens on. */
export function portsOf(spec: ServiceSpec): number[] {
  return [spec.healthPort, ...(spec.ports ?? [])];
}

export function readyUrl(spec: ServiceSpec): string {
  return `http://127.0.0.1:${spec.healthPort}/readyz`;
}

export interface DemoLogin {
  email: string;
  who: string;
}

export const DEMO_PASSWORD = 'gavel-demo';

/** The seeded demo users (identity's seed creates them), shown when the stack is ready. */
export const DEMO_LOGINS: readonly DemoLogin[] = [
  { email: 'admin@demo.gavel.test', who: 'global admin' },
  { email: 'runner@demo.gavel.test', who: 'meeting runner' },
  { email: 'staff@demo.gavel.test', who: 'staff' },
  { email: 'member1@demo.gavel.test … member12@demo.gavel.test', who: 'committee members' },
];

/** What `npm run up` prints once everything answers. */
export function readyBanner(urls: readonly string[]): string {
  const width = Math.max(...DEMO_LOGINS.map((l) => l.email.length));
  return [
    '',
    `Gavel is ready: ${urls.join(', ')}`,
    '',
    `Demo logins (password: ${DEMO_PASSWORD}):`,
    ...DEMO_LOGINS.map((l) => `  ${l.email.padEnd(width)}  ${l.who}`),
    '',
    'Ctrl-C stops everything.',
    '',
  ].join('\n');
}
