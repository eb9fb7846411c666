/**
 * Cost of the cast path without the gateway: the voting service runs as its own process (dist/main.js);
 * this process plays the gateway, N voting members each casting one response through NATS request/reply,
 * C at a time. Also measures a raw Postgres baseline (single-row INSERTs with the same unique key, same
 * concurrency). Needs a build first. Run: npx tsx bench/cast-bench.ts [N] [C]
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SUBJECTS, type TRequestContext, ZCastReply, ZMotionReply, ZVoteReply } from '@gavel/contracts';
import { callService, connectNats, createPrismaClient } from '@gavel/service-kit';
import { testEnvironment } from '@gavel/test-kit';
import { jetstream } from '@nats-io/jetstream';
import pg from 'pg';
import type { z } from 'zod';
import { PrismaClient } from '../src/db/prisma.js';
import { checkIn, type Harness, newWorld } from '../test/support.js';

const N = Number(process.argv[2] ?? 2000);
const C = Number(process.argv[3] ?? 200);
const PORT = 19_104;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function pool<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await fn(items[next++] as T);
    }),
  );
}

const env = await testEnvironment();
const vars = env.env({ HEALTH_PORT: String(PORT), LOG_LEVEL: 'error' });
const profile = process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/voting-prof'] : [];
const child = spawn(
  process.execPath,
  [...profile, fileURLToPath(new URL('../dist/main.js', import.meta.url))],
  {
    env: { ...process.env, ...vars },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
const nc = await connectNats(env.infra.natsUrl, 'voting-bench');
const prisma = createPrismaClient(PrismaClient, { connectionString: env.db.url, schema: 'voting' });
try {
  for (let i = 0; ; i++) {
    const ok = await fetch(`http://127.0.0.1:${PORT}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 200) throw new Error('voting service did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  // Just enough of a harness for the test factories: publish events, read the read models.
  const h = { service: { runtime: { js: jetstream(nc), prefix: env.prefix, prisma } } } as unknown as Harness;
  const w = await newWorld(h, { voters: N, quorum: 1 });
  await checkIn(h, w, w.members);
  const call = <T extends z.ZodType>(subject: string, ctx: TRequestContext, input: unknown, reply: T) =>
    callService(nc, subject, ctx, input, reply, { prefix: env.prefix, timeoutMs: 30_000 });
  const { motion } = await call(
    SUBJECTS.voting.motionCreate,
    w.runner,
    { ...w.base, name: 'Bench motion' },
    ZMotionReply,
  );
  const { vote } = await call(
    SUBJECTS.voting.voteStart,
    w.runner,
    { ...w.base, id: motion.id, duration: 3600 },
    ZVoteReply,
  );
  if (!vote) throw new Error('no vote');
  await new Promise((r) => setTimeout(r, 1000)); // let ANALYZE finish
  const voters = w.members.filter((m) => m.position !== 'Advisor');
  const latencies: number[] = [];
  let failed = 0;
  const t0 = performance.now();
  await pool(voters, C, async (m) => {
    const s = performance.now();
    try {
      await call(
        SUBJECTS.voting.responseCast,
        m.ctx,
        { ...w.base, id: motion.id, voteId: vote.id, vote: 'in_favor' },
        ZCastReply,
      );
    } catch {
      failed++;
    }
    latencies.push(performance.now() - s);
  });
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const recorded = await prisma.response.count({ where: { voteId: vote.id } });

  const db = new pg.Pool({ connectionString: env.db.url, max: 16 });
  await db.query(
    'CREATE TABLE public.bench (vote_id uuid, member_id uuid, response text, UNIQUE (vote_id, member_id, response))',
  );
  const b0 = performance.now();
  await pool(voters, C, async (m) => {
    await db.query('INSERT INTO public.bench VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      vote.id,
      m.membershipId,
      'in_favor',
    ]);
  });
  const baseline = voters.length / ((performance.now() - b0) / 1000);
  await db.end();
  const result = {
    delegates: voters.length,
    concurrency: C,
    recorded,
    failed,
    castsPerSecond: Math.round(voters.length / seconds),
    castP50Ms: Math.round(pct(latencies, 50) * 10) / 10,
    castP99Ms: Math.round(pct(latencies, 99) * 10) / 10,
    baselineInsertsPerSecond: Math.round(baseline),
  };
  console.log(
    JSON.stringify({ ...result, ratio: Math.round((result.castsPerSecond / baseline) * 100) / 100 }, null, 2),
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  await prisma.$disconnect();
  await nc.close();
  await env.cleanup();
}
