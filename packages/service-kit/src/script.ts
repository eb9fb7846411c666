import { pathToFileURL } from 'node:url';
import type { NatsConnection } from '@nats-io/transport-node';
import type { PrismaPg } from '@prisma/adapter-pg';
import { ensureDatabase, migrate } from './migrate.js';
import { connectNats } from './nats.js';
import { createPrismaClient } from './prisma.js';

/** What a service's one-off scripts (its demo seed, its command-line tools) share. */

/** Runs `main` when `moduleUrl` is the script node was started with; exits 0, or 1 saying what failed. */
export function runWhenMain(moduleUrl: string, what: string, main: () => Promise<void>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(`${what} failed:`, err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}

/**
 * The service's database created if missing and its schema migrated, as the service itself does on
 * start, then a client on it for `use`, closed afterwards.
 */
export async function withMigratedPrisma<T extends { $disconnect(): Promise<void> }, R>(
  opts: {
    PrismaClient: new (options: { adapter: PrismaPg }) => T;
    databaseUrl: string;
    schema: string;
    migrationsDir: string;
  },
  use: (prisma: T) => Promise<R>,
): Promise<R> {
  await ensureDatabase(opts.databaseUrl);
  await migrate({
    connectionString: opts.databaseUrl,
    schema: opts.schema,
    migrationsDir: opts.migrationsDir,
  });
  const prisma = createPrismaClient(opts.PrismaClient, {
    connectionString: opts.databaseUrl,
    schema: opts.schema,
  });
  try {
    return await use(prisma);
  } finally {
    await prisma.$disconnect();
  }
}

/** A NATS connection named `name` for `use`, closed afterwards. */
export async function withNats<R>(
  url: string,
  name: string,
  use: (nc: NatsConnection) => Promise<R>,
): Promise<R> {
  const nc = await connectNats(url, name);
  try {
    return await use(nc);
  } finally {
    await nc.close().catch(() => undefined);
  }
}
