/**
 * The Kubernetes manifests under deploy/ (docs/architecture.md §9 "Kubernetes"): valid against the
 * Kubernetes API schemas (scripts/check-manifests.mts, the `kubernetes-models` package), and saying
 * what an operator relies on: probes on /healthz and /readyz, resource requests and a memory limit,
 * a non-root read-only container pinned by digest, settings from a ConfigMap and a Secret, Redis
 * over TLS, an autoscaler with at least two pods, a disruption budget, a NetworkPolicy that lets
 * in only the ingress controller and lets out only DNS, Redis and HTTPS to public addresses, and a
 * grace period the shop's stop fits in (server/http/shutdown.ts), as does compose's.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse, parseAllDocuments, type Document } from 'yaml';
import { loadConfig } from '../../server/config';
import { shutdownBudget } from '../../server/http/shutdown';

/** A parsed manifest, as the yaml package gives it (untyped JSON). */
type Manifest = ReturnType<Document['toJS']>;

const ROOT = path.resolve(__dirname, '..', '..');
const DEPLOY = path.join(ROOT, 'deploy');

/** Runs the checker on `folder`: its exit code and output. */
function check(folder: string): { code: number; out: string } {
  try {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/check-manifests.mts', folder], { cwd: ROOT, encoding: 'utf8' });
    return { code: 0, out };
  } catch (err) {
    const e = err as { status: number; stdout: string };
    return { code: e.status, out: e.stdout };
  }
}

/** Every document under deploy/, by `Kind/name`. */
function manifests(): Record<string, Manifest> {
  const all: Record<string, Manifest> = {};
  for (const file of readdirSync(DEPLOY).filter((f) => f.endsWith('.yaml'))) {
    for (const doc of parseAllDocuments(readFileSync(path.join(DEPLOY, file), 'utf8'))) {
      const m = doc.toJS();
      all[`${m.kind}/${m.metadata.name}`] = m;
    }
  }
  return all;
}

test('every manifest under deploy/ is valid against the Kubernetes schemas', () => {
  const { code, out } = check('deploy');
  expect(out).not.toMatch(/^bad /m);
  expect(code).toBe(0);
  for (const kind of ['Deployment', 'Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'ConfigMap', 'Secret', 'NetworkPolicy']) {
    expect(out).toMatch(new RegExp(`^ok .* ${kind}/`, 'm'));
  }
});

test('the checker rejects a manifest the API server would reject, and a kind it has no schema for', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'manifests-'));
  try {
    const deployment = readFileSync(path.join(DEPLOY, 'deployment.yaml'), 'utf8');
    writeFileSync(path.join(dir, 'deployment.yaml'), deployment.replace('containerPort: 3000', "containerPort: 'http-port'"));
    writeFileSync(path.join(dir, 'pod.yaml'), 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n');
    const policy = readFileSync(path.join(DEPLOY, 'networkpolicy.yaml'), 'utf8');
    writeFileSync(path.join(dir, 'networkpolicy.yaml'), policy.replace('cidr: 0.0.0.0/0', 'cidrs: 0.0.0.0/0'));
    const { code, out } = check(dir);
    expect(code).toBe(1);
    expect(out).toMatch(/^bad .*deployment\.yaml +Deployment\/storefront: .*containerPort must be integer/m);
    expect(out).toMatch(/^bad .*networkpolicy\.yaml +NetworkPolicy\/storefront: .*ipBlock must have required property cidr/m);
    expect(out).toMatch(/^bad .*pod\.yaml +Pod\/x: no schema/m);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the Deployment probes /healthz and /readyz, bounds memory, runs non-root and read-only, pins its image by digest, reads a ConfigMap and a Secret', () => {
  const m = manifests();
  const pod = m['Deployment/storefront'].spec.template.spec;
  const [container] = pod.containers;
  expect(container.livenessProbe.httpGet.path).toBe('/healthz');
  expect(container.readinessProbe.httpGet.path).toBe('/readyz');
  expect(container.resources.requests).toEqual(expect.objectContaining({ cpu: expect.any(String), memory: expect.any(String) }));
  expect(container.resources.limits.memory).toEqual(expect.any(String));
  expect(pod.securityContext.runAsNonRoot).toBe(true);
  expect(container.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
  // A digest (the release writes it in place of the placeholder), never a tag that can move.
  expect(container.image).toMatch(/^[^@:]+(?::\d+)?\/[^@:]+@sha256:(?:<digest>|[0-9a-f]{64})$/);
  expect(container.envFrom).toEqual([{ configMapRef: { name: 'storefront' } }, { secretRef: { name: 'storefront' } }]);
  expect(m['ConfigMap/storefront'].data.TRUSTED_PROXY_HOPS).toBe('1');
  // Redis over TLS, named as its certificate names it (no cluster alias).
  expect(m['Secret/storefront'].stringData.REDIS_URL).toMatch(/^rediss:\/\/:[^@]+@[a-z0-9.-]+\.[a-z]+:\d+\/\d+$/);
});

test('the NetworkPolicy lets in only the ingress controller, to the shop port; lets out only DNS, Redis and HTTPS to public addresses', () => {
  const m = manifests();
  const policy = m['NetworkPolicy/storefront'].spec;
  const deployment = m['Deployment/storefront'].spec.template.spec;
  expect(policy.podSelector.matchLabels).toEqual(m['Deployment/storefront'].spec.template.metadata.labels);
  expect(policy.policyTypes).toEqual(['Ingress', 'Egress']);
  // In: one rule, from one namespace, to the container's port.
  expect(policy.ingress).toEqual([
    {
      from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': expect.any(String) } } }],
      ports: [{ protocol: 'TCP', port: deployment.containers[0].ports[0].containerPort }],
    },
  ]);
  // Out: DNS to kube-dns, Redis to its address on REDIS_URL's port, 443 to public addresses.
  const [dns, redis, https, ...more] = policy.egress;
  expect(more).toEqual([]);
  expect(dns.to).toEqual([
    { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } }, podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } } },
  ]);
  expect(dns.ports).toEqual([
    { protocol: 'UDP', port: 53 },
    { protocol: 'TCP', port: 53 },
  ]);
  const redisPort = Number(new URL(m['Secret/storefront'].stringData.REDIS_URL).port);
  expect(redis.ports).toEqual([{ protocol: 'TCP', port: redisPort }]);
  expect(redis.to).toEqual([{ ipBlock: { cidr: expect.stringMatching(/^[\d.]+\/\d+$/) } }]);
  expect(https.ports).toEqual([{ protocol: 'TCP', port: 443 }]);
  expect(https.to).toEqual([{ ipBlock: { cidr: '0.0.0.0/0', except: expect.any(Array) } }]);
  // Never the private ranges, loopback, carrier-grade NAT or the cloud metadata address.
  expect(https.to[0].ipBlock.except).toEqual(
    expect.arrayContaining(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', '169.254.0.0/16', '127.0.0.0/8']),
  );
});

