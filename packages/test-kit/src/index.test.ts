import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { eventually, testEnvironment, uniqueName, withDatabase } from './index.js';

describe('test-kit', () => {
  it('makes names safe for databases, subjects and streams', () => {
    const a = uniqueName('t');
    expect(a).toMatch(/^t[0-9a-f]{10}$/);
    expect(uniqueName('t')).not.toBe(a);
  });

  it('swaps the database of a URL', () => {
    expect(withDatabase('postgres://u:p@h:5432/one?x=1', 'two')).toBe('postgres://u:p@h:5432/two?x=1');
  });

  it('gives each file its own database and prefix, and removes the database afterwards', async () => {
    const env = await testEnvironment();
    const other = await testEnvironment();
    expect(env.db.name).not.toBe(other.db.name);
    expect(env.prefix).not.toBe(other.prefix);
    expect(env.env().SUBJECT_PREFIX).toBe(env.prefix);
    const client = new pg.Client({ connectionString: env.db.url });
    await client.connect();
    expect((await client.query('SELECT current_database() AS db')).rows[0].db).toBe(env.db.name);
    await client.end();
    await env.cleanup();
    await other.cleanup();
    const admin = new pg.Client({ connectionString: withDatabase(env.infra.databaseUrl, 'postgres') });
    await admin.connect();
    const left = await admin.query('SELECT 1 FROM pg_database WHERE datname = ANY($1)', [
      [env.db.name, other.db.name],
    ]);
    await admin.end();
    expect(left.rowCount).toBe(0);
  });

  it("removes the file's own JetStream streams and Redis keys, and no one else's", async () => {
    const env = await testEnvironment();
    const other = await testEnvironment();
    const nc = await connect({ servers: env.infra.natsUrl });
    const redis = new Redis(env.infra.redisUrl);
    try {
      const jsm = await jetstreamManager(nc);
      for (const e of [env, other]) {
        await jsm.streams.add({ name: `${e.prefix.toUpperCase()}_EVENTS`, subjects: [`${e.prefix}.evt.>`] });
        await redis.set(`${e.redisPrefix}session:x`, '1');
      }
      await env.cleanup();
      const streams: string[] = [];
      for await (const name of jsm.streams.names()) streams.push(name);
      expect(streams).not.toContain(`${env.prefix.toUpperCase()}_EVENTS`);
      expect(streams).toContain(`${other.prefix.toUpperCase()}_EVENTS`);
      expect(await redis.exists(`${env.redisPrefix}session:x`)).toBe(0);
      expect(await redis.exists(`${other.redisPrefix}session:x`)).toBe(1);
    } finally {
      await other.cleanup();
      redis.disconnect();
      await nc.close();
    }
  });

  it('eventually waits for a condition and reports a timeout', async () => {
    let n = 0;
    expect(await eventually(async () => ++n >= 3 && n)).toBe(3);
    await expect(eventually(async () => false, 100)).rejects.toThrow(/not met within 100 ms/);
  });
});
