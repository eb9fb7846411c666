import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { StackUrls } from './electorate.js';

/** Where the stack's infrastructure answers: the environment's URLs, else those `npm run up` uses. */
export const STACK_URLS: StackUrls = {
  databaseUrl: process.env.DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/gavel',
  natsUrl: process.env.NATS_URL || 'nats://127.0.0.1:4222',
  redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  redisPrefix: process.env.REDIS_PREFIX || '',
};

/** Progress on stderr, so stdout holds only the report. */
export const log = (text: string) => process.stderr.write(`bench: ${text}\n`);

/** Writes the report as JSON to `path`, relative to where npm was run (when a path is given). */
export function writeReport(path: string | undefined, report: unknown): void {
  if (!path) return;
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), path);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  log(`wrote ${file}`);
}

/** Runs a bench and exits with its outcome (its clients' sockets and pools would keep the process up). */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
