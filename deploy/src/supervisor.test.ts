import { describe, expect, it } from 'vitest';
import { Output } from './lines.js';
import { type ProcessSpec, restartDelay, Supervisor } from './supervisor.js';

function collector() {
  const lines: string[] = [];
  const write = (t: string) => lines.push(...t.split('\n').filter(Boolean));
  return { lines, output: new Output(6, false, write, write) };
}

function nodeProcess(name: string, code: string): ProcessSpec {
  return {
    name,
    command: process.execPath,
    args: ['-e', code],
    env: { PATH: process.env.PATH ?? '' },
    cwd: process.cwd(),
  };
}

async function until<T>(fn: () => T | undefined | false, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const value = fn();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition not met in time');
}

const LONG_RUNNING = "console.log('started', process.pid); setInterval(() => {}, 1000);";

describe('restartDelay', () => {
  it('backs off from 1 s, doubling, up to 10 s', () => {
    expect([0, 1, 2, 3, 4, 10].map(restartDelay)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });
});

describe('Supervisor', () => {
  it('prefixes output and restarts a process that dies, leaving its neighbour alone', async () => {
    const { lines, output } = collector();
    const sup = new Supervisor({ output, backoff: () => 50 });
    sup.start(nodeProcess('one', LONG_RUNNING));
    sup.start(nodeProcess('two', LONG_RUNNING));
    const first = await until(() => sup.pid('one'));
    const neighbour = await until(() => sup.pid('two'));
    await until(() => lines.some((l) => l.startsWith('one    | started')));

    process.kill(first, 'SIGKILL');
    const second = await until(() => {
      const pid = sup.pid('one');
      return pid !== first && pid;
    });
    expect(second).not.toBe(first);
    expect(sup.pid('two')).toBe(neighbour);
    expect(lines).toContain('one    | exited unexpectedly (signal SIGKILL); restarting in 0.05 s');

    await sup.stopAll();
    expect(sup.pid('one')).toBeUndefined();
    expect(sup.pid('two')).toBeUndefined();
  });

  it('SIGKILLs a process that ignores SIGTERM after the grace period, and does not restart it', async () => {
    const { lines, output } = collector();
    const sup = new Supervisor({ output, graceMs: 300, backoff: () => 10 });
    sup.start(nodeProcess('stuck', `process.on('SIGTERM', () => console.log('ignoring')); ${LONG_RUNNING}`));
    await until(() => lines.some((l) => l.includes('started')));
    const started = Date.now();
    await sup.stopAll();
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(lines).toContain('stuck  | ignoring');
    await new Promise((r) => setTimeout(r, 100));
    expect(sup.pid('stuck')).toBeUndefined();
    expect(lines.some((l) => l.includes('restarting'))).toBe(false);
  });

  it('runs one-shot commands to completion and names the one that fails', async () => {
    const { lines, output } = collector();
    const sup = new Supervisor({ output });
    await sup.runOnce(nodeProcess('seed', "console.log('seeded')"), 5_000);
    expect(lines).toContain('seed   | seeded');
    await expect(sup.runOnce(nodeProcess('seed', 'process.exit(3)'), 5_000)).rejects.toThrow(
      'seed failed (code 3)',
    );
    await expect(sup.runOnce(nodeProcess('seed', LONG_RUNNING), 200)).rejects.toThrow(
      'seed did not finish within 0 s',
    );
  });
});
