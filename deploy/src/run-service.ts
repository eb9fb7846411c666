/**
 * `npm run dev:service -- <name> [--seed]`: one service alone, in the foreground, with the env `npm run up`
 * gives it. Postgres, NATS and Redis must already answer (the machine's own, or the *_URL
 * variables); with --seed the service's seed runs first (or beside it, for a seed that needs it running).
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { join } from 'node:path';
import { hostPortOf, isListening } from './ports.js';
import { buildServiceEnv, findService, INFRA, infraUrls, REPO_ROOT, SERVICES } from './services.js';

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

function run(entry: string, env: Record<string, string>): Promise<number> {
  const child = spawn(process.execPath, [join(REPO_ROOT, entry)], { cwd: REPO_ROOT, env, stdio: 'inherit' });
  // Ctrl-C reaches the child from the terminal already; SIGTERM (a different signal, so it never counts as
  // a second Ctrl-C) passes on whatever stops this wrapper.
  const forward = () => child.kill('SIGTERM');
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, forward);
  return new Promise((resolve) => {
    child.once('error', (err) => fail(`${entry}: ${err.message}`));
    child.once('exit', (code, signal) => {
      for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.off(s, forward);
      resolve(code ?? 128 + (signal ? constants.signals[signal] : 0));
    });
  });
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const name = args.find((a) => !a.startsWith('-'));
  const spec = name ? findService(name) : undefined;
  if (!spec) {
    fail(
      `Usage: npm run dev:service -- <name> [--seed]\nServices: ${SERVICES.map((s) => s.name).join(', ')}`,
      2,
    );
  }
  const urls = infraUrls(process.env);
  for (const infra of spec.uses) {
    const { host, port } = hostPortOf(urls[infra], INFRA[infra].defaultPort);
    if (!(await isListening(host, port))) {
      fail(
        `${spec.name} needs ${infra}, but nothing answers at ${host}:${port} (${INFRA[infra].env}); ` +
          'start it, or run `npm run up`, which starts what is missing',
      );
    }
  }
  if (spec.uses.includes('postgres')) {
    const { ensureDatabase } = await import('@gavel/service-kit');
    await ensureDatabase(urls.postgres);
  }
  const env = buildServiceEnv(spec, { repoRoot: REPO_ROOT, urls }, process.env);
  const seed = args.includes('--seed') ? spec.seed : undefined;
  if (seed && spec.seedAfterStart) {
    // This seed reads what the running service's consumers fill in: run it beside the service.
    const service = run(spec.entry, env);
    const code = await run(seed, env);
    if (code !== 0) process.stderr.write(`${spec.name}'s seed failed (code ${code}); the service runs on\n`);
    process.exit(await service);
  }
  if (seed) {
    const code = await run(seed, env);
    if (code !== 0) process.exit(code);
  }
  process.exit(await run(spec.entry, env));
}

main().catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
