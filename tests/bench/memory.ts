import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface StackProcess {
  /** The service (services/<name>/dist/main.js), numbered when it runs more than once; or the server. */
  name: string;
  pid: string;
}

/** The stack's processes on this machine, read from /proc: the bench runs beside the stack. */
function stackProcesses(): StackProcess[] {
  const found: StackProcess[] = [];
  const counts: Record<string, number> = {};
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
    } catch {
      continue;
    }
    const service =
      /services\/([\w-]+)\/dist\/main\.js/.exec(cmdline)?.[1] ??
      (/deploy\/dist\/up\.js/.test(cmdline)
        ? 'launcher'
        : /postgres:|bin\/postgres/.test(cmdline)
          ? 'postgres'
          : /nats-server/.test(cmdline)
            ? 'nats-server'
            : /redis-server/.test(cmdline)
              ? 'redis-server'
              : null);
    if (!service) continue;
    // Several instances of one service (realtime) are told apart by number; Postgres backends add up.
    const n = (counts[service] ?? 0) + 1;
    counts[service] = n;
    const name = service === 'postgres' || n === 1 ? service : `${service}#${n}`;
    found.push({ name, pid });
  }
  return found;
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** Peak resident memory (VmHWM) in MB of each of the stack's processes. */
export function peakMemoryByProcess(): Record<string, number> {
  const peaks: Record<string, number> = {};
  for (const { name, pid } of stackProcesses()) {
    const kb = Number(/VmHWM:\s+(\d+) kB/.exec(read(`/proc/${pid}/status`) ?? '')?.[1] ?? 0);
    if (kb) peaks[name] = (peaks[name] ?? 0) + kb / 1024;
  }
  return Object.fromEntries(Object.entries(peaks).map(([name, mb]) => [name, Math.round(mb)]));
}

/**
 * CPU seconds (user + system) each of the stack's processes has used so far, by pid and name, and this
 * bench process as `bench`: two readings around a phase say where its CPU time went.
 */
export function cpuSecondsByProcess(): Map<string, { name: string; seconds: number }> {
  const used = new Map<string, { name: string; seconds: number }>();
  for (const { name, pid } of stackProcesses()) {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = read(`/proc/${pid}/stat`);
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    used.set(pid, { name, seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND });
  }
  const self = process.cpuUsage();
  used.set('bench', { name: 'bench', seconds: (self.user + self.system) / 1e6 });
  return used;
}

/**
 * CPU milliseconds per unit of work of each process name between two readings, busiest first. A process
 * that started in between counts from zero; one that exited in between is not counted.
 */
export function cpuMsPer(
  before: Map<string, { name: string; seconds: number }>,
  after: Map<string, { name: string; seconds: number }>,
  units: number,
): Record<string, number> {
  const byName: Record<string, number> = {};
  for (const [pid, { name, seconds }] of after) {
    byName[name] = (byName[name] ?? 0) + seconds - (before.get(pid)?.seconds ?? 0);
  }
  const rows = Object.entries(byName).map(([name, s]): [string, number] => [
    name,
    Math.round((s * 1000 * 100) / Math.max(1, units)) / 100,
  ]);
  return Object.fromEntries(rows.filter(([, ms]) => ms > 0).sort((a, b) => b[1] - a[1]));
}
