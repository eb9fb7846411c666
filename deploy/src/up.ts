/**
 * `npm run up`: the whole stack with demo data on this machine. Uses or starts Postgres, NATS and Redis,
 * creates the database, then for each service in SERVICES runs its seed and starts it, waiting for its
 * /readyz before the next (a seed may call the services before it), and
 * prints where to sign in. Ctrl-C (or SIGTERM) stops everything it started.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInfra, InfraError, type InfraHandle } from './infra.js';
import { Output, wantsColour } from './lines.js';
import { isListening, waitReady } from './ports.js';
import {
  buildServiceEnv,
  INFRA_NAMES,
  infraUsedBy,
  launchPlan,
  portsOf,
  REPO_ROOT,
  readyBanner,
  readyUrl,
  SERVICES,
  type ServiceSpec,
  type StackContext,
} from './services.js';
import { Supervisor } from './supervisor.js';

const LAUNCHER = 'up';
const timeoutS = Number(process.env.GAVEL_UP_TIMEOUT_S) || 60;
const deadline = Date.now() + timeoutS * 1000;

const names = [
  LAUNCHER,
  ...INFRA_NAMES,
  ...SERVICES.flatMap((s) => (s.seed ? [s.name, seedName(s)] : [s.name])),
];
const output = new Output(Math.max(...names.map((n) => n.length)), wantsColour(process.stdout, process.env));
const supervisor = new Supervisor({ output });
let infraStarting: Promise<InfraHandle> | undefined;
let infra: InfraHandle | undefined;
let stopping: Promise<void> | undefined;

function seedName(spec: ServiceSpec): string {
  return `${spec.name}:seed`;
}

/** Stops the services, then what infrastructure the launcher started, then exits. */
async function shutdown(code: number): Promise<never> {
  stopping ??= (async () => {
    await supervisor.stopAll();
    // Infrastructure still starting is stopped once it is up.
    const started = await infraStarting?.catch(() => undefined);
    await started?.stop();
  })();
  await stopping;
  process.exit(code);
}

let signals = 0;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    signals += 1;
    if (signals > 1) {
      output.error(LAUNCHER, 'stopping now without waiting');
      process.exit(130);
    }
    output.info(LAUNCHER, `${signal}: stopping everything`);
    void shutdown(0);
  });
}
// Whatever ends the launcher, nothing it started is left running.
process.on('exit', () => {
  supervisor.killAll();
  infra?.killNow();
});

/** Before starting anything: every entry point is built and no port is taken by an earlier run. */
async function preflight(): Promise<void> {
  for (const spec of SERVICES) {
    for (const file of [spec.entry, spec.seed].filter((f): f is string => !!f)) {
      if (!existsSync(join(REPO_ROOT, file))) {
        throw new InfraError(
          `${file} does not exist: build first (npm run build, or npm run up which builds)`,
        );
      }
    }
    for (const port of portsOf(spec)) {
      if (await isListening('127.0.0.1', port)) {
        throw new InfraError(
          `port ${port} (${spec.name}) is already in use; is the stack already running (another npm run up)?`,
        );
      }
    }
  }
}

function processSpec(spec: ServiceSpec, ctx: StackContext, name: string, entry: string) {
  return {
    name,
    command: process.execPath,
    args: [join(REPO_ROOT, entry)],
    env: buildServiceEnv(spec, ctx, process.env),
    cwd: REPO_ROOT,
  };
}

async function main(): Promise<void> {
  await preflight();
  const needs = infraUsedBy(SERVICES);
  infraStarting = ensureInfra({ repoRoot: REPO_ROOT, env: process.env, needs, output });
  infra = await infraStarting;
  if (stopping) return;
  if (needs.includes('postgres')) {
    const { ensureDatabase } = await import('@gavel/service-kit');
    await ensureDatabase(infra.urls.postgres);
  }
  const ctx: StackContext = { repoRoot: REPO_ROOT, urls: infra.urls };

  for (const { kind, spec } of launchPlan(SERVICES)) {
    if (stopping) return;
    if (kind === 'seed' && spec.seed) {
      output.info(LAUNCHER, `seeding ${spec.name}`);
      await supervisor.runOnce(processSpec(spec, ctx, seedName(spec), spec.seed), deadline - Date.now());
      continue;
    }
    supervisor.start(processSpec(spec, ctx, spec.name, spec.entry));
    try {
      await waitReady(readyUrl(spec), deadline, () => !!stopping);
    } catch (err) {
      throw new Error(
        `the stack did not become ready within ${timeoutS} s: ${spec.name} is not ready (${(err as Error).message}); see its output above`,
      );
    }
    output.info(LAUNCHER, `${spec.name} is ready`);
  }

  if (stopping) return;
  const urls = SERVICES.flatMap((s) => (s.publicUrl ? [s.publicUrl] : []));
  process.stdout.write(`${readyBanner(urls)}\n`);
}

main().catch(async (err: unknown) => {
  if (stopping) return;
  // One line that says what went wrong; the process's own output above says why.
  output.error(LAUNCHER, err instanceof Error ? err.message : String(err));
  await shutdown(1);
});
