import { type ChildProcess, spawn } from 'node:child_process';
import type { Output } from './lines.js';

/** One process the launcher runs. */
export interface ProcessSpec {
  name: string;
  command: string;
  args: readonly string[];
  env: Record<string, string>;
  cwd: string;
}

export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Resolves true when the child has exited, false when `ms` passed first. */
export function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (hasExited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      resolve(false);
    }, ms);
    const onExit = () => {
      clearTimeout(timer);
      resolve(true);
    };
    child.once('exit', onExit);
  });
}

/** Sends `signal`, waits up to `graceMs` for the child to exit, then SIGKILLs it. */
export async function terminate(
  child: ChildProcess,
  graceMs: number,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (hasExited(child)) return;
  child.kill(signal);
  if (await waitForExit(child, graceMs)) return;
  child.kill('SIGKILL');
  await waitForExit(child, 5_000);
}

export function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `signal ${signal}` : `code ${code}`;
}

/** Wait before restart number `failures + 1` of a process that keeps dying: 1 s, 2 s, 4 s, 8 s, then 10 s. */
export function restartDelay(failures: number): number {
  return Math.min(1000 * 2 ** failures, 10_000);
}

/** Spawns a process with its output prefixed by its name (only the lines `keep` accepts, when given). */
export function spawnPrefixed(
  spec: ProcessSpec,
  output: Output,
  keep?: (line: string) => boolean,
): ChildProcess {
  const child = spawn(spec.command, [...spec.args], {
    cwd: spec.cwd,
    env: spec.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { out, err } = output.writers(spec.name, keep);
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => out.write(chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => err.write(chunk));
  child.once('close', () => {
    out.end();
    err.end();
  });
  return child;
}

export interface SupervisorOptions {
  output: Output;
  /** How long a process gets to exit after SIGTERM before SIGKILL. */
  graceMs?: number;
  backoff?: (failures: number) => number;
  /** A process that ran this long before dying counts as healthy again: its backoff starts over. */
  stableAfterMs?: number;
}

interface Supervised {
  spec: ProcessSpec;
  child?: ChildProcess;
  restartTimer?: NodeJS.Timeout;
  failures: number;
  startedAt: number;
}

/**
 * Runs long-lived processes, restarting one that dies on its own after a backoff (its neighbours keep
 * running), and one-shot commands; stops all of them with SIGTERM, then SIGKILL after the grace period.
 */
export class Supervisor {
  private readonly services = new Map<string, Supervised>();
  private readonly oneShots = new Set<ChildProcess>();
  private closed = false;
  private readonly graceMs: number;
  private readonly backoff: (failures: number) => number;
  private readonly stableAfterMs: number;

  constructor(private readonly opts: SupervisorOptions) {
    this.graceMs = opts.graceMs ?? 10_000;
    this.backoff = opts.backoff ?? restartDelay;
    this.stableAfterMs = opts.stableAfterMs ?? 30_000;
  }

  /** Starts a long-lived process and keeps it running until stopAll(). */
  start(spec: ProcessSpec): void {
    if (this.closed) return;
    const entry: Supervised = { spec, failures: 0, startedAt: 0 };
    this.services.set(spec.name, entry);
    this.launch(entry);
  }

  /** The pid of a running process, if it runs. */
  pid(name: string): number | undefined {
    const child = this.services.get(name)?.child;
    return child && !hasExited(child) ? child.pid : undefined;
  }

  private launch(entry: Supervised): void {
    if (this.closed) return;
    const { output } = this.opts;
    entry.startedAt = Date.now();
    const child = spawnPrefixed(entry.spec, output);
    entry.child = child;
    let handled = false;
    const onEnd = (reason: string) => {
      if (handled || this.closed) return;
      handled = true;
      if (Date.now() - entry.startedAt >= this.stableAfterMs) entry.failures = 0;
      const delay = this.backoff(entry.failures++);
      output.error(entry.spec.name, `exited unexpectedly (${reason}); restarting in ${delay / 1000} s`);
      entry.restartTimer = setTimeout(() => this.launch(entry), delay);
    };
    child.once('close', (code, signal) => onEnd(describeExit(code, signal)));
    child.once('error', (err) => onEnd(err.message));
  }

  /** Runs a command to completion; rejects when it fails, takes longer than `timeoutMs`, or the stack stops. */
  async runOnce(spec: ProcessSpec, timeoutMs: number): Promise<void> {
    if (this.closed) throw new Error(`${spec.name}: the stack is stopping`);
    const child = spawnPrefixed(spec, this.opts.output);
    this.oneShots.add(child);
    try {
      const result = await new Promise<string | null>((resolve) => {
        const timer = setTimeout(() => {
          void terminate(child, 2_000);
          resolve(`did not finish within ${Math.round(timeoutMs / 1000)} s`);
        }, timeoutMs);
        child.once('error', (err) => {
          clearTimeout(timer);
          resolve(err.message);
        });
        child.once('close', (code, signal) => {
          clearTimeout(timer);
          resolve(code === 0 ? null : `failed (${describeExit(code, signal)})`);
        });
      });
      if (result !== null) throw new Error(`${spec.name} ${result}`);
    } finally {
      this.oneShots.delete(child);
    }
  }

  /** Stops everything: no more restarts, SIGTERM to all, SIGKILL to what is left after the grace period. */
  async stopAll(): Promise<void> {
    this.closed = true;
    const children: ChildProcess[] = [...this.oneShots];
    for (const entry of this.services.values()) {
      clearTimeout(entry.restartTimer);
      if (entry.child) children.push(entry.child);
    }
    await Promise.all(children.map((child) => terminate(child, this.graceMs)));
  }

  /** Last resort when the launcher itself is exiting: signal everything synchronously, wait for nothing. */
  killAll(signal: NodeJS.Signals = 'SIGTERM'): void {
    this.closed = true;
    for (const entry of this.services.values()) {
      clearTimeout(entry.restartTimer);
      if (entry.child && !hasExited(entry.child)) entry.child.kill(signal);
    }
    for (const child of this.oneShots) if (!hasExited(child)) child.kill(signal);
  }
}
