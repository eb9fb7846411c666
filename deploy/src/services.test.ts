import { describe, expect, it } from 'vitest';
import {
  buildServiceEnv,
  DEMO_PASSWORD,
  findService,
  infraUrls,
  infraUsedBy,
  launchPlan,
  portsOf,
  readyBanner,
  readyUrl,
  SERVICES,
  type ServiceSpec,
  type StackContext,
} from './services.js';

const ctx: StackContext = {
  repoRoot: '/repo',
  urls: {
    postgres: 'postgres://u:p@127.0.0.1:5433/gavel',
    nats: 'nats://127.0.0.1:4223',
    redis: 'redis://127.0.0.1:6380',
  },
};

describe('infraUrls', () => {
  it('takes each URL from the environment, else the local default', () => {
    expect(infraUrls({ NATS_URL: 'nats://nats:4222', REDIS_URL: '' })).toEqual({
      postgres: 'postgres://postgres:postgres@127.0.0.1:5432/gavel',
      nats: 'nats://nats:4222',
      redis: 'redis://127.0.0.1:6379',
    });
  });
});

describe('buildServiceEnv', () => {
  const identity = findService('identity') as ServiceSpec;
  const gateway = findService('gateway') as ServiceSpec;

  it('passes the URLs of the infrastructure the service uses and its health port', () => {
    const env = buildServiceEnv(identity, ctx, { PATH: '/bin' });
    expect(env).toMatchObject({
      PATH: '/bin',
      DATABASE_URL: ctx.urls.postgres,
      NATS_URL: ctx.urls.nats,
      HEALTH_PORT: '9101',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
    });
    expect(env.REDIS_URL).toBeUndefined();
  });

  it("gives the gateway its HTTP port and the built web app's folder", () => {
    const env = buildServiceEnv(gateway, ctx, {});
    expect(env).toMatchObject({
      NATS_URL: ctx.urls.nats,
      REDIS_URL: ctx.urls.redis,
      HTTP_PORT: '8080',
      HEALTH_PORT: '9100',
      WEB_ROOT: '/repo/web/dist',
    });
  });

  it('lets LOG_LEVEL and NODE_ENV through but never an inherited port or URL', () => {
    const env = buildServiceEnv(gateway, ctx, {
      LOG_LEVEL: 'debug',
      NODE_ENV: 'production',
      HEALTH_PORT: '1',
      HTTP_PORT: '2',
      NATS_URL: 'nats://elsewhere:4222',
      UNSET: undefined,
    });
    expect(env).toMatchObject({
      LOG_LEVEL: 'debug',
      NODE_ENV: 'production',
      HEALTH_PORT: '9100',
      HTTP_PORT: '8080',
    });
    expect(env.NATS_URL).toBe(ctx.urls.nats);
    expect('UNSET' in env).toBe(false);
  });
});

describe('launchPlan', () => {
  it("runs each service's seed after the services before it have started, then starts it (voting's seed once voting runs)", () => {
    const steps = launchPlan(SERVICES).map((s) => `${s.kind} ${s.spec.name}`);
    expect(steps).toEqual([
      'seed identity',
      'start identity',
      'seed committees',
      'start committees',
      'seed meetings',
      'start meetings',
      'start voting',
      'seed voting',
      'start realtime-1',
      'start realtime-2',
      'start gateway',
    ]);
  });
});

describe('SERVICES', () => {
  it('names each service and port once', () => {
    const names = SERVICES.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    const ports = SERVICES.flatMap(portsOf);
    expect(new Set(ports).size).toBe(ports.length);
  });

  it('checks readiness on the health port', () => {
    expect(readyUrl(findService('gateway') as ServiceSpec)).toBe('http://127.0.0.1:9100/readyz');
  });

  it('needs all three pieces of infrastructure between them', () => {
    expect(infraUsedBy(SERVICES).sort()).toEqual(['nats', 'postgres', 'redis']);
    expect(infraUsedBy([findService('gateway') as ServiceSpec])).toEqual(['nats', 'redis']);
  });
});

describe('readyBanner', () => {
  it('shows where to sign in and the demo logins', () => {
    const text = readyBanner(['http://localhost:8080']);
    expect(text).toContain('http://localhost:8080');
    expect(text).toContain('admin@demo.gavel.test');
    expect(text).toContain('member12@demo.gavel.test');
    expect(text).toContain(DEMO_PASSWORD);
  });
});
