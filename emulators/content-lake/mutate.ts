/**
 * Sanity's mutations (`POST /v{apiVersion}/data/mutate/{dataset}` with `{ mutations: [...] }`), the
 * subset an editor's change needs in local mode and tests: `create`, `createOrReplace`,
 * `createIfNotExists`, `delete` `{ id }`, and `patch` `{ id, set?, unset? }` with dotted paths
 * (`title`, `slug.current`). Applied to the in-memory dataset in order, all or nothing; the
 * answer is Sanity's `{ transactionId, results: [{ id, operation }] }`. Nothing is written to disk.
 */
import { randomUUID } from 'node:crypto';
import type { SanityDocument } from './dataset';
import { badRequest } from './errors';

export type MutationResult = { transactionId: string; results: { id: string; operation: 'create' | 'update' | 'delete' | 'none' }[] };

type Patch = { id?: unknown; set?: unknown; unset?: unknown };

/**
 * Apply `body.mutations` to `byId` (id → document). @throws 400 (Sanity's `httpBadRequest`) for a
 * malformed mutation, a `create` of an existing id or a `patch` of a missing one.
 */
export function applyMutations(byId: Map<string, SanityDocument>, body: unknown): MutationResult {
  const mutations = (body as { mutations?: unknown } | null)?.mutations;
  if (!Array.isArray(mutations)) throw badRequest('"mutations" must be an array');
  const next = new Map(byId);
  const results: MutationResult['results'] = [];
  for (const mutation of mutations as Record<string, unknown>[]) {
    const [kind, arg] = Object.entries(mutation ?? {})[0] ?? [];
    if (kind === 'create' || kind === 'createOrReplace' || kind === 'createIfNotExists') {
      const doc = arg as SanityDocument;
      if (typeof doc?._id !== 'string' || typeof doc._type !== 'string') throw badRequest(`${kind}: a document needs string _id and _type`);
      const exists = next.has(doc._id);
      if (kind === 'create' && exists) throw badRequest(`Document by ID "${doc._id}" already exists`);
      if (kind === 'createIfNotExists' && exists) {
        results.push({ id: doc._id, operation: 'none' });
        continue;
      }
      next.set(doc._id, { ...doc, _updatedAt: new Date().toISOString() });
      results.push({ id: doc._id, operation: exists ? 'update' : 'create' });
    } else if (kind === 'delete') {
      const id = (arg as { id?: unknown })?.id;
      if (typeof id !== 'string') throw badRequest('delete: "id" is required');
      next.delete(id);
      results.push({ id, operation: 'delete' });
    } else if (kind === 'patch') {
      const { id, set, unset } = (arg ?? {}) as Patch;
      const doc = typeof id === 'string' ? next.get(id) : undefined;
      if (!doc || typeof id !== 'string') throw badRequest(`patch: document "${String(id)}" not found`);
      const patched = structuredClone(doc);
      for (const [path, value] of Object.entries((set ?? {}) as Record<string, unknown>)) setPath(patched, path, value);
      for (const path of Array.isArray(unset) ? (unset as unknown[]) : []) if (typeof path === 'string') setPath(patched, path, undefined);
      next.set(id, { ...patched, _updatedAt: new Date().toISOString() });
      results.push({ id, operation: 'update' });
    } else {
      throw badRequest(`Unsupported mutation "${String(kind)}"`);
    }
  }
  byId.clear();
  for (const [id, doc] of next) byId.set(id, doc);
  return { transactionId: randomUUID(), results };
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  const last = parts[parts.length - 1];
  if (value === undefined) delete node[last];
  else node[last] = value;
}
