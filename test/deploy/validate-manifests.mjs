// Validates every document under k8s/ with kubernetes-models (ESM-only, so it runs as its
// own Node process). Prints one JSON line: {"checked": N, "errors": [...]}.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { apps, autoscaling, batch, policy, v1 } from 'kubernetes-models';
import { ScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';

const dir = process.argv[2];
const models = {
  Deployment: apps.v1.Deployment,
  Service: v1.Service,
  ConfigMap: v1.ConfigMap,
  Secret: v1.Secret,
  Namespace: v1.Namespace,
  Job: batch.v1.Job,
  PodDisruptionBudget: policy.v1.PodDisruptionBudget,
  HorizontalPodAutoscaler: autoscaling.v2.HorizontalPodAutoscaler,
  ScaledObject,
};
let checked = 0;
const errors = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')) {
  for (const doc of parseAllDocuments(readFileSync(join(dir, file), 'utf8'))) {
    const obj = doc.toJS();
    if (!obj) continue;
    const Model = models[obj.kind];
    if (!Model) {
      errors.push(`${file}: ${obj.kind}: no schema to check it against`);
      continue;
    }
    try {
      new Model(obj).validate();
      checked++;
    } catch (e) {
      errors.push(`${file}: ${obj.kind}/${obj.metadata?.name}: ${e.message}`);
    }
  }
}
process.stdout.write(JSON.stringify({ checked, errors }) + '\n');
