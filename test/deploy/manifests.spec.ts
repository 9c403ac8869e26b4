import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PATH_METADATA } from '@nestjs/common/constants';
import { parse, parseAllDocuments } from 'yaml';
import { HealthController } from '@app/persistence';
import { CONFIG_KEYS } from '@app/platform';

const ROOT = join(__dirname, '..', '..');
const APPS = [
  'gateway',
  'orchestrator',
  'understanding-worker',
  'retrieval-worker',
  'generation-worker',
  'verification-worker',
];
type Obj = Record<string, unknown> & { kind: string; metadata: { name: string } };

function k8sDocs(): Obj[] {
  return readdirSync(join(ROOT, 'k8s'))
    .filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')
    .flatMap((f) => parseAllDocuments(readFileSync(join(ROOT, 'k8s', f), 'utf8')).map((d) => d.toJS() as Obj))
    .filter(Boolean);
}

/** The routes the health controller really serves. */
function healthRoutes(): string[] {
  const proto = HealthController.prototype as unknown as Record<string, unknown>;
  return Object.getOwnPropertyNames(proto)
    .map((m) => Reflect.getMetadata(PATH_METADATA, proto[m] as object) as string | undefined)
    .filter((p): p is string => !!p && p !== '/')
    .map((p) => `/${p}`);
}

describe('Kubernetes manifests (parsed and schema-checked; no cluster here)', () => {
  const docs = k8sDocs();

  it('validate against the Kubernetes and KEDA schemas (kubernetes-models, @kubernetes-models/keda)', () => {
    const out = execFileSync(process.execPath, [join(__dirname, 'validate-manifests.mjs'), join(ROOT, 'k8s')], {
      encoding: 'utf8',
    });
    const result = JSON.parse(out) as { checked: number; errors: string[] };
    expect(result.errors).toEqual([]);
    expect(result.checked).toBe(docs.length);
    expect(result.checked).toBeGreaterThan(20);
  });

  it('the validator does reject a broken manifest', () => {
    const dir = mkdtempSync(join(tmpdir(), 'k8s-bad-'));
    writeFileSync(
      join(dir, 'bad.yaml'),
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: x\nspec:\n  replicas: "two"\n',
    );
    const out = execFileSync(process.execPath, [join(__dirname, 'validate-manifests.mjs'), dir], { encoding: 'utf8' });
    expect((JSON.parse(out) as { errors: string[] }).errors).toHaveLength(1);
  });

  it('has a Deployment, Service and PodDisruptionBudget per app, and a KEDA ScaledObject per worker', () => {
    for (const app of APPS) {
      for (const kind of ['Deployment', 'Service', 'PodDisruptionBudget'])
        expect(docs.some((d) => d.kind === kind && d.metadata.name === app)).toBe(true);
      if (app.endsWith('-worker')) {
        const so = docs.find((d) => d.kind === 'ScaledObject' && d.metadata.name === app) as unknown as {
          spec: { triggers: { metadata: { listName: string } }[] };
        };
        expect(so.spec.triggers[0].metadata.listName).toBe(`duocthu:${app.replace('-worker', '')}:wait`);
      }
    }
    expect(
      docs
        .filter((d) => d.kind === 'HorizontalPodAutoscaler')
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual(['gateway', 'orchestrator']);
  });

  it('probes point at routes the apps serve; grace period is above the 65 s turn ceiling; containers run as non-root on a read-only root', () => {
    const routes = healthRoutes();
    expect(routes.sort()).toEqual(['/health', '/ready']);
    for (const d of docs.filter((x) => x.kind === 'Deployment')) {
      const spec = (d as unknown as { spec: { template: { spec: Record<string, any> } } }).spec.template.spec; // eslint-disable-line @typescript-eslint/no-explicit-any
      expect(spec.terminationGracePeriodSeconds).toBeGreaterThan(65);
      expect(spec.securityContext.runAsNonRoot).toBe(true);
      const c = spec.containers[0];
      expect(c.securityContext.readOnlyRootFilesystem).toBe(true);
      expect(c.command).toEqual(['node', `dist/apps/${d.metadata.name}/main.js`]);
      for (const probe of ['livenessProbe', 'readinessProbe']) expect(routes).toContain(c[probe].httpGet.path);
      expect(c.livenessProbe.httpGet.path).toBe('/health');
      expect(c.readinessProbe.httpGet.path).toBe('/ready');
    }
  });

  it('sets only environment variables the config schema knows', () => {
    const keys = new Set<string>(CONFIG_KEYS);
    for (const d of docs) {
      if (d.kind === 'ConfigMap' || d.kind === 'Secret') {
        const data = (d.data ?? d.stringData) as Record<string, string>;
        for (const k of Object.keys(data)) expect(keys.has(k) ? k : `unknown ${k}`).toBe(k);
      }
      if (d.kind === 'Deployment') {
        const env = (d as unknown as { spec: { template: { spec: { containers: { env: { name: string }[] }[] } } } })
          .spec.template.spec.containers[0].env;
        for (const e of env) expect(keys.has(e.name) ? e.name : `unknown ${e.name}`).toBe(e.name);
      }
    }
  });

  it('kustomization lists every manifest but the secret example', () => {
    const k = parse(readFileSync(join(ROOT, 'k8s', 'kustomization.yaml'), 'utf8')) as { resources: string[] };
    const files = readdirSync(join(ROOT, 'k8s')).filter(
      (f) => f.endsWith('.yaml') && !['kustomization.yaml', 'secret.example.yaml'].includes(f),
    );
    expect([...k.resources].sort()).toEqual(files.sort());
  });
});

describe('docker-compose.yml (parsed; no Docker engine here)', () => {
  const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, { command?: string[]; environment?: Record<string, string>; healthcheck?: unknown }>;
  };

  it('runs postgres, redis with noeviction, a one-shot migrate and every app from one image', () => {
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['postgres', 'redis', 'migrate', ...APPS]));
    expect(compose.services.redis.command).toEqual(expect.arrayContaining(['--maxmemory-policy', 'noeviction']));
    for (const app of APPS) {
      expect(compose.services[app].command).toEqual(['node', `dist/apps/${app}/main.js`]);
      expect(compose.services[app].healthcheck).toBeDefined();
    }
  });

  it('sets only environment variables the config schema knows', () => {
    const keys = new Set<string>(CONFIG_KEYS);
    for (const [name, s] of Object.entries(compose.services)) {
      if (['postgres', 'redis'].includes(name)) continue;
      for (const k of Object.keys(s.environment ?? {})) expect(keys.has(k) ? k : `unknown ${k} in ${name}`).toBe(k);
    }
  });
});
