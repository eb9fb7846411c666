import { readdirSync, readFileSync } from 'node:fs';

/**
 * Peak resident memory (VmHWM) of the stack's processes, by the entry each runs
 * (services/<name>/dist/main.js), read from /proc: the bench runs on the same machine as the stack.
 */
export function peakMemoryByProcess(): Record<string, number> {
  const peaks: Record<string, number> = {};
  const counts: Record<string, number> = {};
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let cmdline: string;
    let status: string;
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      status = readFileSync(`/proc/${pid}/status`, 'utf8');
    } catch {
      continue;
    }
    const service =
      /services\/([\w-]+)\/dist\/main\.js/.exec(cmdline)?.[1] ??
      (/postgres:|bin\/postgres/.test(cmdline)
        ? 'postgres'
        : /nats-server/.test(cmdline)
          ? 'nats-server'
          : /redis-server/.test(cmdline)
            ? 'redis-server'
            : null);
    const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
    if (!service || !kb) continue;
    // Several instances of one service (realtime) are told apart by number.
    const n = (counts[service] ?? 0) + 1;
    counts[service] = n;
    const name = service === 'postgres' ? 'postgres' : n === 1 ? service : `${service}#${n}`;
    peaks[name] = service === 'postgres' ? (peaks[name] ?? 0) + kb / 1024 : kb / 1024;
  }
  return Object.fromEntries(Object.entries(peaks).map(([name, mb]) => [name, Math.round(mb)]));
}