test('the autoscaler keeps at least two pods, the disruption budget one, and both select the Deployment', () => {
  const m = manifests();
  const labels = m['Deployment/storefront'].spec.template.metadata.labels;
  expect(m['HorizontalPodAutoscaler/storefront'].apiVersion).toBe('autoscaling/v2');
  expect(m['HorizontalPodAutoscaler/storefront'].spec).toMatchObject({ scaleTargetRef: { kind: 'Deployment', name: 'storefront' }, minReplicas: 2 });
  expect(m['PodDisruptionBudget/storefront'].spec).toMatchObject({ minAvailable: 1, selector: { matchLabels: labels } });
  expect(m['Service/storefront'].spec.selector).toEqual(labels);
});

/**
 * The stop's budget (server/http/shutdown.ts) with the two settings it depends on as `env` gives
 * them (absent: the defaults), read by the shop's own config over the deploy/ settings.
 */
function stopBudgetMs(env: Record<string, string | number | undefined>): number {
  const m = manifests();
  const base = { NODE_ENV: 'production', ...m['ConfigMap/storefront'].data, ...m['Secret/storefront'].stringData };
  for (const name of ['REQUEST_DEADLINE_MS', 'SHUTDOWN_DRAIN_MS']) delete base[name];
  const settings = Object.fromEntries(
    ['REQUEST_DEADLINE_MS', 'SHUTDOWN_DRAIN_MS'].flatMap((name) => (env[name] === undefined ? [] : [[name, String(env[name])]])),
  );
  return shutdownBudget(loadConfig({ ...base, ...settings })).exitByMs;
}

test("the pod's grace period covers the preStop sleep and the longest the shop's stop may take; compose's grace covers it too", () => {
  const m = manifests();
  const pod = m['Deployment/storefront'].spec.template.spec;
  const preStopMs = pod.containers[0].lifecycle.preStop.sleep.seconds * 1000;
  expect(preStopMs + stopBudgetMs(m['ConfigMap/storefront'].data)).toBeLessThanOrEqual(pod.terminationGracePeriodSeconds * 1000);
  // docker compose stop: SIGTERM, then SIGKILL after stop_grace_period (default 10 s); no preStop.
  const web = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8')).services.web;
  const grace = /^(\d+)s$/.exec(web.stop_grace_period ?? '10s');
  expect(Number(grace?.[1]) * 1000).toBeGreaterThanOrEqual(stopBudgetMs(web.environment));
});

test("compose publishes the shop on this machine's loopback unless told otherwise, and tells the shop where it is published", () => {
  const services = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8')).services;
  // Only nginx is published; the web replicas and Redis are reachable inside the compose network only.
  const published = Object.entries(services as Record<string, { ports?: string[] }>).filter(([, s]) => s.ports?.length);
  expect(published.map(([name]) => name)).toEqual(['nginx']);
  // `${VAR:-default}` as compose expands it when VAR is unset.
  const unset = (value: string) => value.replace(/\$\{(\w+):-([^}]*)\}/g, (_, _name: string, fallback: string) => fallback);
  expect(services.nginx.ports.map(unset)).toEqual(['127.0.0.1:3000:80']);
  // The shop decides who may see the local inbox from the same address (server/http/loopback.ts).
  expect(unset(services.web.environment.LOCAL_PUBLISHED_ADDRESS)).toBe('127.0.0.1');
  expect(services.web.environment.LOCAL_PUBLISHED_ADDRESS).toBe(services.nginx.ports[0].split(':3000')[0]);
});
