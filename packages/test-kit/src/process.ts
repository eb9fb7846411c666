import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { eventually } from './index.js';

/** A port nothing listens on right now, for a child's health or HTTP port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * A service from its build, run as its own process the way `npm run up` runs it: ready when its health
 * port answers /readyz; killed without a chance to clean up, like a crashed pod, or stopped gracefully.
 */
export class ServiceProcess {
  child: ChildProcess | null = null;
  output = '';
  constructor(
    readonly name: string,
    /** Absolute path of the built entry, such as `.../services/voting/dist/main.js`. */
    readonly entry: string,
    readonly env: Record<string, string>,
    readonly healthPort: number,
  ) {}

  async start(): Promise<void> {
    this.output = '';
    const child = spawn(process.execPath, [this.entry], {
      env: { ...process.env, ...this.env, HEALTH_PORT: String(this.healthPort) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (d) => {
      this.output += d;
    });
    child.stderr?.on('data', (d) => {
      this.output += d;
    });
    await eventually(async () => {
      if (child.exitCode !== null) throw new Error(`${this.name} exited:\n${this.output}`);
      const res = await fetch(`http://127.0.0.1:${this.healthPort}/readyz`).catch(() => null);
      return res?.ok;
    }, 30_000);
  }

  /** SIGKILL: whatever was in flight is lost, as when a pod dies. */
  kill(): Promise<void> {
    return this.signal('SIGKILL');
  }

  stop(): Promise<void> {
    return this.signal('SIGTERM');
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }
}
