/**
 * `npm run check:manifests [folder…]`: validates every Kubernetes manifest (`*.yaml`, several
 * documents per file allowed) in the folders (default `deploy/`) against the Kubernetes API
 * schemas of the `kubernetes-models` package, by `apiVersion` and `kind`.
 *
 * Output: one line per document (`ok  file  Kind/name` or `bad file  Kind/name: reason`).
 * Exit code 0 when every document is valid, 1 otherwise (an unknown kind is invalid too: a
 * manifest nobody can check is not accepted). Run by tests/deploy/manifests.test.ts in CI.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { parseAllDocuments } from 'yaml';

/** The kinds deploy/ uses, by `apiVersion kind`; each model's `validate()` throws on a schema error. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1 Deployment': Deployment,
  'autoscaling/v2 HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1 NetworkPolicy': NetworkPolicy,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
  'v1 ConfigMap': ConfigMap,
  'v1 Secret': Secret,
  'v1 Service': Service,
};

type Manifest = { apiVersion?: unknown; kind?: unknown; metadata?: { name?: unknown } };

/** Problems of one parsed document, empty when it is valid. */
function problems(doc: Manifest): string[] {
  const model = MODELS[`${String(doc.apiVersion)} ${String(doc.kind)}`];
  if (!model) return [`no schema for apiVersion ${String(doc.apiVersion)} kind ${String(doc.kind)}`];
  try {
    new model(doc as never).validate();
    return [];
  } catch (err) {
    return [err instanceof Error ? err.message : String(err)];
  }
}

function main(): void {
  const folders = process.argv.slice(2);
  let bad = 0;
  for (const folder of folders.length ? folders : ['deploy']) {
    for (const file of readdirSync(folder)
      .filter((f) => /\.ya?ml$/.test(f))
      .sort()) {
      const where = path.join(folder, file);
      for (const document of parseAllDocuments(readFileSync(where, 'utf8'))) {
        const doc = document.toJS() as Manifest | null;
        if (doc === null) continue;
        const found = document.errors.length ? document.errors.map((e) => e.message) : problems(doc);
        const name = `${String(doc.kind)}/${String(doc.metadata?.name)}`;
        if (found.length) bad += 1;
        process.stdout.write(found.length ? `bad ${where}  ${name}: ${found.join('; ')}\n` : `ok  ${where}  ${name}\n`);
      }
    }
  }
  process.exit(bad ? 1 : 0);
}

main();
