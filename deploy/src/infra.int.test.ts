import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDatabase } from '@gavel/service-kit';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureInfra, InfraError } from './infra.js';
import { Output } from './lines.js';
import { hostPortOf, isListening, waitForPort } from './ports.js';
import { INFRA, INFRA_NAMES, infraUrls } from './services.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A temp folder other users may enter (Postgres runs as the user postgres when the tests run as root). */
function repoDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gavel-infra-'));
  chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

function collector() {
  const lines: string[] = [];
  const write = (t: string) => lines.push(...t.split('\n').filter(Boolean));
  return { lines, output: new Output(8, false, write, write) };
}

describe('ensureInfra', () => {
  it('uses what already listens at the configured URLs and starts nothing', async () => {
    const env = { ...process.env };
    const up = await Promise.all(
      INFRA_NAMES.map((n) => {
        const { host, port } = hostPortOf(infraUrls(env)[n], INFRA[n].defaultPort);
        return isListening(host, port);
      }),
    );
    const needs = INFRA_NAMES.filter((_, i) => up[i]);
    const { lines, output } = collector();
    const infra = await ensureInfra({ repoRoot: repoDir(), env, needs, output });
    expect(infra.started).toEqual([]);
    expect(lines.filter((l) => l.includes('using the server at'))).toHaveLength(needs.length);
    await infra.stop();
  });

  it('starts Redis and NATS from the PATH on free ports and stops them again', async () => {
    const [redisPort, natsPort] = [await freePort(), await freePort()];
    const { output } = collector();
    const repo = repoDir();
    const infra = await ensureInfra({
      repoRoot: repo,
      env: {
        PATH: process.env.PATH,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        NATS_URL: `nats://127.0.0.1:${natsPort}`,
      },
      needs: ['redis', 'nats'],
      output,
    });
    expect(infra.started.sort()).toEqual(['nats', 'redis']);
    expect(await isListening('127.0.0.1', redisPort)).toBe(true);
    expect(await isListening('127.0.0.1', natsPort)).toBe(true);
    await infra.stop();
    expect(await isListening('127.0.0.1', redisPort)).toBe(false);
    expect(await isListening('127.0.0.1', natsPort)).toBe(false);
  });

  it('names the Debian package in one line when a server binary is missing', async () => {
    const port = await freePort();
    const { output } = collector();
    const attempt = ensureInfra({
      repoRoot: repoDir(),
      env: { PATH: '/nonexistent', REDIS_URL: `redis://127.0.0.1:${port}` },
      needs: ['redis'],
      output,
    });
    await expect(attempt).rejects.toBeInstanceOf(InfraError);
    await expect(attempt).rejects.toThrow(
      `redis-server is not installed and nothing listens on 127.0.0.1:${port}: apt-get install redis-server`,
    );
  });

  it('refuses a NATS server without JetStream, saying so, rather than let every service fail later', async () => {
    const port = await freePort();
    const plain = spawn('/usr/sbin/nats-server', ['-a', '127.0.0.1', '-p', String(port)], {
      stdio: 'ignore',
    });
    try {
      expect(await waitForPort('127.0.0.1', port, 10_000)).toBe(true);
      const { output } = collector();
      const attempt = ensureInfra({
        repoRoot: repoDir(),
        env: { PATH: process.env.PATH, NATS_URL: `nats://127.0.0.1:${port}` },
        needs: ['nats'],
        output,
      });
      await expect(attempt).rejects.toBeInstanceOf(InfraError);
      await expect(attempt).rejects.toThrow(
        `the NATS server at 127.0.0.1:${port} (NATS_URL) runs without JetStream`,
      );
    } finally {
      plain.kill();
    }
  });

  it('does not start a server for a remote URL', async () => {
    const { output } = collector();
    await expect(
      ensureInfra({
        repoRoot: repoDir(),
        env: { NATS_URL: 'nats://192.0.2.1:4222' },
        needs: ['nats'],
        output,
      }),
    ).rejects.toThrow(/nothing answers at 192\.0\.2\.1:4222 \(NATS_URL\)/);
  });

  it('starts an embedded Postgres once initialised, with the URL user and password, and stops it', async () => {
    const port = await freePort();
    const url = `postgres://postgres:postgres@127.0.0.1:${port}/gavel`;
    const repo = repoDir();
    const { output } = collector();
    const first = await ensureInfra({
      repoRoot: repo,
      env: { DATABASE_URL: url },
      needs: ['postgres'],
      output,
    });
    try {
      expect(first.started).toEqual(['postgres']);
      await ensureDatabase(url);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ db: string }>('SELECT current_database() AS db');
      await client.end();
      expect(rows[0]?.db).toBe('gavel');
    } finally {
      await first.stop();
    }
    expect(await isListening('127.0.0.1', port)).toBe(false);

    // A second start reuses the initialised data folder: the database is still there.
    const second = await ensureInfra({
      repoRoot: repo,
      env: { DATABASE_URL: url },
      needs: ['postgres'],
      output,
    });
    try {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.end();
    } finally {
      await second.stop();
    }
  });
});
